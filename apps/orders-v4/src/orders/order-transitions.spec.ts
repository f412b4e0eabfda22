import { ORDER_STATUSES } from '@platform/contracts';
import { canMove } from '@platform/persistence';
import { ORDER_MOVES, orderChange, type OrderUpdate } from './order-transitions';

describe('order moves', () => {
  const allowed = (move: OrderUpdate['move']) => ORDER_STATUSES.filter((status) => canMove(ORDER_MOVES, move, status));

  it('moves nothing out of paid, and out of failed only a late confirmation', () => {
    for (const move of Object.keys(ORDER_MOVES) as OrderUpdate['move'][]) {
      expect(canMove(ORDER_MOVES, move, 'paid')).toBe(false);
      expect(canMove(ORDER_MOVES, move, 'failed')).toBe(move === 'confirm_late');
    }
  });

  it('awaits the bank only from the customer steps and pays a hosted card only from the page or a pending lookup', () => {
    expect(allowed('await_bank')).toEqual(['requires_action', 'requires_hosted']);
    expect(allowed('pay_hosted')).toEqual(['requires_hosted', 'pending']);
    expect(allowed('confirm_late')).toEqual(['pending', 'failed']);
  });

  it('numbers the parameters of each SET clause from the first one given', () => {
    const card = { holder_name: 'A B', bin: '435509', last_four: '4242', network: null, program: null, issuer_bank_name: null };
    expect(orderChange({ move: 'await_bank' }, 5)).toEqual({ set: 'status = $5, bank_page = NULL', values: ['pending'] });
    expect(orderChange({ move: 'pay_hosted', card }, 5)).toEqual({
      set: 'status = $5, card = $6, completed_at = now(), bank_page = NULL, attempt_card = NULL',
      values: ['paid', JSON.stringify(card)],
    });
    expect(orderChange({ move: 'fail', failure_reason_code: 'payment_timed_out' }, 5).values).toEqual(['failed', 'payment_timed_out']);
    expect(orderChange({ move: 'confirm_late' }, 5).values).toEqual(['paid', null]);
  });
});
