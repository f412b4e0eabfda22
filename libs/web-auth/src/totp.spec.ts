import { acceptedStep, base32Decode, base32Encode, hotp, otpauthUri, timeStep } from './totp';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", 8-digit codes; the last six digits are the 6-digit code.
const RFC_SECRET = Buffer.from('12345678901234567890');
const RFC_VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
];

describe('TOTP', () => {
  it('computes the RFC 6238 test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(hotp(RFC_SECRET, timeStep(new Date(seconds * 1000)))).toBe(code.slice(2));
  });

  it('round-trips base32', () => {
    expect(base32Encode(RFC_SECRET)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq')).toEqual(RFC_SECRET);
  });

  it('accepts the code of the current step or one step either side, once', () => {
    const secret = base32Encode(RFC_SECRET);
    const at = new Date(1111111111 * 1000);
    const step = timeStep(at);
    expect(acceptedStep(secret, '050471', at, null)).toBe(step);
    expect(acceptedStep(secret, '050471', at, step)).toBeUndefined();
    expect(acceptedStep(secret, hotp(RFC_SECRET, step + 1), at, step)).toBe(step + 1);
    expect(acceptedStep(secret, hotp(RFC_SECRET, step - 2), at, null)).toBeUndefined();
    expect(acceptedStep(secret, '12345', at, null)).toBeUndefined();
    expect(acceptedStep(secret, 'abcdef', at, null)).toBeUndefined();
  });

  it('names the account and issuer in the authenticator URI', () => {
    expect(otpauthUri('ABC', 'dev@shop.example')).toBe(
      'otpauth://totp/Card%20Platform%3Adev%40shop.example?secret=ABC&issuer=Card%20Platform&algorithm=SHA1&digits=6&period=30',
    );
  });
});
