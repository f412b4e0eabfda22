import { toOutcome } from './order-events';
import type { OrderRow } from './order.repository';

const row: OrderRow = {
  id: '1',
  merchant_code: 'MRC-123456',
  environment: 'live',
  merchant_order_id: 'ord-1',
  order_code: '123456789',
  request_fingerprint: 'f',
  mode: 'direct',
  status: 'failed',
  amount: '10.00',
  currency: 'TRY',
  card: { holder_name: 'A B', bin: '435509', last_four: '4242', network: 'visa', program: 'Classic', issuer_bank_name: 'Bank' },
  card_fingerprint: null,
  customer_token: 't',
  three_ds_expires_at: null,
  hosted_expires_at: null,
  failure_reason_code: 'security_declined',
  processor: null,
  processor_state: null,
  bank_page: null,
  attempt_card: null,
  created_at: new Date(),
  completed_at: new Date(),
};

describe('order webhook body', () => {
  it('reports security_declined as payment_declined in failure_code and keeps the real reason', () => {
    const body = toOutcome({ ...row, status: 'failed' }, '3f8c7d3e-5b1a-4a53-9d7e-0a1b2c3d4e5f');
    expect(body).toMatchObject({
      schema_version: 3,
      event_type: 'checkout.order.failed',
      failure_code: 'payment_declined',
      failure_reason_code: 'security_declined',
      failure_message: 'Ödeme bankanız tarafından onaylanmadı.',
    });
  });

  it('leaves the failure fields out of the succeeded event', () => {
    const body = toOutcome({ ...row, status: 'paid', failure_reason_code: null }, '3f8c7d3e-5b1a-4a53-9d7e-0a1b2c3d4e5f');
    expect(body.event_type).toBe('checkout.order.succeeded');
    expect(body).not.toHaveProperty('failure_code');
    expect(body).not.toHaveProperty('failure_reason_code');
    expect(body).not.toHaveProperty('failure_message');
    expect(body.payment_details.card).toMatchObject({ installment_count: 1, three_d: true, issuer_bank_code: null });
  });
});
