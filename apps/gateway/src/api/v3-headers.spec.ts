import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fieldDigests, requestDigest } from './v3-headers';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The gateway's half of ADR 0034: hashes of the request a key is kept with, never the body. */
describe('requestDigest', () => {
  it('keeps the method, the path without its query, the body hash and one hash per top-level field', () => {
    const raw = '{"amount":"10.00","currency_code":"TRY"}';
    const request = { method: 'POST', url: '/api/v3/payments?x=1', rawBody: Buffer.from(raw) } as unknown as FastifyRequest;
    expect(requestDigest(request)).toEqual({
      method: 'POST',
      path: '/api/v3/payments',
      body_sha256: sha256(raw),
      fields: { amount: sha256('"10.00"'), currency_code: sha256('"TRY"') },
    });
  });

  it('has no field hashes without a JSON object body (a retry has no body)', () => {
    const request = { method: 'POST', url: '/api/v3/webhooks/deliveries/d/retry' } as unknown as FastifyRequest;
    expect(requestDigest(request)).toEqual({ method: 'POST', path: '/api/v3/webhooks/deliveries/d/retry', body_sha256: sha256(''), fields: null });
    expect(fieldDigests('[1,2]')).toBeNull();
    expect(fieldDigests('"text"')).toBeNull();
    expect(fieldDigests('{not json')).toBeNull();
  });

  it('hashes a value, not its spelling: whitespace and key order inside a field do not change it; another value does', () => {
    const a = fieldDigests('{"amount":"10.00","meta":{"a":1,"b":[true,null]}}')!;
    const b = fieldDigests('{ "meta" : { "b" : [ true , null ], "a" : 1 }, "amount" : "10.00" }')!;
    const c = fieldDigests('{"amount":"10.01","meta":{"a":1,"b":[true,null]}}')!;
    expect(b).toEqual(a);
    expect(c.meta).toBe(a.meta);
    expect(c.amount).not.toBe(a.amount);
  });

  it('tells null from a missing field and a string from a number', () => {
    const a = fieldDigests('{"merchant_reference":null,"n":"1"}')!;
    const b = fieldDigests('{"n":1}')!;
    expect(Object.keys(b)).toEqual(['n']);
    expect(a.merchant_reference).toBe(sha256('null'));
    expect(b.n).not.toBe(a.n);
  });
});
