import type { MoveTable } from '@platform/persistence';
import type { PaymentRow } from './payment.repository';

/**
 * The moves of a payment, each with what it sets: a card pays it, a failed attempt is
 * counted on it (the status stays), the expiry sweep expires it. Only a created payment moves.
 */
export type PaymentUpdate =
  { move: 'pay'; card: NonNullable<PaymentRow['card']>; paid_at: Date } | { move: 'record_failure'; reason_code: string } | { move: 'expire' };

export const PAYMENT_MOVES: MoveTable<PaymentRow['status'], PaymentUpdate> = {
  pay: { from: ['created'], to: 'paid' },
  record_failure: { from: ['created'], to: null },
  expire: { from: ['created'], to: 'expired' },
};
