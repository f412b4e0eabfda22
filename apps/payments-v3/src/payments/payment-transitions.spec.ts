import { canMove } from '@platform/persistence';
import { PAYMENT_MOVES } from './payment-transitions';

describe('payment moves', () => {
  it('moves only a created payment; a failed attempt leaves its status as it is', () => {
    for (const move of ['pay', 'record_failure', 'expire'] as const) {
      expect((['created', 'paid', 'expired'] as const).filter((status) => canMove(PAYMENT_MOVES, move, status))).toEqual(['created']);
    }
    expect(PAYMENT_MOVES.record_failure.to).toBeNull();
  });
});
