import { createHmac } from 'node:crypto';

/**
 * The user's phone in the suites: an authenticator app computing RFC 6238 codes (SHA-1,
 * 6 digits, 30 s) from the base32 setup key a page shows, written apart from the panel's own
 * implementation so that a mistake in one is not repeated in the other.
 */
export function authenticatorCode(base32Key: string, at = new Date(), stepOffset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Key.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000) + stepOffset));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}
