import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * options.N! * options.r! + 16 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Passwords under scrypt, Node's memory-hard function (RFC 7914): `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`.
 * The parameters travel with each hash, so raising the cost later leaves older hashes
 * readable; `needsRehash` tells the sign-in to replace them.
 */
export class PasswordHasher {
  /** log2 N = 17, r = 8, p = 1 is OWASP's minimum for scrypt (128 MiB per hash). */
  constructor(private readonly log2Cost = 17) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, { N: 2 ** this.log2Cost, r: 8, p: 1 });
    return ['scrypt', this.log2Cost, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  async verify(password: string, stored: string): Promise<boolean> {
    const [scheme, log2N, r, p, salt, key] = stored.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: 2 ** Number(log2N), r: Number(r), p: Number(p) });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  needsRehash(stored: string): boolean {
    return stored.split('$')[1] !== String(this.log2Cost);
  }
}

/** Good enough to refuse the obvious: 12 to 128 characters, not one repeated character. */
export function passwordProblem(password: string): 'too_short' | 'too_long' | 'too_simple' | undefined {
  if (password.length < 12) return 'too_short';
  if (password.length > 128) return 'too_long';
  if (new Set(password).size < 4) return 'too_simple';
  return undefined;
}
