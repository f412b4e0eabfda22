import { isLowerHex64, isTenDigitTimestamp, timestampWithin, timingSafeEqualHex } from './checks';

const HEX_A = 'a'.repeat(64);

describe('isTenDigitTimestamp', () => {
  it('accepts exactly ten ASCII digits', () => {
    expect(isTenDigitTimestamp('1700000000')).toBe(true);
    expect(isTenDigitTimestamp('0000000000')).toBe(true);
  });

  it('rejects nine or eleven digits, signs, spaces, decimals and non-strings', () => {
    for (const value of [
      '170000000',
      '17000000000',
      '-170000000',
      '+170000000',
      ' 1700000000',
      '1700000000 ',
      '1700000000\n',
      '170000000.0',
      '',
      '１７００００００００',
    ]) {
      expect(isTenDigitTimestamp(value)).toBe(false);
    }
    expect(isTenDigitTimestamp(1700000000)).toBe(false);
    expect(isTenDigitTimestamp(undefined)).toBe(false);
    expect(isTenDigitTimestamp(['1700000000'])).toBe(false);
  });
});

describe('isLowerHex64', () => {
  it('accepts 64 lowercase hex characters', () => {
    expect(isLowerHex64('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')).toBe(true);
  });

  it('rejects uppercase hex, wrong lengths, non-hex characters and non-strings', () => {
    expect(isLowerHex64('E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855')).toBe(false);
    expect(isLowerHex64('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b85F')).toBe(false);
    expect(isLowerHex64('a'.repeat(63))).toBe(false);
    expect(isLowerHex64('a'.repeat(65))).toBe(false);
    expect(isLowerHex64('g'.repeat(64))).toBe(false);
    expect(isLowerHex64(`${'a'.repeat(64)}\n`)).toBe(false);
    expect(isLowerHex64(undefined)).toBe(false);
  });
});

describe('timestampWithin', () => {
  const now = 1_700_000_000;

  it('accepts a timestamp up to 300 seconds off in either direction by default', () => {
    expect(timestampWithin(now, now)).toBe(true);
    expect(timestampWithin(now - 300, now)).toBe(true);
    expect(timestampWithin(now + 300, now)).toBe(true);
  });

  it('rejects a timestamp more than 300 seconds in the past or the future by default', () => {
    expect(timestampWithin(now - 301, now)).toBe(false);
    expect(timestampWithin(now + 301, now)).toBe(false);
  });

  it('uses the given tolerance', () => {
    expect(timestampWithin(now - 600, now, 600)).toBe(true);
    expect(timestampWithin(now - 601, now, 600)).toBe(false);
  });

  it('rejects non-finite values instead of treating them as in range', () => {
    expect(timestampWithin(Number.NaN, now)).toBe(false);
    expect(timestampWithin(now, Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('timingSafeEqualHex', () => {
  it('returns true for identical signatures', () => {
    expect(timingSafeEqualHex(HEX_A, 'a'.repeat(64))).toBe(true);
  });

  it('returns false for signatures of equal length that differ in one character', () => {
    expect(timingSafeEqualHex(HEX_A, `${'a'.repeat(63)}b`)).toBe(false);
  });

  it('returns false without throwing when the lengths differ', () => {
    expect(() => timingSafeEqualHex(HEX_A, 'a'.repeat(63))).not.toThrow();
    expect(timingSafeEqualHex(HEX_A, 'a'.repeat(63))).toBe(false);
    expect(timingSafeEqualHex(HEX_A, '')).toBe(false);
    expect(timingSafeEqualHex('', HEX_A)).toBe(false);
  });

  it('compares the text, so invalid hex that would decode to the same bytes is not equal', () => {
    // Buffer.from('zz', 'hex') and Buffer.from('yy', 'hex') are both empty buffers.
    expect(timingSafeEqualHex('zz', 'yy')).toBe(false);
    expect(timingSafeEqualHex(HEX_A, HEX_A.toUpperCase())).toBe(false);
  });
});
