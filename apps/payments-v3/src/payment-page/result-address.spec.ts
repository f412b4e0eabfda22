import type { PaymentRecord } from '@platform/contracts';
import { resultAddress } from './result-address';

const payment = (overrides: Partial<PaymentRecord> = {}): PaymentRecord => ({
  payment_code: 'abcd2345efgh',
  merchant_reference: 'order 17/ü',
  status: 'paid',
  amount: '10.00',
  currency: 'TRY',
  environment: 'sandbox',
  page_url: 'http://127.0.0.1:8081/pay/x',
  created_at: '2026-11-22T00:00:00.000Z',
  expires_at: '2026-11-23T00:00:00.000Z',
  paid_at: '2026-11-22T00:01:00.000Z',
  card: null,
  failure: null,
  version: 2,
  ...overrides,
});

describe('resultAddress', () => {
  it('adds code, status and merchant_reference, encoded, keeping the merchant parameters', () => {
    const address = resultAddress('https://shop.example/back?lang=tr', payment());
    const url = new URL(address!);
    expect(url.origin + url.pathname).toBe('https://shop.example/back');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: 'tr', code: 'abcd2345efgh', status: 'paid', merchant_reference: 'order 17/ü' });
  });

  it('leaves merchant_reference out when the merchant sent none, and cannot be tricked by one in the address', () => {
    const url = new URL(
      resultAddress('https://shop.example/back?merchant_reference=forged&status=paid', payment({ merchant_reference: null, status: 'expired' }))!,
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({ code: 'abcd2345efgh', status: 'expired' });
  });

  it('is null without a return address', () => {
    expect(resultAddress(null, payment())).toBeNull();
  });
});
