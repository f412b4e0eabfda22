import { PasswordHasher, passwordProblem } from './password-hash';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher(12);

  it('verifies the password it hashed and nothing else, with a fresh salt each time', async () => {
    const first = await hasher.hash('correct horse battery');
    const second = await hasher.hash('correct horse battery');
    expect(first).toMatch(/^scrypt\$12\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await hasher.verify('correct horse battery', first)).toBe(true);
    expect(await hasher.verify('correct horse batterY', first)).toBe(false);
    expect(await hasher.verify('correct horse battery', 'plain-text')).toBe(false);
  });

  it('reads hashes of another cost and says they need rehashing', async () => {
    const older = await new PasswordHasher(11).hash('correct horse battery');
    expect(await hasher.verify('correct horse battery', older)).toBe(true);
    expect(hasher.needsRehash(older)).toBe(true);
    expect(hasher.needsRehash(await hasher.hash('x'))).toBe(false);
  });

  it('refuses short, long and one-character passwords', () => {
    expect(passwordProblem('short')).toBe('too_short');
    expect(passwordProblem('a'.repeat(129))).toBe('too_long');
    expect(passwordProblem('aaaaaaaaaaaaab')).toBe('too_simple');
    expect(passwordProblem('correct horse battery')).toBeUndefined();
  });
});
