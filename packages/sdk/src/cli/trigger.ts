import { randomUUID } from 'node:crypto';
import type { CardPlatform } from '../client.js';
import { isApiError } from '../errors.js';
import { TEST_CARDS, answerOrderChallenge, payOnPaymentPage } from '../sandbox-customer.js';
import type { Order, Payment } from '../types.js';
import { UsageError } from './config.js';
import { until, type Output } from './output.js';

export const TRIGGERS = ['payment.paid', 'payment.failed', 'payment.refunded', 'checkout.order.succeeded', 'checkout.order.failed', 'dispute'] as const;
export type Trigger = (typeof TRIGGERS)[number];

interface Triggered {
  event: Trigger;
  payment_code?: string;
  merchant_order_id?: string;
  refund_id?: string;
  dispute_id?: string;
}

/** A sandbox payment paid on its page with the success test card, as a customer would. */
async function paidPayment(client: CardPlatform, out: Output): Promise<Payment> {
  const { data: payment } = await client.payments.create({ amount: '10.00', currency_code: 'TRY', merchant_reference: `trigger-${randomUUID().slice(0, 8)}` });
  out.say(`payment ${payment.code} created; paying it with test card ${TEST_CARDS.success}`);
  await payOnPaymentPage(payment.payment_url, TEST_CARDS.success, 'success');
  return out.waiting(`waiting for ${payment.code} to be paid`, () =>
    until(
      () => client.payments.get(payment.code),
      (p) => p.status === 'paid',
    ),
  );
}

/** A direct sandbox order with a test card, its 3-D Secure screen answered as `threeDs` says. */
async function directOrder(client: CardPlatform, out: Output, threeDs: 'success' | 'failure'): Promise<Order> {
  const id = `trigger-${randomUUID().slice(0, 8)}`;
  const { data: order } = await client.orders.create({
    merchant_order_id: id,
    amount: '10.00',
    card: { holder_name: 'Test Customer', number: TEST_CARDS.success, expiry_month: '12', expiry_year: '30', cvv: '123' },
  });
  if (!order.redirect_url) throw new Error(`order ${id} answered ${order.status} without a 3-D Secure address`);
  out.say(`order ${id} created; answering its 3-D Secure screen with ${threeDs}`);
  await answerOrderChallenge(order.redirect_url, threeDs);
  const final = threeDs === 'success' ? 'paid' : 'failed';
  return out.waiting(`waiting for ${id} to be ${final}`, () =>
    until(
      () => client.orders.get(id),
      (o) => o.status === final,
    ),
  );
}

/**
 * Makes the sandbox send `event` by doing what a customer and the merchant would: create,
 * pay on the page with a test card, refund, dispute. The webhook follows to the environment's
 * address, and to every `listen` session.
 */
export async function trigger(client: CardPlatform, event: string | undefined, out: Output): Promise<void> {
  if (!TRIGGERS.includes(event as Trigger)) throw new UsageError(`trigger one of: ${TRIGGERS.join(', ')}`);
  const done = (result: Triggered) =>
    out.result(
      result,
      (r: Triggered) =>
        `triggered ${r.event}: ${Object.entries(r)
          .filter(([k]) => k !== 'event')
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`,
    );
  switch (event as Trigger) {
    case 'payment.paid':
      return done({ event: 'payment.paid', payment_code: (await paidPayment(client, out)).code });
    case 'payment.failed': {
      const { data: payment } = await client.payments.create({ amount: '10.00', currency_code: 'TRY' });
      out.say(`payment ${payment.code} created; paying it with test card ${TEST_CARDS.insufficientFunds} (insufficient funds)`);
      await payOnPaymentPage(payment.payment_url, TEST_CARDS.insufficientFunds, 'success');
      await out.waiting('waiting for the failed attempt', () =>
        until(
          () => client.payments.get(payment.code),
          (p) => p.failure !== null,
        ),
      );
      return done({ event: 'payment.failed', payment_code: payment.code });
    }
    case 'payment.refunded': {
      const payment = await paidPayment(client, out);
      // The refund needs the payment booked in the balance; until then the answer says to repeat it.
      const refund = await out.waiting('refunding it once it is booked', () =>
        until(
          () =>
            client.refunds
              .create({ payment_code: payment.code, operation_type: 'refund', reason: 'card-platform trigger' }, { sandboxScenario: 'completed' })
              .catch((error: unknown) => {
                if (isApiError(error) && (error.retryClass === 'retry_unchanged' || error.code === '9000020')) return undefined;
                throw error;
              }),
          (answer) => answer !== undefined,
        ),
      );
      return done({ event: 'payment.refunded', payment_code: payment.code, refund_id: refund!.id });
    }
    case 'checkout.order.succeeded':
      return done({ event: 'checkout.order.succeeded', merchant_order_id: (await directOrder(client, out, 'success')).merchant_order_id });
    case 'checkout.order.failed':
      return done({ event: 'checkout.order.failed', merchant_order_id: (await directOrder(client, out, 'failure')).merchant_order_id });
    case 'dispute': {
      const payment = await paidPayment(client, out);
      const dispute = await client.sandbox.createDispute({ payment_code: payment.code, reason: 'fraud', scenario: 'open' });
      return done({ event: 'dispute', payment_code: payment.code, dispute_id: dispute.id });
    }
  }
}
