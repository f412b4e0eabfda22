import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from './sealed-secret';

describe('sealed secrets', () => {
  const key = randomBytes(32);

  it('opens what it sealed', () => {
    expect(openSecret(sealSecret('sk_live_abc', key, 'ck_1'), key, 'ck_1')).toBe('sk_live_abc');
  });

  it('never contains the plaintext and differs on every seal', () => {
    const a = sealSecret('sk_live_abc', key, 'ck_1');
    const b = sealSecret('sk_live_abc', key, 'ck_1');
    expect(a).not.toContain('sk_live_abc');
    expect(a).not.toBe(b);
  });

  it('refuses a ciphertext moved to another key id', () => {
    expect(() => openSecret(sealSecret('sk', key, 'ck_1'), key, 'ck_2')).toThrow();
  });

  it('refuses another master key and a tampered ciphertext', () => {
    const sealed = sealSecret('sk', key, 'ck_1');
    expect(() => openSecret(sealed, randomBytes(32), 'ck_1')).toThrow();
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => openSecret(tampered, key, 'ck_1')).toThrow();
  });
});
