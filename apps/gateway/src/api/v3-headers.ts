import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IdempotencyKeyTextSchema, type RequestDigest } from '@platform/contracts';
import { requestDigestOf, requestFingerprintOf, sandboxScenarioOf } from '@platform/service-kit';
import { parseOrReject } from '../validation/parse-or-reject';

/** The Idempotency-Key every v3 POST requires. */
export const IdempotencyKeySchema = z.object({
  'idempotency-key': IdempotencyKeyTextSchema,
});

/** The request's Idempotency-Key, or 422 1000001 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  return parseOrReject(IdempotencyKeySchema, { 'idempotency-key': headerOf(request, 'idempotency-key') })['idempotency-key'];
}

export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The optional sandbox scenario: sandbox keys only, and only the values the endpoint knows (422 1000001). */
export function sandboxScenario<T extends string>(request: FastifyRequest, environment: string, allowed: readonly T[]): T | null {
  return sandboxScenarioOf(headerOf(request, 'x-cav-sandbox-scenario'), environment, allowed);
}

/** The Idempotency-Key fingerprint: method, path, exact body bytes and the sandbox scenario header (ARCHITECTURE.md). */
export function requestFingerprint(request: FastifyRequest, scenario: string | null): string {
  return requestFingerprintOf(request.method, request.url, request.rawBody, scenario);
}

/** The request's digest kept with its Idempotency-Key (ADR 0034); see requestDigestOf. */
export function requestDigest(request: FastifyRequest): RequestDigest {
  return requestDigestOf(request.method, request.url, request.rawBody);
}

export { canonicalJson, fieldDigests } from '@platform/service-kit';
