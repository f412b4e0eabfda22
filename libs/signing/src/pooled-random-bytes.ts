import { randomBytes, randomFillSync } from 'node:crypto';

const BLOCK_BYTES = 4096;
/** Larger draws go to the CSPRNG on their own: the block is for the small secrets every request makes. */
export const MAX_POOLED_BYTES = 256;

const block = Buffer.allocUnsafeSlow(BLOCK_BYTES);
let taken = BLOCK_BYTES;

/**
 * `crypto.randomBytes(size)` for the small secrets made on every request (payment codes, page and
 * customer tokens), drawn from a 4 KiB block filled from the CSPRNG and refilled when used up, as
 * Node's `randomUUID` does. A call into OpenSSL costs about 2 µs, 8 µs in payments-v3's profile
 * under load; a draw costs a copy. What is handed out is wiped from the block and never handed out again.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`size must be a whole number of bytes, got ${size}`);
  if (size > MAX_POOLED_BYTES) return randomBytes(size);
  if (taken + size > BLOCK_BYTES) {
    randomFillSync(block);
    taken = 0;
  }
  const bytes = Buffer.from(block.subarray(taken, taken + size));
  block.fill(0, taken, taken + size);
  taken += size;
  return bytes;
}
