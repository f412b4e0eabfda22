import type { OrderStatus } from '@platform/contracts';
import type { MoveTable } from '@platform/persistence';
import type { CardSummary } from './order.repository';

/**
 * The moves of an order, each with what it sets: the bank's answer is awaited, the order is
 * paid or failed (keeping a hosted card the bank had), or a failed or pending order is
 * confirmed paid late by an operator. Nothing leaves `paid`.
 */
export type OrderUpdate =
  | { move: 'await_bank' }
  | { move: 'pay' }
  | { move: 'pay_hosted'; card: CardSummary }
  /** No reason: the order expired with no payment attempted on it (a hosted page nobody paid on). */
  | { move: 'fail'; failure_reason_code: string | null }
  | { move: 'confirm_late' };

export const ORDER_MOVES: MoveTable<OrderStatus, OrderUpdate> = {
  await_bank: { from: ['requires_action', 'requires_hosted'], to: 'pending' },
  pay: { from: ['requires_action', 'requires_hosted', 'pending'], to: 'paid' },
  pay_hosted: { from: ['requires_hosted', 'pending'], to: 'paid' },
  fail: { from: ['requires_action', 'requires_hosted', 'pending'], to: 'failed' },
  confirm_late: { from: ['failed', 'pending'], to: 'paid' },
};

/** The SET clause of a move, its parameters numbered from `first`. */
export function orderChange(update: OrderUpdate, first: number): { set: string; values: unknown[] } {
  const status = ORDER_MOVES[update.move].to;
  const completes = `completed_at = now(), bank_page = NULL, attempt_card = NULL`;
  switch (update.move) {
    case 'await_bank':
      return { set: `status = $${first}, bank_page = NULL`, values: [status] };
    case 'pay_hosted':
      return { set: `status = $${first}, card = $${first + 1}, ${completes}`, values: [status, JSON.stringify(update.card)] };
    // A hosted card the bank left pending is the card of the result, whoever closes the order: the bank's
    // answer, the sandbox result endpoint or an operator's late confirmation (SET reads the row as it was).
    case 'pay':
    case 'confirm_late':
    case 'fail': {
      const reason = update.move === 'fail' ? update.failure_reason_code : null;
      return { set: `status = $${first}, failure_reason_code = $${first + 1}, card = coalesce(card, attempt_card), ${completes}`, values: [status, reason] };
    }
  }
}
