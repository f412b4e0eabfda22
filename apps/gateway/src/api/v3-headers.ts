import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError, Errors, type RequestDigest } from '@platform/contracts';
import { sha256Hex } from '@platform/signing';
import { parseOrReject } from '../validation/parse-or-reject';

/** The Idempotency-Key every v3 POST requires. */
export const IdempotencyKeySchema = z.object({
  'idempotency-key': z.string({ required_error: 'is required' }).regex(/^[\x21-\x7e]{1,255}$/, 'must be 1 to 255 visible ASCII characters'),
});

/** The request's Idempotency-Key, or 422 1000001 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  return parseOrReject(IdempotencyKeySchema, { 'idempotency-key': headerOf(request, 'idempotency-key') })['idempotency-key'];
}

export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

const SCENARIO_HEADER = 'x-cav-sandbox-scenario';

/** The optional sandbox scenario: sandbox keys only, and only the values the endpoint knows (422 1000001). */
export function sandboxScenario<T extends string>(request: FastifyRequest, environment: string, allowed: readonly T[]): T | null {
  const value = headerOf(request, SCENARIO_HEADER);
  if (value === undefined) return null;
  const refuse = (message: string) =>
    new ApiError(Errors.RequestSchemaInvalid, `X-CAV-Sandbox-Scenario ${message}`, { errors: { 'X-CAV-Sandbox-Scenario': [message] } });
  if (environment !== 'sandbox') throw refuse('is for sandbox keys only');
  if (!(allowed as readonly string[]).includes(value)) throw refuse(`must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** The Idempotency-Key fingerprint: method, path, exact body bytes and the sandbox scenario header (ARCHITECTURE.md). */
export function requestFingerprint(request: FastifyRequest, scenario: string | null): string {
  return createHash('sha256')
    .update([request.method, request.url.split('?')[0], sha256Hex(request.rawBody ?? ''), scenario ?? ''].join('\n'))
    .digest('hex');
}

/**
 * What the owning service keeps with an Idempotency-Key besides the fingerprint (ADR 0034):
 * method, path and SHA-256 of the exact body bytes fingerprinted above, and one SHA-256 per
 * top-level field of a JSON object body, so that a conflicting repeat's 9000039 can name
 * the fields that differ without the body being kept.
 */
export function requestDigest(request: FastifyRequest): RequestDigest {
  const raw = request.rawBody ?? '';
  return { method: request.method, path: request.url.split('?')[0]!, body_sha256: sha256Hex(raw), fields: fieldDigests(raw) };
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
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
