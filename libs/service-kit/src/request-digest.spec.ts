import { createHash } from 'node:crypto';
import { canonicalJson, fieldDigests, requestDigestOf, requestFingerprintOf } from './request-digest';
import { fieldErrors, parseOrReject } from './parse-or-reject';
import { z } from 'zod';
import { ApiError } from '@platform/contracts';

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** The API's request identity as pure functions: what the gateway and the panel both compute. */
describe('requestFingerprintOf', () => {
  it('hashes method, path without its query, the body hash and the scenario, one per line', () => {
    const raw = '{"payment_code":"P1","operation_type":"refund","reason":"asked"}';
    expect(requestFingerprintOf('POST', '/api/v3/refunds?x=1', raw, 'completed')).toBe(
      sha256(['POST', '/api/v3/refunds', sha256(raw), 'completed'].join('\n')),
    );
    expect(requestFingerprintOf('POST', '/api/v3/refunds', Buffer.from(raw), null)).toBe(sha256(['POST', '/api/v3/refunds', sha256(raw), ''].join('\n')));
  });

  it('takes no body as the empty body, and tells bodies and scenarios apart', () => {
    expect(requestFingerprintOf('POST', '/p', undefined, null)).toBe(requestFingerprintOf('POST', '/p', '', null));
    expect(requestFingerprintOf('POST', '/p', '{"a":1}', null)).not.toBe(requestFingerprintOf('POST', '/p', '{"a": 1}', null));
    expect(requestFingerprintOf('POST', '/p', '', 'sent')).not.toBe(requestFingerprintOf('POST', '/p', '', null));
  });
});

describe('requestDigestOf', () => {
  it('keeps the request line, the body hash and one hash per top-level field', () => {
    const raw = '{"amount":"10.00","address":"T1","address_acknowledged":true}';
    expect(requestDigestOf('POST', '/api/v3/withdrawals', raw)).toEqual({
      method: 'POST',
      path: '/api/v3/withdrawals',
      body_sha256: sha256(raw),
      fields: { amount: sha256('"10.00"'), address: sha256('"T1"'), address_acknowledged: sha256('true') },
    });
    expect(requestDigestOf('POST', '/api/v3/webhooks/deliveries/d/retry', undefined)).toEqual({
      method: 'POST',
      path: '/api/v3/webhooks/deliveries/d/retry',
      body_sha256: sha256(''),
      fields: null,
    });
    expect(fieldDigests('[1]')).toBeNull();
  });

  it('writes canonical JSON with keys in code point order at every depth', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
  });
});

describe('parseOrReject', () => {
  const schema = z.object({ name: z.string().min(2, 'too short'), nested: z.object({ n: z.number() }) }).strict();

  it('answers the parsed value, or 422 1000001 with every failing field by path', () => {
    expect(parseOrReject(schema, { name: 'ab', nested: { n: 1 } })).toEqual({ name: 'ab', nested: { n: 1 } });
    try {
      parseOrReject(schema, { name: 'a', nested: { n: 'x' }, extra: 1 });
      throw new Error('not refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('1000001');
      expect((error as ApiError).extras.errors).toEqual({
        name: ['too short'],
        'nested.n': ['Expected number, received string'],
        extra: ['is not a known field'],
      });
    }
  });

  it('names the body when the input is not an object at all', () => {
    const result = schema.safeParse('text');
    expect(fieldErrors(result.success ? [] : result.error.issues)).toEqual({ body: ['Expected object, received string'] });
  });
});
