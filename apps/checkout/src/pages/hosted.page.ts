import type { OrderRecord } from '@platform/contracts';
import { attemptMessage, cardFormPage } from './card-form.page';

/**
 * The Direct API hosted card form. On a page a merchant may frame the form posts to the whole
 * window: the bank's 3-D Secure page refuses frames, and the spec sends the whole page to the
 * return address when the payment ends.
 */
export function hostedPage(input: {
  order: OrderRecord;
  merchantName: string;
  csrf: string;
  action: string;
  attemptFailure?: string | null;
  framable?: boolean;
}): string {
  const { order } = input;
  return cardFormPage({
    merchantName: input.merchantName,
    reference: `Sipariş ${order.order_code}`,
    amount: order.amount,
    currency: order.currency,
    csrf: input.csrf,
    action: input.action,
    target: input.framable ? '_top' : null,
    notice: input.attemptFailure ? attemptMessage(input.attemptFailure) : null,
  });
}
