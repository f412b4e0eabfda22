import { WITHDRAWAL_STATUSES } from '@platform/contracts';
import { canMove } from '@platform/persistence';
import { WITHDRAWAL_MOVES, withdrawalChange } from './withdrawal-transitions';

describe('withdrawal moves', () => {
  it('sends or rejects only a requested withdrawal', () => {
    for (const move of ['send', 'reject'] as const) {
      expect(WITHDRAWAL_STATUSES.filter((status) => canMove(WITHDRAWAL_MOVES, move, status))).toEqual(['requested']);
    }
  });

  it('keeps the hash of a sent withdrawal and the reason of a rejected one', () => {
    expect(withdrawalChange({ move: 'send', tx_hash: 'ab'.repeat(32) })).toEqual({ status: 'sent', tx_hash: 'ab'.repeat(32), rejection_reason: null });
    expect(withdrawalChange({ move: 'reject', rejection_reason: 'address on a sanctions list' })).toEqual({
      status: 'rejected',
      tx_hash: null,
      rejection_reason: 'address on a sanctions list',
    });
  });
});
