import { createHash } from 'node:crypto';
import { ApiError, orderBody, paymentBody, type OrderRecord, type PaymentRecord } from '@platform/contracts';
import type { Chrome } from '../pages/html';
import { OrderListQuerySchema, PaymentListQuerySchema, listFilters, parseOrReject } from './list-query';
import { orderDetailPage, paymentDetailPage, paymentsListPage, sandboxPage } from './payments.pages';
import { createPaymentDigest, createPaymentFingerprint } from './sandbox-request';

const payment: PaymentRecord = {
  payment_code: 'abc123def456',
  merchant_reference: 'ORDER-1 <b>',
  status: 'paid',
  amount: '42.00',
  currency: 'TRY',
  environment: 'sandbox',
  page_url: 'http://checkout.test/pay/token',
  created_at: '2025-03-01T10:00:00.000Z',
  expires_at: '2025-03-01T11:00:00.000Z',
  paid_at: '2025-03-01T10:05:00.000Z',
  card: { bin: '435509', last_four: '4242', network: 'visa' },
  failure: null,
  version: 2,
};

const order: OrderRecord = {
  order_code: '123456789',
  merchant_order_id: 'shop-1',
  status: 'failed',
  amount: '60.00',
  currency: 'TRY',
  three_ds_url: null,
  hosted_url: null,
  hosted_expires_at: null,
  failure_reason_code: 'payment_declined',
  failure_message: 'Declined',
  card: { holder_name: 'A B', bin: '435509', last_four: '0000', network: 'visa', program: null, issuer_bank_name: 'Bank' },
  created_at: '2025-03-01T10:00:00.000Z',
  completed_at: '2025-03-01T10:01:00.000Z',
  version: 2,
};

const chrome = (language: 'en' | 'tr'): Chrome => ({
  language,
  csrf: 'csrf',
  merchantName: 'Shop',
  email: 'a@shop.example',
  role: 'developer',
  environment: 'sandbox',
  path: '/payments',
});

function rejected(schema: typeof PaymentListQuerySchema | typeof OrderListQuerySchema, query: object): Record<string, string[]> {
  try {
    parseOrReject(schema, query);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('1000001');
    return (error as ApiError).extras.errors!;
  }
  throw new Error('accepted');
}

describe('the panel’s payments and orders pages', () => {
  it('fingerprints and digests a sandbox payment as the gateway does POST /api/v3/payments (method, path, body hash, no scenario)', () => {
    const raw = JSON.stringify({ amount: '42.00', currency_code: 'TRY', merchant_reference: 'R-1' });
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(createPaymentFingerprint(raw)).toBe(sha(`POST\n/api/v3/payments\n${sha(raw)}\n`));
    expect(createPaymentDigest(raw)).toEqual({
      method: 'POST',
      path: '/api/v3/payments',
      body_sha256: sha(raw),
      fields: { amount: sha('"42.00"'), currency_code: sha('"TRY"'), merchant_reference: sha('"R-1"') },
    });
    expect(createPaymentDigest('not json').fields).toBeNull();
  });

  it('refuses impossible filters with the API’s 422 and field names, and turns days into a UTC range', () => {
    expect(rejected(PaymentListQuerySchema, { from: '2025-02-30' })).toEqual({ from: ['is not a date of the calendar'] });
    expect(rejected(PaymentListQuerySchema, { to: '31.03.2025' })).toEqual({ to: ['must be a date as YYYY-MM-DD'] });
    expect(Object.keys(rejected(PaymentListQuerySchema, { per_page: '500', page: '0' })).sort()).toEqual(['page', 'per_page']);
    expect(rejected(PaymentListQuerySchema, { from: '2025-03-02', to: '2025-03-01' })).toEqual({ to: ['must not be before from'] });
    expect(Object.keys(rejected(OrderListQuerySchema, { status: 'expired' }))).toEqual(['status']);
    const query = parseOrReject(PaymentListQuerySchema, { status: '', from: '2025-03-01', to: '2025-03-01', search: ' R-1 ', lang: 'tr' });
    expect({ ...listFilters(query), status: query.status ?? null }).toEqual({
      page: 1,
      per_page: 20,
      status: null,
      created_from: '2025-03-01T00:00:00.000Z',
      created_to: '2025-03-02T00:00:00.000Z',
      search: 'R-1',
    });
  });

  it.each(['en', 'tr'] as const)('shows every field of the API’s Payment and Order objects, escaped (%s)', (language) => {
    const body = paymentBody(payment);
    const html = paymentDetailPage(chrome(language), body);
    for (const [name, value] of Object.entries(body)) {
      if (value !== null && typeof value === 'object') {
        for (const [inner, innerValue] of Object.entries(value)) expect(html).toContain(`data-field="${name}.${inner}" data-value="${String(innerValue)}"`);
      } else expect(html).toContain(`data-field="${name}"`);
    }
    expect(html).not.toContain('<b>');
    const orderHtml = orderDetailPage(chrome(language), orderBody(order));
    for (const name of Object.keys(orderBody(order))) expect(orderHtml).toMatch(new RegExp(`data-field="${name}[".]`));
    expect(
      paymentsListPage(
        chrome(language),
        { status: '', from: '', to: '', search: '', per_page: '20' },
        { data: [body], meta: { page: 1, per_page: 20, total: 1, total_pages: 1 } },
        {},
      ),
    ).toContain('<th scope="row"><a href="/payments/abc123def456">');
    expect(sandboxPage(chrome(language), true, { amount: '', currency_code: 'TRY', merchant_reference: '', idempotency_key: 'k-1' })).toContain(
      '<input type="hidden" name="idempotency_key" value="k-1">',
    );
  });
});
