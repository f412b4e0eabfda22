import { OrderFailedV1, OrderSucceededV1, PaymentPaidV1, PaymentRefundedV1, type OrderFinishedV1, type PaymentFactsV1 } from '@platform/contracts';
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
};

describe('webhook bodies from domain events', () => {
  it('gives payment.paid the spec’s v3 body: the payment resource as it was', () => {
    expect(paymentWebhook('payment.paid', occurred, payment)).toEqual({
      eventType: 'payment.paid',
      body: {
        event_id: occurred.eventId,
        event_type: 'payment.paid',
        environment: 'sandbox',
        occurred_at: occurred.occurredAt,
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
        },
      },
    });
  });

  it('gives checkout.order.failed the spec’s Direct API body, without the routing environment', () => {
    const { eventType, body } = orderWebhook(occurred, order);
    expect(eventType).toBe('checkout.order.failed');
    expect(body).toEqual({
      schema_version: 3,
      event_id: occurred.eventId,
      event_type: 'checkout.order.failed',
      order: { code: '123456789', merchant_order_id: 'ord-1', status: 'failed', amount: '250.00', currency: 'TRY' },
      merchant: { code: 'MRC-123456' },
      payment_details: { card: { ...order.card!, issuer_bank_code: null, installment_count: 1, three_d: true } },
      failure_code: 'payment_declined',
      failure_reason_code: 'security_declined',
      failure_message: 'Ödeme bankanız tarafından onaylanmadı.',
    });
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

    const refund = refundWebhook(occurred, {
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
    });
    const readRefund = PaymentRefundedV1.predecessors![0]!.payload.parse({ merchant_code: 'MRC-123456', webhook_url: null, body: refund.body });
    expect(refundWebhook(occurred, readRefund).body).toEqual(refund.body);

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
