import { toOrderFinished } from './order-events';
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
  three_d: true,
  created_at: new Date(),
  completed_at: new Date(),
  version: 3,
};

describe('the facts of a finished order', () => {
  it('reports security_declined as payment_declined in the failure code and keeps the real reason', () => {
    expect(toOrderFinished({ ...row, status: 'failed' }, 'pending').failure).toEqual({
      code: 'payment_declined',
      reason_code: 'security_declined',
      message: 'Ödeme bankanız tarafından onaylanmadı.',
    });
  });

  it('carries no failure for a failed order no payment was attempted on (a hosted page nobody paid on)', () => {
    const facts = toOrderFinished({ ...row, mode: 'hosted', card: null, status: 'failed', failure_reason_code: null }, 'requires_hosted');
    expect(facts).toMatchObject({ status: 'failed', failure: null, card: null });
  });

  it('carries no failure for a paid order, and whether its card went through 3-D Secure', () => {
    const facts = toOrderFinished({ ...row, status: 'paid', failure_reason_code: null }, 'requires_action');
    expect(facts).toMatchObject({ status: 'paid', failure: null, three_d: true, card: row.card });
    expect(toOrderFinished({ ...row, mode: 'hosted', status: 'paid', three_d: true }, 'pending').three_d).toBe(true);
    expect(toOrderFinished({ ...row, mode: 'direct', status: 'paid', three_d: false }, null).three_d).toBe(false);
  });

  it('reads an order from before 3-D Secure was kept as before: direct yes, hosted no', () => {
    expect(toOrderFinished({ ...row, mode: 'direct', status: 'paid', three_d: null }, 'requires_action').three_d).toBe(true);
    expect(toOrderFinished({ ...row, mode: 'hosted', status: 'paid', three_d: null }, 'requires_hosted').three_d).toBe(false);
  });

  it('carries the version the change wrote and the status it left; none for an order created finished', () => {
    expect(toOrderFinished({ ...row, status: 'paid', failure_reason_code: null }, 'failed')).toMatchObject({ version: 3, previous_status: 'failed' });
    expect(toOrderFinished({ ...row, status: 'failed', version: 1 }, null)).toMatchObject({ version: 1, previous_status: null });
  });
});
