import { createHash } from 'node:crypto';
import { createBase58check } from '@scure/base';

const TRON_VERSION = 0x41;

/** Base58Check (four bytes of double SHA-256) from an audited library; node's SHA-256. */
const base58check = createBase58check((data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest()));

/** A TRON address from its 20-byte account id (version byte 0x41, base58check). */
export function tronAddress(accountId: Buffer): string {
  return base58check.encode(Buffer.concat([Buffer.from([TRON_VERSION]), accountId]));
}

/** The 20-byte account id of a valid TRON address (base58check, version 0x41, checksum), or null. */
export function tronAccountId(address: string): Buffer | null {
  if (address.length > 64 || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return null;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(address); // throws on a bad checksum
  } catch {
    return null;
  }
  return payload.length === 21 && payload[0] === TRON_VERSION ? Buffer.from(payload.subarray(1)) : null;
}

export const ZERO_ADDRESS = tronAddress(Buffer.alloc(20, 0));

/**
 * Addresses nobody holds the key of: the zero address, the all-ones address, and the
 * network's well-known black hole. USDT sent there is gone.
 */
export const BURN_ADDRESSES = new Set([ZERO_ADDRESS, tronAddress(Buffer.alloc(20, 0xff)), 'TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy']);
