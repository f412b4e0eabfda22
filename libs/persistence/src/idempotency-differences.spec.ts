import type { RequestDigest } from '@platform/contracts';
import { conflictOf, requestDifferences } from './idempotency-differences';

const hash = (letter: string) => letter.repeat(64);

const first: RequestDigest = {
  method: 'POST',
  path: '/api/v3/payments',
  body_sha256: hash('0'),
  fields: { amount: hash('a'), currency_code: hash('c'), merchant_reference: hash('r') },
};

/** What a 9000039 names: the fields, method and path of a repeat that differ from the first request. */
describe('requestDifferences', () => {
  it('names nothing for the same request', () => {
    expect(requestDifferences(first, { ...first })).toEqual({});
  });

  it('names a top-level field whose value differs', () => {
    expect(requestDifferences(first, { ...first, body_sha256: hash('1'), fields: { ...first.fields, amount: hash('b') } })).toEqual({
      amount: ['differs from the first request with this Idempotency-Key'],
    });
  });

  it('names a field sent only now and one sent only the first time, in field order', () => {
    const { merchant_reference: _dropped, ...rest } = first.fields!;
    expect(requestDifferences(first, { ...first, body_sha256: hash('1'), fields: { ...rest, return_url: hash('u') } })).toEqual({
      merchant_reference: ['was in the first request with this Idempotency-Key but is missing now'],
      return_url: ['was not in the first request with this Idempotency-Key'],
    });
  });

  it('names the method and the path when they differ (another dispute, another delivery)', () => {
    expect(requestDifferences({ ...first, path: '/api/v3/disputes/a/evidence' }, { ...first, method: 'PUT', path: '/api/v3/disputes/b/evidence' })).toEqual({
      method: ['differs from the first request with this Idempotency-Key'],
      path: ['differs from the first request with this Idempotency-Key'],
    });
  });

  it('names the body as a whole when either body was not a JSON object', () => {
    expect(requestDifferences({ ...first, fields: null }, { ...first, body_sha256: hash('1') })).toEqual({
      body: ['differs from the first request with this Idempotency-Key'],
    });
  });

  it('cannot name anything for a key kept before requests were recorded, or a request without a digest', () => {
    expect(requestDifferences(null, first)).toBeUndefined();
    expect(requestDifferences(first, undefined)).toBeUndefined();
  });
});

describe('conflictOf', () => {
  it('is a 9000039 with the differing fields as errors', () => {
    const error = conflictOf(first, { ...first, body_sha256: hash('1'), fields: { ...first.fields, amount: hash('b') } }, undefined);
    expect(error).toMatchObject({
      code: '9000039',
      message: 'This Idempotency-Key was used with a different request: amount differs',
      extras: { errors: { amount: ['differs from the first request with this Idempotency-Key'] } },
    });
  });

  it('keeps the operation’s own wording and adds what differs', () => {
    const error = conflictOf({ ...first, path: '/a' }, { ...first, path: '/b' }, 'This Idempotency-Key was used to retry another delivery');
    expect(error.message).toBe('This Idempotency-Key was used to retry another delivery: path differs');
  });

  it('says so when only the bytes of the body differ, not a field value', () => {
    const error = conflictOf(first, { ...first, body_sha256: hash('1') }, undefined);
    expect(error.message).toBe(
      'This Idempotency-Key was used with a different request: the body bytes differ (whitespace, key order or number format) though every field has the same value',
    );
    expect(error.extras).toEqual({ errors: { body: ['differs from the first request with this Idempotency-Key'] } });
  });

  it('is the plain 9000039 for a key kept before requests were recorded', () => {
    const error = conflictOf(null, first, undefined);
    expect(error).toMatchObject({ code: '9000039', message: 'This Idempotency-Key was used with a different request', extras: {} });
  });
});
