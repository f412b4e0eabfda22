import { createHash } from 'node:crypto';
import type { RequestDigest } from '@platform/contracts';
import { sha256Hex } from '@platform/signing';

/*
 * The Idempotency-Key fingerprint and request digest of a POST /api/v3/payments whose body
 * is `raw`, computed exactly as the gateway computes them from a request
 * (apps/gateway/src/api/v3-headers.ts), so that the panel's sandbox payment and an API
 * request agree on what a repeat of a key is. A local copy until those pure functions are
 * shared from a library.
 */

export const CREATE_PAYMENT_PATH = '/api/v3/payments';

export function createPaymentFingerprint(raw: string): string {
  return createHash('sha256')
    .update(['POST', CREATE_PAYMENT_PATH, sha256Hex(raw), ''].join('\n'))
    .digest('hex');
}

export function createPaymentDigest(raw: string): RequestDigest {
  return { method: 'POST', path: CREATE_PAYMENT_PATH, body_sha256: sha256Hex(raw), fields: fieldDigests(raw) };
}

/** SHA-256 of each top-level field's value (canonical JSON: object keys sorted), or null when the body is not a JSON object. */
export function fieldDigests(raw: string): Record<string, string> | null {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  return Object.fromEntries(Object.entries(body).map(([field, value]) => [field, sha256Hex(canonicalJson(value))]));
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
