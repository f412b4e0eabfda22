import {
  OrderFailedV1,
  OrderSucceededV1,
  OrderWebhookBodySchema,
  PaymentPaidV1,
  PaymentRefundedBodySchema,
  PaymentRefundedV1,
  PaymentWebhookBodySchema,
  type OrderFinishedV1,
  type PaymentFactsV1,
  type RefundCompletedV1,
} from '@platform/contracts';
import { orderWebhook, paymentWebhook, refundWebhook } from './webhook-bodies';

const occurred = { eventId: '3f8c7d3e-5b1a-4a53-9d7e-0a1b2c3d4e5f', occurredAt: '2026-11-23T10:00:00.000Z' };

const payment: PaymentFactsV1 = {
  payment_code: 'ab12cd34',
  merchant_code: 'MRC-123456',
  environment: 'sandbox',
  merchant_reference: 'inv-1',
  status: 'paid',
  amount: '10.00',
  currency: 'TRY',
  page_url: 'https://pay.example/pay/token',
  created_at: '2026-11-23T09:00:00.000Z',
  expires_at: '2026-11-24T09:00:00.000Z',
  paid_at: '2026-11-23T10:00:00.000Z',
  card: { bin: '435509', last_four: '4242', network: 'visa' },
  failure: null,
  webhook_url: 'https://shop.example/hook',
  version: 3,
  previous_status: 'created',
};

const order: OrderFinishedV1 = {
  order_code: '123456789',
  merchant_order_id: 'ord-1',
  merchant_code: 'MRC-123456',
  environment: 'live',
  status: 'failed',
  amount: '250.00',
  currency: 'TRY',
  card: { holder_name: 'Can Demir', bin: '435509', last_four: '4242', network: 'visa', program: 'Classic', issuer_bank_name: 'Bank' },
  three_d: true,
  failure: { code: 'payment_declined', reason_code: 'security_declined', message: 'Ödeme bankanız tarafından onaylanmadı.' },
  version: 3,
  previous_status: 'pending',
};

const refund: RefundCompletedV1 = {
  refund_id: '6c1f0a52-2b0e-4a8f-9a55-51b7d0f0c001',
  amount: '10.00',
  currency: 'TRY',
  completed_at: occurred.occurredAt,
  payment_code: 'ab12cd34',
  payment_public_id: '6c1f0a52-2b0e-4a8f-9a55-51b7d0f0c002',
  order_public_id: '6c1f0a52-2b0e-4a8f-9a55-51b7d0f0c003',
  merchant_reference: 'inv-1',
  merchant_code: 'MRC-123456',
  environment: 'sandbox',
  webhook_url: null,
  payment_version: 2,
  previous_status: 'awaiting_provider_manual',
};

/** An event as it was written before versions (ADR 0033): neither the version nor the status before. */
function unversioned<T extends { version?: unknown; previous_status?: unknown }>(facts: T): Omit<T, 'version' | 'previous_status'> {
  const { version: _version, previous_status: _previous, ...rest } = facts;
  return rest;
}

describe('webhook bodies from domain events', () => {
  it('gives payment.paid the spec’s v3 body: the payment resource as it was, its version and the status the change left', () => {
    expect(paymentWebhook('payment.paid', occurred, payment)).toEqual({
      eventType: 'payment.paid',
      body: {
        event_id: occurred.eventId,
        event_type: 'payment.paid',
        environment: 'sandbox',
        occurred_at: occurred.occurredAt,
        previous_status: 'created',
        payment: {
          code: 'ab12cd34',
          merchant_reference: 'inv-1',
          status: 'paid',
          amount: '10.00',
          currency_code: 'TRY',
          environment: 'sandbox',
          payment_url: 'https://pay.example/pay/token',
          payment_url_kind: 'platform',
          created_at: payment.created_at,
          expires_at: payment.expires_at,
          paid_at: payment.paid_at,
          card: payment.card,
          failure: null,
          version: 3,
        },
      },
    });
  });

  it('gives payment.failed the version its failed attempt wrote while the payment stays created', () => {
    const failure = { attempt_count: 2, reason_code: 'card_declined' };
    const { body } = paymentWebhook('payment.failed', occurred, { ...payment, status: 'created', paid_at: null, card: null, failure, version: 3 });
    expect(body).toMatchObject({ event_type: 'payment.failed', previous_status: 'created', payment: { status: 'created', failure, version: 3 } });
    expect(PaymentWebhookBodySchema.parse(body)).toEqual(body);
  });

  it('gives payment.refunded the refund’s status before it completed and the payment’s version', () => {
    const { eventType, body } = refundWebhook(occurred, refund);
    expect(eventType).toBe('payment.refunded');
    expect(body).toEqual({
      event_id: occurred.eventId,
      event_type: 'payment.refunded',
      environment: 'sandbox',
      occurred_at: occurred.occurredAt,
      previous_status: 'awaiting_provider_manual',
      refund: { public_id: refund.refund_id, status: 'completed', amount: '10.00', currency_code: 'TRY', completed_at: occurred.occurredAt },
      payment: { public_id: refund.payment_public_id, code: 'ab12cd34', merchant_reference: 'inv-1', version: 2 },
      order: { public_id: refund.order_public_id },
    });
    expect(PaymentRefundedBodySchema.parse(body)).toEqual(body);
    // A sandbox refund is created completed: it had no status before.
    expect(refundWebhook(occurred, { ...refund, previous_status: null }).body.previous_status).toBeNull();
  });

  it('leaves version and previous_status out of the bodies of events written before versions, rather than guess them', () => {
    const paid = paymentWebhook('payment.paid', occurred, unversioned(payment)).body;
    expect(paid).not.toHaveProperty('previous_status');
    expect(paid.payment).not.toHaveProperty('version');
    expect(PaymentWebhookBodySchema.parse(paid)).toEqual(paid);

    const { payment_version: _version, ...refundBefore } = unversioned(refund);
    const refunded = refundWebhook(occurred, refundBefore).body;
    expect(refunded).not.toHaveProperty('previous_status');
    expect(refunded.payment).not.toHaveProperty('version');
    expect(PaymentRefundedBodySchema.parse(refunded)).toEqual(refunded);

    const failed = orderWebhook(occurred, unversioned(order)).body;
    expect(failed).not.toHaveProperty('previous_status');
    expect(failed.order).not.toHaveProperty('version');
    expect(OrderWebhookBodySchema.parse(failed)).toEqual(failed);
  });

  it('gives checkout.order.failed the spec’s Direct API body with the order’s version and the status the change left, without the routing environment', () => {
    const { eventType, body } = orderWebhook(occurred, order);
    expect(eventType).toBe('checkout.order.failed');
    expect(body).toEqual({
      schema_version: 3,
      event_id: occurred.eventId,
      event_type: 'checkout.order.failed',
      previous_status: 'pending',
      order: { code: '123456789', merchant_order_id: 'ord-1', status: 'failed', amount: '250.00', currency: 'TRY', version: 3 },
      merchant: { code: 'MRC-123456' },
      payment_details: { card: { ...order.card!, issuer_bank_code: null, installment_count: 1, three_d: true } },
      failure_code: 'payment_declined',
      failure_reason_code: 'security_declined',
      failure_message: 'Ödeme bankanız tarafından onaylanmadı.',
    });
  });

  it('says previous_status null for an order created paid or failed (version 1)', () => {
    const { body } = orderWebhook(occurred, { ...order, version: 1, previous_status: null });
    expect(body).toMatchObject({ previous_status: null, order: { version: 1 } });
    expect(OrderWebhookBodySchema.parse(body)).toEqual(body);
  });

  it('leaves the failure fields out of checkout.order.failed when no payment was attempted, as the return address does', () => {
    const { eventType, body } = orderWebhook(occurred, { ...order, card: null, failure: null, previous_status: 'requires_hosted' });
    expect(eventType).toBe('checkout.order.failed');
    expect(body).toMatchObject({ order: { status: 'failed' }, payment_details: { card: null } });
    for (const field of ['failure_code', 'failure_reason_code', 'failure_message']) expect(body).not.toHaveProperty(field);
    expect(OrderWebhookBodySchema.parse(body)).toEqual(body);
  });

  it('leaves the failure fields out of checkout.order.succeeded', () => {
    const { eventType, body } = orderWebhook(occurred, { ...order, status: 'paid', failure: null });
    expect(eventType).toBe('checkout.order.succeeded');
    expect(Object.keys(body)).not.toEqual(expect.arrayContaining(['failure_code']));
    expect(body).not.toHaveProperty('failure_reason_code');
    expect(body).not.toHaveProperty('failure_message');
  });

  it('reads an event of the shape before version 1 (the webhook body itself) into the same body', () => {
    const v3 = paymentWebhook('payment.paid', occurred, payment).body;
    const legacy = PaymentPaidV1.predecessors![0]!;
    expect(legacy.type).toBe('payment.paid');
    const upcast = legacy.payload.parse({ merchant_code: payment.merchant_code, webhook_url: payment.webhook_url, body: v3 });
    expect(upcast).toEqual(payment);

    // A real one has neither version nor previous status: read as version 1 without them.
    const before = paymentWebhook('payment.paid', occurred, unversioned(payment)).body;
    expect(legacy.payload.parse({ merchant_code: payment.merchant_code, webhook_url: payment.webhook_url, body: before })).toEqual(unversioned(payment));

    const refunded = refundWebhook(occurred, refund);
    const readRefund = PaymentRefundedV1.predecessors![0]!.payload.parse({ merchant_code: 'MRC-123456', webhook_url: null, body: refunded.body });
    expect(refundWebhook(occurred, readRefund).body).toEqual(refunded.body);

    for (const contract of [OrderSucceededV1, OrderFailedV1]) {
      const shown = orderWebhook(occurred, {
        ...order,
        status: contract === OrderSucceededV1 ? 'paid' : 'failed',
        failure: contract === OrderSucceededV1 ? null : order.failure,
      }).body;
      const readOrder = contract.predecessors![0]!.payload.parse({ ...shown, environment: 'live' });
      expect(orderWebhook(occurred, readOrder).body).toEqual(shown);
    }
  });
});
