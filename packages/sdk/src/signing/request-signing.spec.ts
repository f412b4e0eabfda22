import {
  signV3Request,
  signV4Request,
  v3RequestSignature,
  v3TextToSign,
  v4RequestSignature,
  v4TextToSign,
  verifyV3Request,
  verifyV4Request,
} from './request-signing';

// Known answers below were computed in a shell, independently of this library.
const SECRET = 'test_api_secret_0123456789';
const EMPTY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'; // printf '' | sha256sum

const V4_BODY = '{"merchant_order_id":"ORD-1","amount":"100.00","currency":"TRY"}';
// printf '%s' '{"merchant_order_id":"ORD-1","amount":"100.00","currency":"TRY"}' | sha256sum
const V4_BODY_HASH = '44e1c9a68cecbd195c47bec200e725230c5b7b85be79ade9e87501688eddeb68';
// printf '1700000000\nPOST\n/api/v4/orders\n44e1c9a68cecbd195c47bec200e725230c5b7b85be79ade9e87501688eddeb68' \
//   | openssl dgst -sha256 -hmac 'test_api_secret_0123456789'
const V4_POST_SIG = '7e2f988cc2b69107ed0108f449467f0674e40ab31a4b1b4e15188d20c3f2aa18';
// printf '1700000000\nGET\n/api/v4/orders/123456789\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' \
//   | openssl dgst -sha256 -hmac 'test_api_secret_0123456789'
const V4_GET_SIG = 'e46060135899a010d71551277e264a5a573885151e667067f027f073f40f22e1';

// printf '1700000000\nGET\n/api/v3/payments?page=2&limit=10\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' \
//   | openssl dgst -sha256 -hmac 'test_api_secret_0123456789'
const V3_GET_WITH_QUERY_SIG = 'c99e4535b38eac3e58593eaf68d9448805b9603a245205f537dc2f8fd3cb5809';
// printf '1700000000\nGET\n/api/v3/payments\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' \
//   | openssl dgst -sha256 -hmac 'test_api_secret_0123456789'
const V3_GET_WITHOUT_QUERY_SIG = '39d7fe72e73eb8b768faa52bc6305edd32ad4c6cfdf400fe3da499ed3d77dfd2';
const V3_BODY = '{"amount":"250.00","currency":"TRY"}';
// printf '%s' '{"amount":"250.00","currency":"TRY"}' | sha256sum  -> 4ff63a67...796f
// printf '1700000123\nPOST\n/api/v3/payments?source=sdk\n4ff63a6723558d20b73516e88c3c0dc38e6eac8db4287d218d1b38e1d2d1796f' \
//   | openssl dgst -sha256 -hmac 'test_api_secret_0123456789'
const V3_POST_SIG = 'ac0c5f08014b8729235ea6d287c710d9c2c5d68cbe558d77e92e4bcff40d7bdd';

describe('v4 request signing (X-CEK-*)', () => {
  it('builds the text to sign from timestamp, uppercase method, path and body hash joined by line feeds', () => {
    expect(v4TextToSign({ method: 'post', path: '/api/v4/orders', body: V4_BODY, timestamp: 1700000000 })).toBe(
      `1700000000\nPOST\n/api/v4/orders\n${V4_BODY_HASH}`,
    );
  });

  it('signs a POST with a JSON body to the known HMAC-SHA256', () => {
    expect(v4RequestSignature(SECRET, { method: 'POST', path: '/api/v4/orders', body: V4_BODY, timestamp: '1700000000' })).toBe(V4_POST_SIG);
  });

  it('signs a request without a body with the hash of the empty string', () => {
    expect(v4TextToSign({ method: 'GET', path: '/api/v4/orders/123456789', timestamp: '1700000000' })).toBe(
      `1700000000\nGET\n/api/v4/orders/123456789\n${EMPTY_HASH}`,
    );
    expect(v4RequestSignature(SECRET, { method: 'GET', path: '/api/v4/orders/123456789', timestamp: '1700000000' })).toBe(V4_GET_SIG);
  });

  it('excludes the query string from the signed path', () => {
    const withQuery = v4RequestSignature(SECRET, {
      method: 'GET',
      path: '/api/v4/orders/123456789?expand=card&x=1',
      timestamp: '1700000000',
    });
    expect(withQuery).toBe(V4_GET_SIG);
  });

  it('uppercases the method before signing', () => {
    for (const method of ['get', 'Get', 'GET']) {
      expect(v4RequestSignature(SECRET, { method, path: '/api/v4/orders/123456789', timestamp: '1700000000' })).toBe(V4_GET_SIG);
    }
  });

  it('gives the same signature for the body as a string, a Buffer and a Uint8Array', () => {
    const bytes = Buffer.from(V4_BODY, 'utf8');
    const base = { method: 'POST', path: '/api/v4/orders', timestamp: '1700000000' };
    expect(v4RequestSignature(SECRET, { ...base, body: bytes })).toBe(V4_POST_SIG);
    expect(v4RequestSignature(SECRET, { ...base, body: new Uint8Array(bytes) })).toBe(V4_POST_SIG);
  });

  it('signV4Request returns the X-CEK-Timestamp and X-CEK-Signature header values', () => {
    expect(signV4Request({ secret: SECRET, method: 'post', path: '/api/v4/orders', body: V4_BODY, timestamp: 1700000000 })).toEqual({
      'X-CEK-Timestamp': '1700000000',
      'X-CEK-Signature': V4_POST_SIG,
    });
  });

  it('signV4Request uses the current time when no timestamp is given', () => {
    const before = Math.floor(Date.now() / 1000);
    const headers = signV4Request({ secret: SECRET, method: 'GET', path: '/api/v4/orders/123456789' });
    const after = Math.floor(Date.now() / 1000);
    const ts = Number(headers['X-CEK-Timestamp']);
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThanOrEqual(after);
    expect(headers['X-CEK-Signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a numeric timestamp that is not whole seconds', () => {
    expect(() => signV4Request({ secret: SECRET, method: 'GET', path: '/', timestamp: 1700000000.5 })).toThrow(RangeError);
  });
});

describe('v3 request signing (X-CAV-*)', () => {
  it('includes the query string exactly as sent in the signed target', () => {
    expect(v3TextToSign({ method: 'GET', target: '/api/v3/payments?page=2&limit=10', timestamp: '1700000000' })).toBe(
      `1700000000\nGET\n/api/v3/payments?page=2&limit=10\n${EMPTY_HASH}`,
    );
    expect(
      v3RequestSignature(SECRET, {
        method: 'GET',
        target: '/api/v3/payments?page=2&limit=10',
        timestamp: '1700000000',
      }),
    ).toBe(V3_GET_WITH_QUERY_SIG);
  });

  it('gives a different signature when the query string is dropped or reordered', () => {
    const without = v3RequestSignature(SECRET, { method: 'GET', target: '/api/v3/payments', timestamp: '1700000000' });
    expect(without).toBe(V3_GET_WITHOUT_QUERY_SIG);
    expect(without).not.toBe(V3_GET_WITH_QUERY_SIG);
    const reordered = v3RequestSignature(SECRET, {
      method: 'GET',
      target: '/api/v3/payments?limit=10&page=2',
      timestamp: '1700000000',
    });
    expect(reordered).not.toBe(V3_GET_WITH_QUERY_SIG);
  });

  it('signV3Request signs a POST with body and query and returns the X-CAV-* header values', () => {
    expect(
      signV3Request({
        secret: SECRET,
        method: 'post',
        target: '/api/v3/payments?source=sdk',
        body: V3_BODY,
        timestamp: '1700000123',
      }),
    ).toEqual({ 'X-CAV-Timestamp': '1700000123', 'X-CAV-Signature': V3_POST_SIG });
  });

  it('gives the same signature for the body as a string and as a Buffer', () => {
    expect(
      v3RequestSignature(SECRET, {
        method: 'POST',
        target: '/api/v3/payments?source=sdk',
        body: Buffer.from(V3_BODY),
        timestamp: 1700000123,
      }),
    ).toBe(V3_POST_SIG);
  });
});

describe('verifyV4Request', () => {
  const request = { secret: SECRET, method: 'POST', path: '/api/v4/orders', body: V4_BODY, timestamp: '1700000000' };

  it('accepts a correctly signed request inside the 300-second window', () => {
    expect(verifyV4Request({ ...request, signature: V4_POST_SIG, nowSeconds: 1700000300 })).toEqual({ ok: true });
  });

  it('rejects a timestamp that is not ten digits or a signature that is not 64 lowercase hex as bad_format', () => {
    expect(verifyV4Request({ ...request, timestamp: '170000000', signature: V4_POST_SIG, nowSeconds: 1700000000 })).toEqual({
      ok: false,
      reason: 'bad_format',
    });
    expect(verifyV4Request({ ...request, signature: V4_POST_SIG.toUpperCase(), nowSeconds: 1700000000 })).toEqual({
      ok: false,
      reason: 'bad_format',
    });
    expect(verifyV4Request({ ...request, signature: undefined, nowSeconds: 1700000000 })).toEqual({
      ok: false,
      reason: 'bad_format',
    });
  });

  it('rejects a timestamp more than 300 seconds off as stale', () => {
    expect(verifyV4Request({ ...request, signature: V4_POST_SIG, nowSeconds: 1700000301 })).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('rejects a request whose body was changed as mismatch', () => {
    expect(
      verifyV4Request({
        ...request,
        body: V4_BODY.replace('100.00', '1.00'),
        signature: V4_POST_SIG,
        nowSeconds: 1700000000,
      }),
    ).toEqual({ ok: false, reason: 'mismatch' });
  });
});

describe('verifyV3Request', () => {
  it('accepts the signature of the target with its query string', () => {
    expect(
      verifyV3Request({
        secret: SECRET,
        method: 'GET',
        target: '/api/v3/payments?page=2&limit=10',
        timestamp: '1700000000',
        signature: V3_GET_WITH_QUERY_SIG,
        nowSeconds: 1700000000,
      }),
    ).toEqual({ ok: true });
  });

  it('rejects a request whose query string differs from the one signed as mismatch', () => {
    expect(
      verifyV3Request({
        secret: SECRET,
        method: 'GET',
        target: '/api/v3/payments?page=3&limit=10',
        timestamp: '1700000000',
        signature: V3_GET_WITH_QUERY_SIG,
        nowSeconds: 1700000000,
      }),
    ).toEqual({ ok: false, reason: 'mismatch' });
  });
});
