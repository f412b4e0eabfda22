import { buildReturnQuery, returnAddressSignature, returnAddressText, verifyReturnAddress } from './return-address';

const SECRET = 'test_api_secret_0123456789';
// printf '1700000000.123456789.paid.' | openssl dgst -sha256 -hmac 'test_api_secret_0123456789'
const PAID_SIG = '2f4b227ab633953efcb2e1ed41ed00fa32812d7d22ef51ff82d8fa0839aa8f10';
// printf '1700000000.123456789.failed.payment_declined' | openssl dgst -sha256 -hmac 'test_api_secret_0123456789'
const FAILED_SIG = '99a13500b79479170a0e02e44eafc5e7345394058e685aaaf97c989b84c099d9';

describe('returnAddressText and returnAddressSignature', () => {
  it('keeps the last dot when there is no failure_code', () => {
    expect(returnAddressText({ ts: 1700000000, orderCode: '123456789', status: 'paid' })).toBe('1700000000.123456789.paid.');
    expect(returnAddressSignature(SECRET, { ts: '1700000000', orderCode: '123456789', status: 'paid' })).toBe(PAID_SIG);
  });

  it('appends the failure_code after the last dot', () => {
    expect(
      returnAddressText({
        ts: '1700000000',
        orderCode: '123456789',
        status: 'failed',
        failureCode: 'payment_declined',
      }),
    ).toBe('1700000000.123456789.failed.payment_declined');
    expect(
      returnAddressSignature(SECRET, {
        ts: '1700000000',
        orderCode: '123456789',
        status: 'failed',
        failureCode: 'payment_declined',
      }),
    ).toBe(FAILED_SIG);
  });
});

describe('buildReturnQuery', () => {
  it('builds order_code, status, ts, key_version and sig without failure_code for a paid order', () => {
    const query = buildReturnQuery({
      secret: SECRET,
      keyVersion: 2,
      orderCode: '123456789',
      status: 'paid',
      ts: 1700000000,
    });
    expect(query).toEqual({
      order_code: '123456789',
      status: 'paid',
      ts: '1700000000',
      key_version: '2',
      sig: PAID_SIG,
    });
    expect(Object.keys(query)).toEqual(['order_code', 'status', 'ts', 'key_version', 'sig']);
  });

  it('includes failure_code between status and ts for a failed order that has one', () => {
    const query = buildReturnQuery({
      secret: SECRET,
      keyVersion: 1,
      orderCode: '123456789',
      status: 'failed',
      failureCode: 'payment_declined',
      ts: 1700000000,
    });
    expect(new URLSearchParams(Object.entries(query)).toString()).toBe(
      `order_code=123456789&status=failed&failure_code=payment_declined&ts=1700000000&key_version=1&sig=${FAILED_SIG}`,
    );
  });

  it('leaves failure_code out when it is null or empty', () => {
    for (const failureCode of [null, '']) {
      const query = buildReturnQuery({
        secret: SECRET,
        keyVersion: 1,
        orderCode: '123456789',
        status: 'failed',
        failureCode,
        ts: 1700000000,
      });
      expect(query).not.toHaveProperty('failure_code');
    }
  });

  it('refuses an order code with anything but digits, which could shift the dotted fields', () => {
    expect(() => buildReturnQuery({ secret: SECRET, keyVersion: 1, orderCode: '123.456', status: 'paid', ts: 1700000000 })).toThrow(RangeError);
  });

  it('produces parameters that verifyReturnAddress accepts', () => {
    const query = buildReturnQuery({
      secret: SECRET,
      keyVersion: 3,
      orderCode: '987654321',
      status: 'failed',
      failureCode: 'expired_card',
    });
    expect(verifyReturnAddress(query, SECRET)).toEqual({ ok: true });
  });
});

describe('verifyReturnAddress', () => {
  const paid = { order_code: '123456789', status: 'paid', ts: '1700000000', key_version: '1', sig: PAID_SIG };
  const failed = { ...paid, status: 'failed', failure_code: 'payment_declined', sig: FAILED_SIG };

  it('accepts a paid return without failure_code', () => {
    expect(verifyReturnAddress(paid, SECRET, 1700000000)).toEqual({ ok: true });
  });

  it('accepts a failed return with failure_code', () => {
    expect(verifyReturnAddress(failed, SECRET, 1700000000)).toEqual({ ok: true });
  });

  it('accepts a ts exactly 10 minutes old', () => {
    expect(verifyReturnAddress(paid, SECRET, 1700000600)).toEqual({ ok: true });
  });

  it('rejects a ts older than 10 minutes as stale', () => {
    expect(verifyReturnAddress(paid, SECRET, 1700000601)).toEqual({ ok: false, reason: 'stale' });
  });

  it('uses the given maximum age', () => {
    expect(verifyReturnAddress(paid, SECRET, 1700000601, 900)).toEqual({ ok: true });
    expect(verifyReturnAddress(paid, SECRET, 1700000061, 60)).toEqual({ ok: false, reason: 'stale' });
  });

  it('rejects a failure_code removed from a failed return as mismatch', () => {
    const { failure_code: _dropped, ...withoutFailureCode } = failed;
    expect(_dropped).toBe('payment_declined');
    expect(verifyReturnAddress(withoutFailureCode, SECRET, 1700000000)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('rejects a status changed from failed to paid as mismatch', () => {
    expect(verifyReturnAddress({ ...failed, status: 'paid' }, SECRET, 1700000000)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('rejects a signature made with another secret as mismatch', () => {
    expect(verifyReturnAddress(paid, 'another_secret', 1700000000)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('rejects malformed parameters as bad_format', () => {
    const cases = [
      { ...paid, ts: '170000000' },
      { ...paid, sig: PAID_SIG.toUpperCase() },
      { ...paid, sig: undefined },
      { ...paid, order_code: undefined },
      { ...paid, order_code: '123.456' },
      { ...paid, status: 'refunded' },
    ];
    for (const params of cases) {
      expect(verifyReturnAddress(params, SECRET, 1700000000)).toEqual({ ok: false, reason: 'bad_format' });
    }
  });
});
