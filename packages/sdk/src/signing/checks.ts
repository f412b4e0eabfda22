import { timingSafeEqual } from 'node:crypto';

/** Allowed clock difference for request and webhook timestamps (seconds). */
export const DEFAULT_TIMESTAMP_TOLERANCE_SECONDS = 300;

const TEN_DIGITS = /^[0-9]{10}$/;
const LOWER_HEX_64 = /^[0-9a-f]{64}$/;

/** True for a Unix time in seconds written as exactly ten ASCII digits (a timestamp header). */
export function isTenDigitTimestamp(value: unknown): value is string {
  return typeof value === 'string' && TEN_DIGITS.test(value);
}

/** True for exactly 64 lowercase hex characters (a signature header or `sig`). */
export function isLowerHex64(value: unknown): value is string {
  return typeof value === 'string' && LOWER_HEX_64.test(value);
}

/**
 * True when `tsSeconds` is at most `toleranceSeconds` away from `nowSeconds`, in either
 * direction; a difference of exactly the tolerance is still accepted.
 */
export function timestampWithin(tsSeconds: number, nowSeconds: number, toleranceSeconds: number = DEFAULT_TIMESTAMP_TOLERANCE_SECONDS): boolean {
  if (!Number.isFinite(tsSeconds) || !Number.isFinite(nowSeconds) || !Number.isFinite(toleranceSeconds)) {
    return false;
  }
  return Math.abs(nowSeconds - tsSeconds) <= toleranceSeconds;
}

/**
 * Constant-time comparison of two hex signatures with `crypto.timingSafeEqual`. The strings
 * are compared as their bytes (not hex-decoded, so malformed hex cannot collapse to equal
 * buffers). Different lengths give false without throwing; only the length leaks.
 */
export function timingSafeEqualHex(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  if (a.length !== b.length) {
    // Do the same amount of work as a real comparison before answering.
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}

/** The current Unix time in whole seconds. */
export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** A timestamp as it appears in a header or a signed text; numbers must be whole seconds. */
export function formatTimestamp(timestamp: string | number): string {
  if (typeof timestamp === 'string') return timestamp;
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) {
    throw new RangeError(`timestamp must be whole Unix seconds, got ${String(timestamp)}`);
  }
  return String(timestamp);
}
