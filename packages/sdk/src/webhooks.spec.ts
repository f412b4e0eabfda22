import { buildReturnQuery, webhookSignature } from './signing';
import { WebhookDeduplicator, verifyReturnUrl, verifyWebhookRequest } from './webhooks';

const SECRET = 'sk_test_secret';
const NOW = 1_800_000_000;
const EVENT_ID = '3f1c2d7e-8a9b-4c3d-9e1f-2a3b4c5d6e7f';
const body = JSON.stringify({
  event_id: EVENT_ID,
  event_type: 'payment.paid',
  environment: 'sandbox',
  occurred_at: '2027-01-15T08:00:00Z',
  payment: { code: 'abcd1234' },
});

function v3Headers(overrides: Record<string, string> = {}, timestamp = NOW, rawBody = body) {
  return {
    'X-CAV-Timestamp': String(timestamp),
    'X-CAV-Signature': webhookSignature({ secret: SECRET, timestamp, rawBody }),
    'X-CAV-Event-Id': EVENT_ID,
    'X-CAV-Event-Type': 'payment.paid',
    ...overrides,
  };
}

describe('verifyWebhookRequest', () => {
  const verify = (headers: Record<string, string> | Headers, rawBody: string | Uint8Array = body) =>
    verifyWebhookRequest({ secret: SECRET, rawBody, headers, nowSeconds: NOW });

  it('accepts a v3 delivery (any header case, string or bytes) and returns the parsed event', () => {
    const lower = Object.fromEntries(Object.entries(v3Headers()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verify(lower)).toMatchObject({ ok: true, api: 'v3', eventId: EVENT_ID, event: { event_type: 'payment.paid' } });
    expect(verify(new Headers(v3Headers()), new TextEncoder().encode(body))).toMatchObject({ ok: true, api: 'v3' });
  });

  it('accepts a v4 delivery by its X-CEK headers', () => {
    const orderBody = JSON.stringify({ schema_version: 3, event_id: EVENT_ID, event_type: 'checkout.order.succeeded' });
    const headers = {
      'x-cek-timestamp': String(NOW),
      'x-cek-signature': webhookSignature({ secret: SECRET, timestamp: NOW, rawBody: orderBody }),
      'x-cek-event-id': EVENT_ID,
    };
    expect(verify(headers, orderBody)).toMatchObject({ ok: true, api: 'v4', event: { event_type: 'checkout.order.succeeded' } });
  });

  it.each([
    ['a timestamp 301 s old', v3Headers({}, NOW - 301), 'stale'],
    ['a timestamp 301 s ahead', v3Headers({}, NOW + 301), 'stale'],
    ['a signature over another body', v3Headers({}, NOW, body.replace('abcd1234', 'abcd9999')), 'mismatch'],
    ['a signature with another secret', v3Headers({ 'X-CAV-Signature': webhookSignature({ secret: 'other', timestamp: NOW, rawBody: body }) }), 'mismatch'],
    [
      'an uppercase hex signature',
      v3Headers({ 'X-CAV-Signature': webhookSignature({ secret: SECRET, timestamp: NOW, rawBody: body }).toUpperCase() }),
      'bad_format',
    ],
    ['a 9-digit timestamp', v3Headers({ 'X-CAV-Timestamp': '180000000' }), 'bad_format'],
    ['an event id header that is not the body’s', v3Headers({ 'X-CAV-Event-Id': '00000000-0000-4000-8000-000000000000' }), 'bad_format'],
  ])('refuses %s', (_name, headers, reason) => {
    expect(verify(headers)).toEqual({ ok: false, reason });
  });

  it('accepts a timestamp exactly 300 s away', () => {
    expect(verify(v3Headers({}, NOW - 300)).ok).toBe(true);
  });
});

describe('WebhookDeduplicator', () => {
  it('says yes once per event id', async () => {
    const dedupe = new WebhookDeduplicator();
    expect(await dedupe.firstDelivery(EVENT_ID)).toBe(true);
    expect(await dedupe.firstDelivery(EVENT_ID)).toBe(false);
    expect(await dedupe.firstDelivery('another')).toBe(true);
  });

  it('handles an event once, even when its duplicate arrives while the first is being handled', async () => {
    const dedupe = new WebhookDeduplicator();
    const handled: string[] = [];
    let finish!: () => void;
    const first = dedupe.handleOnce(EVENT_ID, () => new Promise<void>((resolve) => (finish = () => (handled.push('first'), resolve()))));
    expect(await dedupe.handleOnce(EVENT_ID, () => handled.push('duplicate'))).toBe(false);
    finish();
    expect(await first).toBe(true);
    expect(await dedupe.handleOnce(EVENT_ID, () => handled.push('redelivery'))).toBe(false);
    expect(handled).toEqual(['first']);
  });

  it('handles the redelivery of an event whose handling failed', async () => {
    const dedupe = new WebhookDeduplicator();
    await expect(
      dedupe.handleOnce(EVENT_ID, () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    const handled: string[] = [];
    expect(await dedupe.handleOnce(EVENT_ID, () => handled.push('retry'))).toBe(true);
    expect(handled).toEqual(['retry']);
  });
});

describe('verifyReturnUrl', () => {
  const query = (keyVersion: number, secret: string, ts = NOW) =>
    new URLSearchParams(
      buildReturnQuery({ secret, keyVersion, orderCode: '123456789', status: 'failed', failureCode: '0055230', ts }) as unknown as Record<string, string>,
    );

  it('verifies with the secret of the key_version the address names', () => {
    const url = `https://shop.example/return?${query(2, 'new-secret').toString()}`;
    expect(verifyReturnUrl(url, { 1: 'old-secret', 2: 'new-secret' }, { nowSeconds: NOW + 60 })).toEqual({
      ok: true,
      orderCode: '123456789',
      status: 'failed',
      failureCode: '0055230',
      keyVersion: 2,
    });
    expect(verifyReturnUrl(url, { 1: 'old-secret' }, { nowSeconds: NOW })).toEqual({ ok: false, reason: 'unknown_key_version' });
    expect(verifyReturnUrl(url, { 2: 'old-secret' }, { nowSeconds: NOW })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('refuses an address older than 10 minutes', () => {
    expect(verifyReturnUrl(query(1, 's'), { 1: 's' }, { nowSeconds: NOW + 601 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifyReturnUrl(query(1, 's'), { 1: 's' }, { nowSeconds: NOW + 600 }).ok).toBe(true);
  });
});
