import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { BURN_ADDRESSES, ZERO_ADDRESS, tronAccountId, tronAddress } from './tron-address';

describe('TRON addresses', () => {
  it('knows the zero address and the black hole as valid addresses', () => {
    expect(ZERO_ADDRESS).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    for (const address of BURN_ADDRESSES) expect(tronAccountId(address)).not.toBeNull();
  });

  it('accepts a real address and round-trips any account id', () => {
    expect(tronAccountId('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).not.toBeNull();
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (id) => expect(tronAccountId(tronAddress(Buffer.from(id)))).toEqual(Buffer.from(id))),
    );
  });

  it('refuses a changed character (checksum), another network, and malformed text', () => {
    const valid = tronAddress(randomBytes(20));
    const last = valid.at(-1) === 'a' ? 'b' : 'a';
    expect(tronAccountId(valid.slice(0, -1) + last)).toBeNull();
    expect(tronAccountId('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBeNull();
    for (const bad of ['', 'T', `T${'1'.repeat(33)}`, valid.replace('T', 't'), `${valid}x`, valid.slice(0, -1) + '0', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6I'])
      expect(tronAccountId(bad)).toBeNull();
  });
});
