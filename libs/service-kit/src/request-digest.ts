import { createHash } from 'node:crypto';
import type { RequestDigest } from '@platform/contracts';
import { sha256Hex } from '@platform/signing';

/**
 * How a request that carries an Idempotency-Key is recognised (ARCHITECTURE.md, ADR 0034),
 * as pure functions of the request line and the exact body bytes: the gateway computes them
 * for the API's requests, and the merchant panel for the same operation sent from a form, so
 * a repeat is a repeat whichever door it came through.
 */

/** The path without its query, as the fingerprint and the digest keep it. */
function pathOnly(path: string): string {
  return path.split('?')[0]!;
}

/** The Idempotency-Key fingerprint: method, path, exact body bytes and the sandbox scenario header. */
export function requestFingerprintOf(method: string, path: string, rawBody: string | Buffer | undefined, scenario: string | null): string {
  return createHash('sha256')
    .update([method, pathOnly(path), sha256Hex(rawBody ?? ''), scenario ?? ''].join('\n'))
    .digest('hex');
}

/**
 * What the owning service keeps with an Idempotency-Key besides the fingerprint (ADR 0034):
 * method, path and SHA-256 of the exact body bytes fingerprinted above, and one SHA-256 per
 * top-level field of a JSON object body, so that a conflicting repeat's 9000039 can name
 * the fields that differ without the body being kept.
 */
export function requestDigestOf(method: string, path: string, rawBody: string | Buffer | undefined): RequestDigest {
  const raw = rawBody ?? '';
  return { method, path: pathOnly(path), body_sha256: sha256Hex(raw), fields: fieldDigests(raw) };
}

/** SHA-256 of each top-level field's value (canonical JSON: object keys sorted), or null when the body is not a JSON object. */
export function fieldDigests(raw: string | Buffer): Record<string, string> | null {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString());
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  return Object.fromEntries(Object.entries(body).map(([field, value]) => [field, sha256Hex(canonicalJson(value))]));
}

/** JSON with object keys in code point order, so that only a value changes a field's hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
