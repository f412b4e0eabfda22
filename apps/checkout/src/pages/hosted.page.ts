import type { OrderRecord } from '@platform/contracts';
import { attemptMessage, cardFormPage } from './card-form.page';

/** The Direct API hosted card form. */
export function hostedPage(input: { order: OrderRecord; merchantName: string; csrf: string; action: string; attemptFailure?: string | null }): string {
  const { order } = input;
  return cardFormPage({
    merchantName: input.merchantName,
    reference: `Sipariş ${order.order_code}`,
    amount: order.amount,
    currency: order.currency,
    csrf: input.csrf,
    action: input.action,
    notice: input.attemptFailure ? attemptMessage(input.attemptFailure) : null,
  });
}
