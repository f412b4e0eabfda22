import { verifyWebhook, webhookSignature } from './webhook-signing';

const SECRET = 'test_api_secret_0123456789';
const BODY = '{"event_id":"0b8f3c1e-6a57-4a59-9d0e-6f1f7f0b2a10","event_type":"checkout.order.succeeded"}';
// printf '1700000000.%s' '{"event_id":"0b8f3c1e-6a57-4a59-9d0e-6f1f7f0b2a10","event_type":"checkout.order.succeeded"}' \
//   | openssl dgst -sha256 -hmac 'test_api_secret_0123456789'
const SIG = 'a56fbe9fef763d625802e2a5a11f99ef07adfcb90dc66e4773b4d9b6db508e7a';
const TS = '1700000000';

describe('webhookSignature (X-CEK-Signature and X-CAV-Signature)', () => {
  it('is the HMAC-SHA256 of timestamp, a dot and the raw body', () => {
    expect(webhookSignature({ secret: SECRET, timestamp: TS, rawBody: BODY })).toBe(SIG);
  });

  it('accepts the timestamp as a number and the body as a Buffer or Uint8Array', () => {
    const bytes = Buffer.from(BODY, 'utf8');
    expect(webhookSignature({ secret: SECRET, timestamp: 1700000000, rawBody: bytes })).toBe(SIG);
    expect(webhookSignature({ secret: SECRET, timestamp: TS, rawBody: new Uint8Array(bytes) })).toBe(SIG);
  });
});

describe('verifyWebhook', () => {
  const base = { secret: SECRET, timestamp: TS, rawBody: BODY, signature: SIG };

  it('accepts a correctly signed delivery inside the 300-second window', () => {
    expect(verifyWebhook({ ...base, nowSeconds: 1700000000 })).toEqual({ ok: true });
    expect(verifyWebhook({ ...base, nowSeconds: 1700000300 })).toEqual({ ok: true });
    expect(verifyWebhook({ ...base, rawBody: Buffer.from(BODY), nowSeconds: 1699999700 })).toEqual({ ok: true });
  });

  it('rejects a delivery more than 300 seconds old or ahead as stale', () => {
    expect(verifyWebhook({ ...base, nowSeconds: 1700000301 })).toEqual({ ok: false, reason: 'stale' });
    expect(verifyWebhook({ ...base, nowSeconds: 1699999699 })).toEqual({ ok: false, reason: 'stale' });
  });

  it('honours a custom tolerance', () => {
    expect(verifyWebhook({ ...base, nowSeconds: 1700000301, toleranceSeconds: 600 })).toEqual({ ok: true });
  });

  it('rejects a body changed after signing as mismatch', () => {
    expect(verifyWebhook({ ...base, rawBody: BODY.replace('succeeded', 'failed'), nowSeconds: 1700000000 })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('rejects a signature made with another secret as mismatch', () => {
    expect(verifyWebhook({ ...base, secret: 'another_secret', nowSeconds: 1700000000 })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('rejects a 9-digit timestamp as bad_format', () => {
    expect(verifyWebhook({ ...base, timestamp: '170000000', nowSeconds: 170000000 })).toEqual({
      ok: false,
      reason: 'bad_format',
    });
  });

  it('rejects an uppercase hex signature as bad_format even though it encodes the right value', () => {
    expect(verifyWebhook({ ...base, signature: SIG.toUpperCase(), nowSeconds: 1700000000 })).toEqual({
      ok: false,
      reason: 'bad_format',
    });
  });

  it('rejects missing headers and a signature of the wrong length as bad_format without throwing', () => {
    expect(verifyWebhook({ ...base, timestamp: undefined, nowSeconds: 1700000000 })).toEqual({
      ok: false,
      reason: 'bad_format',
    });
    expect(verifyWebhook({ ...base, signature: undefined, nowSeconds: 1700000000 })).toEqual({
      ok: false,
      reason: 'bad_format',
    });
    expect(verifyWebhook({ ...base, signature: SIG.slice(0, 63), nowSeconds: 1700000000 })).toEqual({
      ok: false,
      reason: 'bad_format',
    });
  });

  it('checks the format before the time window', () => {
    expect(verifyWebhook({ ...base, signature: 'x', nowSeconds: 1800000000 })).toEqual({
      ok: false,
      reason: 'bad_format',
    });
  });
});
