import { createHash } from 'node:crypto';
import {
  ApiError,
  GetWebhookDelivery,
  ListReversals,
  RequestReversal,
  RequestWithdrawal,
  RetryWebhookDelivery,
  SubmitEvidence,
  type Dispute,
  type Reversal,
  type Withdrawal,
} from '@platform/contracts';
import type { RpcClient } from '@platform/messaging';
import { FakeRpcClient } from '@platform/testing';
import type { SignedIn } from '../auth/auth.service';
import type { Chrome } from '../pages/html';
import { apiPost, MerchantOperations } from './merchant-operations';
import { acceptsEvidence, refundsPage, withdrawalsPage } from './operations.pages';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const PAYMENT = 'P-1234';
const KEY = '0b9c6f3e-8a41-4c5e-9d0a-2f1e7b6c5d4a';

function signedIn(environment: 'sandbox' | 'live' = 'sandbox', language: 'en' | 'tr' = 'en'): SignedIn {
  return {
    user: { id: 'u1', merchant_code: 'MRC-000123', email: 'dev@shop.example', role: 'developer', language },
    session: { environment, csrf_token: 'csrf' },
  } as unknown as SignedIn;
}

const reversal: Reversal = {
  id: '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
  operation: 'refund',
  status: 'completed',
  amount: '100.00',
  currency: 'TRY',
  reason: 'customer asked',
  provider_reference: 'SBX-0123456789ABCDEF',
  provider_refunded_at: '2025-01-01T10:00:00.000Z',
  created_at: '2025-01-01T10:00:00.000Z',
  updated_at: '2025-01-01T10:00:00.000Z',
  payment_code: PAYMENT,
  environment: 'sandbox',
};

function setUp() {
  const rpc = new FakeRpcClient();
  return { rpc, operations: new MerchantOperations(rpc as unknown as RpcClient) };
}

/** The panel's requests are the API's: same commands, bodies, fingerprints and digests, the user's merchant and environment as caller. */
describe('MerchantOperations', () => {
  it('sends a refund as POST /api/v3/refunds with that JSON body would be sent, with the form’s Idempotency-Key', async () => {
    const { rpc, operations } = setUp();
    rpc.answer(RequestReversal, () => ({ reversal, scenario: 'completed' as const }));
    const answer = await operations.requestReversal(
      signedIn('live'),
      { payment_code: PAYMENT, operation_type: 'refund', reason: 'customer asked', scenario: '' },
      KEY,
      'c1',
    );
    expect(answer).toEqual(reversal);
    const raw = `{"payment_code":"${PAYMENT}","operation_type":"refund","reason":"customer asked"}`;
    const [sent] = rpc.sent;
    expect(sent!.request).toEqual({
      body: { payment_code: PAYMENT, operation_type: 'refund', reason: 'customer asked' },
      fingerprint: sha256(['POST', '/api/v3/refunds', sha256(raw), ''].join('\n')),
      scenario: null,
      request_digest: {
        method: 'POST',
        path: '/api/v3/refunds',
        body_sha256: sha256(raw),
        fields: { payment_code: sha256(`"${PAYMENT}"`), operation_type: sha256('"refund"'), reason: sha256('"customer asked"') },
      },
    });
    expect(sent!.meta).toEqual({ caller: { merchantCode: 'MRC-000123', environment: 'live' }, correlationId: 'c1', idempotencyKey: KEY });
  });

  it('sends the sandbox scenario chosen in the form as the API’s header would be: in the command and in the fingerprint', async () => {
    const { rpc, operations } = setUp();
    rpc.answer(RequestReversal, () => ({ reversal: { ...reversal, status: 'rejected' as const }, scenario: 'rejected' as const }));
    const form = { payment_code: PAYMENT, operation_type: 'refund', reason: 'customer asked', scenario: 'rejected' };
    await operations.requestReversal(signedIn('sandbox'), form, KEY, 'c1');
    const raw = `{"payment_code":"${PAYMENT}","operation_type":"refund","reason":"customer asked"}`;
    expect(rpc.sent[0]!.request).toMatchObject({ scenario: 'rejected', fingerprint: sha256(['POST', '/api/v3/refunds', sha256(raw), 'rejected'].join('\n')) });
  });

  it('refuses a scenario in live and one the endpoint does not know, as the API refuses the header, and sends nothing', async () => {
    const { rpc, operations } = setUp();
    const refusalOf = (promise: Promise<unknown>) =>
      promise.then(
        () => undefined,
        (error: ApiError) => [error.code, error.extras.errors],
      );
    const refund = { payment_code: PAYMENT, operation_type: 'refund', reason: 'customer asked' };
    expect(await refusalOf(operations.requestReversal(signedIn('live'), { ...refund, scenario: 'completed' }, KEY, 'c1'))).toEqual([
      '1000001',
      { scenario: ['is for sandbox keys only'] },
    ]);
    expect(await refusalOf(operations.requestReversal(signedIn('sandbox'), { ...refund, scenario: 'sent' }, KEY, 'c1'))).toEqual([
      '1000001',
      { scenario: ['must be one of completed, rejected'] },
    ]);
    const withdrawal = { amount: '100.00', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', address_acknowledged: true, scenario: 'completed' };
    expect(await refusalOf(operations.requestWithdrawal(signedIn('sandbox'), withdrawal, KEY, 'c1'))).toEqual([
      '1000001',
      { scenario: ['must be one of sent, rejected'] },
    ]);
    expect(rpc.sent).toHaveLength(0);
  });

  it('gives the same form the same fingerprint, so a second submit is a repeat of the first', () => {
    const body = { payment_code: PAYMENT, operation_type: 'void', reason: 'twice' };
    expect(apiPost('/api/v3/refunds', body)).toEqual(apiPost('/api/v3/refunds', { ...body }));
    expect(apiPost('/api/v3/refunds', body).fingerprint).not.toBe(apiPost('/api/v3/refunds', { ...body, reason: 'other' }).fingerprint);
  });

  it('refuses a body as the API does (422 1000001 by field, the API’s texts) and sends nothing', async () => {
    const { rpc, operations } = setUp();
    const refusal = await operations
      .requestReversal(signedIn(), { payment_code: '', operation_type: 'refund', reason: 'no', scenario: '' }, KEY, 'c1')
      .catch((error: ApiError) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe('1000001');
    expect((refusal as ApiError).extras.errors).toEqual({
      payment_code: ['must be 1 to 16 characters (has 0)'],
      reason: ['must be 3 to 500 characters (has 2)'],
    });
    const unsafe = await operations
      .requestReversal(signedIn(), { payment_code: PAYMENT, operation_type: 'refund', reason: 'bad\u0000text', scenario: '' }, KEY, 'c1')
      .catch((error: ApiError) => error);
    expect((unsafe as ApiError).extras.errors).toEqual({ reason: ['must not contain control characters or unpaired surrogates'] });
    const withdrawal = await operations
      .requestWithdrawal(signedIn(), { amount: '10.00', address: 'T1', address_acknowledged: false, scenario: '' }, KEY, 'c1')
      .catch((error: ApiError) => error);
    expect((withdrawal as ApiError).extras.errors).toEqual({ address_acknowledged: ['must be true: a chain transfer cannot be undone'] });
    expect(rpc.sent).toHaveLength(0);
  });

  it('sends a withdrawal, evidence and a retry with the API’s paths in their fingerprints and digests', async () => {
    const { rpc, operations } = setUp();
    const withdrawal = { id: reversal.id, status: 'sent', amount: '100.00', currency: 'TRY', asset: 'USDT', network: 'TRC20', address: 'T1' } as Withdrawal;
    const dispute = { id: reversal.id } as Dispute;
    rpc.answer(RequestWithdrawal, () => ({
      withdrawal: {
        ...withdrawal,
        usdt_amount: '2.9',
        tx_hash: null,
        rejection_reason: null,
        requested_at: 'x',
        processed_at: null,
        created_at: 'x',
        environment: 'sandbox' as const,
      },
      scenario: 'sent' as const,
    }));
    rpc.answer(SubmitEvidence, () => ({
      ...reversal,
      ...dispute,
      service: 'api' as const,
      status: 'open' as const,
      reason: 'fraud' as const,
      reason_note: null,
      occurred_on: '2025-01-01',
      evidence_due_at: null,
      evidence_submitted_at: null,
      merchant_evidence_note: 'n',
      merchant_evidence_submitted_at: null,
      resolved_at: null,
    }));
    const delivery = {
      id: reversal.id,
      event: 'payment.paid',
      status: 'pending' as const,
      payment_code: null,
      attempt_count: 1,
      last_status_code: null,
      last_error: null,
      last_error_code: null,
      last_error_message: null,
      next_attempt_at: null,
      delivered_at: null,
      created_at: 'x',
      url: 'https://shop.example',
      payload: {},
    };
    rpc.answer(RetryWebhookDelivery, () => delivery);
    rpc.answer(GetWebhookDelivery, () => delivery);
    await operations.requestWithdrawal(
      signedIn(),
      { amount: '100.00', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', address_acknowledged: true, scenario: '' },
      KEY,
      'c1',
    );
    await operations.submitEvidence(signedIn(), reversal.id, 'delivered with tracking', KEY, 'c2');
    await operations.retryDelivery(signedIn('sandbox', 'tr'), reversal.id, KEY, 'c3');
    const [w, e, r] = rpc.sent.map((sent) => sent.request as Record<string, any>);
    const wRaw = '{"amount":"100.00","address":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","address_acknowledged":true}';
    expect(w!.fingerprint).toBe(sha256(['POST', '/api/v3/withdrawals', sha256(wRaw), ''].join('\n')));
    expect(w!.request_digest.fields.address_acknowledged).toBe(sha256('true'));
    expect(e!.request_digest.path).toBe(`/api/v3/disputes/${reversal.id}/evidence`);
    expect(e!.fingerprint).toBe(sha256(['POST', `/api/v3/disputes/${reversal.id}/evidence`, sha256('{"note":"delivered with tracking"}'), ''].join('\n')));
    // A retry has no body: the digest the gateway keeps for it has no field hashes.
    expect(r).toEqual({
      id: reversal.id,
      accept_language: 'tr',
      request_digest: { method: 'POST', path: `/api/v3/webhooks/deliveries/${reversal.id}/retry`, body_sha256: sha256(''), fields: null },
    });
    expect(rpc.sent.map((sent) => (sent.meta as { idempotencyKey: string }).idempotencyKey)).toEqual([KEY, KEY, KEY]);
  });

  it('lists with the API’s filters and paging, and refuses what the API refuses', async () => {
    const { rpc, operations } = setUp();
    rpc.answer(ListReversals, () => ({ data: [], meta: { page: 2, per_page: 10, total: 11, total_pages: 2 } }));
    await operations.listReversals(signedIn(), { status: 'completed', operation_type: 'void', page: '2', per_page: '10', lang: 'tr' }, 'c1');
    expect(rpc.sent[0]!.request).toEqual({ page: 2, per_page: 10, status: 'completed', operation_type: 'void' });
    const refused = await operations.listReversals(signedIn(), { status: 'lost', per_page: '101' }, 'c1').catch((error: ApiError) => error);
    expect((refused as ApiError).extras.errors).toMatchObject({ status: [expect.stringContaining('Invalid enum value')], per_page: [expect.any(String)] });
    await expect(operations.getReversal(signedIn(), 'not-a-uuid', 'c1')).rejects.toMatchObject({ code: '1000001' });
    expect(rpc.sent).toHaveLength(1);
  });
});

describe('operations pages', () => {
  const chrome = (role: Chrome['role'], language: Chrome['language'] = 'en'): Chrome => ({
    language,
    csrf: 'csrf-token',
    merchantName: 'Shop',
    email: 'dev@shop.example',
    role,
    environment: 'sandbox',
    path: '/refunds',
  });
  const listing = { data: [reversal], meta: { page: 1, per_page: 20, total: 1, total_pages: 1 }, filter: {} };

  it('carries the Idempotency-Key and the environment in the form, and ties the API’s errors to their fields', () => {
    const html = refundsPage(chrome('developer'), listing, true, {
      values: { payment_code: 'NOPE', operation_type: 'refund', reason: 'asked', scenario: '' },
      idempotencyKey: KEY,
      errors: { payment_code: ['Resource not found (1000011)'] },
    });
    expect(html).toContain(`<input type="hidden" name="idempotency_key" value="${KEY}">`);
    expect(html).toContain('<input type="hidden" name="environment" value="sandbox">');
    expect(html).toContain('aria-describedby="field-payment_code-hint field-payment_code-error" aria-invalid="true"');
    expect(html).toContain('<p class="field-error" id="field-payment_code-error">Payment code: Resource not found (1000011)</p>');
    expect(html).toContain('<th scope="col">Operation</th>');
    expect(html).toContain(`aria-label="Details of ${reversal.id}"`);
  });

  it('shows a viewer the lists and no form, in Turkish too', () => {
    const html = refundsPage(chrome('viewer', 'tr'), listing, false, {
      values: { payment_code: '', operation_type: 'refund', reason: '', scenario: '' },
      idempotencyKey: KEY,
    });
    expect(html).not.toContain('name="idempotency_key"');
    expect(html).toContain('Rolünüz (İzleyici) bu sayfayı görebilir ama talepte bulunamaz.');
    expect(html).toContain('<html lang="tr">');
    const withdrawals = withdrawalsPage(
      chrome('owner'),
      { data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 }, filter: {} },
      true,
      { currency: 'TRY', min: '10.00', daily: '1000.00', withdrawable: '250.00' },
      {
        values: { amount: '', address: '', address_acknowledged: false, scenario: '' },
        idempotencyKey: KEY,
        errors: { address_acknowledged: ['must be true: a chain transfer cannot be undone'] },
      },
    );
    expect(withdrawals).toContain('Minimum 10.00 TRY · daily limit 1000.00 TRY · withdrawable now 250.00 TRY');
    expect(withdrawals).toContain('aria-invalid="true" aria-describedby="field-address_acknowledged-error"');
    expect(withdrawals).toContain('<option value="" selected>Default: Sent</option><option value="rejected">Rejected</option>');
    const live = withdrawalsPage(
      { ...chrome('owner'), environment: 'live' },
      { data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 }, filter: {} },
      true,
      { currency: 'TRY', min: '10.00', daily: '1000.00', withdrawable: '250.00' },
      { values: { amount: '', address: '', address_acknowledged: false, scenario: '' }, idempotencyKey: KEY },
    );
    expect(live).not.toContain('name="scenario"');
  });

  it('pages as the API pages, keeping the filter in the links, and shows a refused filter next to it', () => {
    const form = { values: { payment_code: '', operation_type: 'refund', reason: '', scenario: '' }, idempotencyKey: KEY };
    const paged = refundsPage(
      chrome('owner'),
      { ...listing, meta: { page: 2, per_page: 10, total: 25, total_pages: 3 }, filter: { status: 'completed', per_page: '10', page: '2' } },
      true,
      form,
    );
    expect(paged).toContain('<a rel="prev" href="/refunds?status=completed&#38;per_page=10&#38;page=1">Previous page</a>');
    expect(paged).toContain('<a rel="next" href="/refunds?status=completed&#38;per_page=10&#38;page=3">Next page</a>');
    expect(paged).toContain('Page 2 of 3 (25 in all)');
    const refused = refundsPage(
      chrome('owner'),
      { data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 }, filter: { status: 'lost' }, errors: { status: ['Invalid enum value'] } },
      true,
      form,
    );
    expect(refused).toContain('<select id="filter-status" name="status" aria-invalid="true" aria-describedby="filter-status-error">');
    expect(refused).toContain('<p class="field-error" id="filter-status-error">Status: Invalid enum value</p>');
    expect(refused).toContain('Nothing to show for this filter.');
  });

  it('offers evidence only while the dispute is unresolved and before it is due', () => {
    const now = new Date('2025-01-10T00:00:00Z');
    const dispute = { status: 'open', evidence_due_at: '2025-01-11T00:00:00.000Z' } as Dispute;
    expect(acceptsEvidence(dispute, now)).toBe(true);
    expect(acceptsEvidence({ ...dispute, evidence_due_at: '2025-01-09T00:00:00.000Z' }, now)).toBe(false);
    expect(acceptsEvidence({ ...dispute, evidence_due_at: null }, now)).toBe(true);
    expect(acceptsEvidence({ ...dispute, status: 'won' }, now)).toBe(false);
  });
});
