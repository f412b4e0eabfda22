import { createHash } from 'node:crypto';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_VERSION = 0x41;

function base58Decode(text: string): Buffer | null {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const hex = value === 0n ? '' : value.toString(16);
  const bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  return Buffer.concat([Buffer.alloc(leadingZeros), bytes]);
}

function base58Encode(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

const checksumOf = (payload: Buffer) => createHash('sha256').update(createHash('sha256').update(payload).digest()).digest().subarray(0, 4);

/** A TRON address from its 20-byte account id (version byte 0x41, base58check). */
export function tronAddress(accountId: Buffer): string {
  const payload = Buffer.concat([Buffer.from([TRON_VERSION]), accountId]);
  return base58Encode(Buffer.concat([payload, checksumOf(payload)]));
}

/** The 20-byte account id of a valid TRON address (base58check, version 0x41, checksum), or null. */
export function tronAccountId(address: string): Buffer | null {
  if (address.length > 64 || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return null;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== TRON_VERSION) return null;
  const payload = bytes.subarray(0, 21);
  return checksumOf(payload).equals(bytes.subarray(21)) ? Buffer.from(bytes.subarray(1, 21)) : null;
}

export const ZERO_ADDRESS = tronAddress(Buffer.alloc(20, 0));

/**
 * Addresses nobody holds the key of: the zero address, the all-ones address, and the
 * network's well-known black hole. USDT sent there is gone.
 */
export const BURN_ADDRESSES = new Set([ZERO_ADDRESS, tronAddress(Buffer.alloc(20, 0xff)), 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy']);
