import { z } from 'zod';
import { Topics, type TopicName } from '../topics';
import { defineCommand, type CommandContract } from './command-contract';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'must be a lowercase hex SHA-256');

/**
 * What the gateway tells the owning service about a request that carries an Idempotency-Key,
 * besides its fingerprint: the request line, the SHA-256 of the exact body bytes and one
 * SHA-256 per top-level field of a JSON object body (ADR 0034). Only hashes: the body itself
 * is never kept. `fields` is null when the body is not a JSON object (no body, another type).
 */
export const RequestDigestSchema = z.object({
  method: z.string().min(1).max(16),
  path: z.string().min(1).max(2048),
  body_sha256: sha256Hex,
  fields: z.record(sha256Hex).nullable(),
});
export type RequestDigest = z.infer<typeof RequestDigestSchema>;

/**
 * The merchant's idempotent operations: the request each scope stands for and the status of
 * its first (successful) answer. Only successful requests keep their key (a refused one rolls
 * its claim back), so a completed key's first answer always had this status. `{id}` is the
 * key's `resource_id`. `dispute.record` is the operator's and never shown to a merchant.
 */
export const MERCHANT_IDEMPOTENCY_SCOPES = {
  'payment.create': { method: 'POST', path: '/api/v3/payments', status: 201 },
  'reversal.request': { method: 'POST', path: '/api/v3/refunds', status: 202 },
  'withdrawal.request': { method: 'POST', path: '/api/v3/withdrawals', status: 201 },
  'dispute.evidence': { method: 'POST', path: '/api/v3/disputes/{id}/evidence', status: 200 },
  'dispute.sandbox': { method: 'POST', path: '/api/v3/sandbox/disputes', status: 201 },
  'delivery.retry': { method: 'POST', path: '/api/v3/webhooks/deliveries/{id}/retry', status: 200 },
} as const satisfies Record<string, { method: string; path: string; status: number }>;
export type MerchantIdempotencyScope = keyof typeof MERCHANT_IDEMPOTENCY_SCOPES;
export const MERCHANT_IDEMPOTENCY_SCOPE_NAMES = Object.keys(MERCHANT_IDEMPOTENCY_SCOPES) as MerchantIdempotencyScope[];

/** One use of an Idempotency-Key by the caller (merchant and environment), as `GET /api/v3/idempotency-keys/{key}` answers it. */
export const IdempotencyKeyUseSchema = z.object({
  idempotency_key: z.string(),
  /** The operation the key was used for; a key serves one request per operation. */
  operation: z.enum(MERCHANT_IDEMPOTENCY_SCOPE_NAMES as [MerchantIdempotencyScope, ...MerchantIdempotencyScope[]]),
  method: z.string(),
  /** The path as sent; for keys kept before requests were recorded, the operation's path with the resource's id. */
  path: z.string(),
  /** Lowercase hex SHA-256 of the exact body bytes of the first request; null for keys kept before it was recorded. */
  body_sha256: z.string().nullable(),
  /** The X-CAV-Sandbox-Scenario header of the first request, or null. */
  sandbox_scenario: z.string().nullable(),
  /** `in_flight`: the first request is still being processed; `completed`: its answer is kept and a repeat replays it. */
  state: z.enum(['in_flight', 'completed']),
  /** The HTTP status of the first answer (a repeat of a payment creation answers 200); null while in flight. */
  response_status: z.number().int().nullable(),
  /** The payment code, reversal, withdrawal, dispute or delivery id the first request created or acted on. */
  resource_id: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type IdempotencyKeyUse = z.infer<typeof IdempotencyKeyUseSchema>;

const IdempotencyKeyQuery = z.object({ key: z.string().min(1).max(255) });
const IdempotencyKeyUses = z.object({ uses: z.array(IdempotencyKeyUseSchema) });

function keyQuery(service: string, topic: TopicName): CommandContract<z.infer<typeof IdempotencyKeyQuery>, z.infer<typeof IdempotencyKeyUses>> {
  return defineCommand({ type: `${service}.idempotency-key-uses`, topic, request: IdempotencyKeyQuery, reply: IdempotencyKeyUses });
}

/**
 * The caller's uses of one Idempotency-Key, asked of every service that keeps keys (each in
 * its own `idempotency_requests`): one contract, one command per owner's topic. An owner that
 * never saw the key answers an empty list.
 */
export const IdempotencyKeyUseQueries = {
  payments: keyQuery('payments', Topics.paymentsCommands),
  payouts: keyQuery('payouts', Topics.payoutsCommands),
  disputes: keyQuery('disputes', Topics.disputesCommands),
  webhooks: keyQuery('webhooks', Topics.webhooksCommands),
} as const;
