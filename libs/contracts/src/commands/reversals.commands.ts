import { z } from 'zod';
import { text } from '../text';
import { ENVIRONMENTS } from '../environment';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { RequestDigestSchema } from './idempotency-keys.commands';
import { PaginationMetaSchema } from './webhooks.commands';
import { OperatorSchema } from './operator';

export const REVERSAL_STATUSES = ['requested', 'processing', 'completed', 'rejected', 'failed', 'awaiting_provider_manual', 'cancelled'] as const;

/** The spec's Reversal (refund or void). */
export const ReversalSchema = z.object({
  id: z.string().uuid(),
  operation: z.enum(['refund', 'void']),
  status: z.enum(REVERSAL_STATUSES),
  amount: z.string(),
  currency: z.string(),
  reason: z.string(),
  provider_reference: z.string().nullable(),
  provider_refunded_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  payment_code: z.string().nullable(),
  environment: z.enum(ENVIRONMENTS),
});
export type Reversal = z.infer<typeof ReversalSchema>;

export const RequestReversalBodySchema = z
  .object({
    payment_code: text({ min: 1, max: 16 }),
    operation_type: z.enum(['refund', 'void']),
    reason: text({ min: 3, max: 500 }),
  })
  .strict();

/** Values of X-CAV-Sandbox-Scenario for POST /api/v3/refunds (sandbox only; the default is `completed`). */
export const REFUND_SCENARIOS = ['completed', 'rejected'] as const;

export const RequestReversal = defineCommand({
  type: 'payments.reversal-request',
  topic: Topics.paymentsCommands,
  request: z.object({
    body: RequestReversalBodySchema,
    /** Method, path, body hash and sandbox scenario header, hashed by the gateway. */
    fingerprint: z.string(),
    /** The sandbox scenario as sent (null: the default, `completed`). */
    scenario: z.enum(REFUND_SCENARIOS).nullable(),
    /** Request line and body hashes, kept with the key to name what a conflicting repeat changed (ADR 0034). */
    request_digest: RequestDigestSchema.optional(),
  }),
  reply: z.object({ reversal: ReversalSchema, scenario: z.enum(REFUND_SCENARIOS).nullable() }),
});

const reversalListFilter = {
  page: z.number().int().min(1),
  per_page: z.number().int().min(1).max(100),
  status: z.enum(REVERSAL_STATUSES).nullable(),
  operation_type: z.enum(['refund', 'void']).nullable(),
};

/** A merchant's own refunds and voids (the caller's environment). */
export const ListReversals = defineCommand({
  type: 'payments.reversal-list',
  topic: Topics.paymentsCommands,
  request: z.object(reversalListFilter),
  reply: z.object({ data: z.array(ReversalSchema), meta: PaginationMetaSchema }),
});

/** Every merchant's reversals of an environment (the review queue), with the merchant and who approved. */
export const OperatorListReversals = defineCommand({
  type: 'payments.operator-reversal-list',
  topic: Topics.paymentsOperatorCommands,
  request: z.object({ ...reversalListFilter, environment: z.enum(ENVIRONMENTS).optional() }),
  reply: z.object({
    data: z.array(ReversalSchema.extend({ merchant_code: z.string(), approved_by: z.string().nullable() })),
    meta: PaginationMetaSchema,
  }),
});

export const GetReversal = defineCommand({
  type: 'payments.reversal-get',
  topic: Topics.paymentsCommands,
  request: z.object({ id: z.string().uuid() }),
  reply: ReversalSchema,
});

/** The operator's decisions on a reversal (ARCHITECTURE.md, operator API). */

export const DecideReversal = defineCommand({
  type: 'payments.reversal-decide',
  topic: Topics.paymentsOperatorCommands,
  request: z.discriminatedUnion('action', [
    z.object({ id: z.string().uuid(), action: z.literal('approve'), operator: OperatorSchema }),
    z.object({ id: z.string().uuid(), action: z.literal('complete'), provider_reference: text({ min: 1, max: 100 }), operator: OperatorSchema }),
    z.object({ id: z.string().uuid(), action: z.literal('reject'), operator: OperatorSchema }),
    z.object({ id: z.string().uuid(), action: z.literal('cancel'), operator: OperatorSchema }),
  ]),
  reply: z.object({ before: ReversalSchema, after: ReversalSchema.extend({ merchant_code: z.string(), approved_by: z.string().nullable() }) }),
});
