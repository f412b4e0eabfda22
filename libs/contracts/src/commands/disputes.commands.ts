import { z } from 'zod';
import { text } from '../text';
import { StorableWireAmountSchema } from '../wire-amount';
import { ENVIRONMENTS } from '../environment';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { RequestDigestSchema } from './idempotency-keys.commands';
import { PaginationMetaSchema } from './webhooks.commands';
import { OperatorSchema } from './operator';

export const DISPUTE_STATUSES = ['open', 'under_review', 'won', 'lost'] as const;
export const DISPUTE_REASONS = ['fraud', 'unauthorized', 'product_not_delivered', 'duplicate', 'amount_mismatch', 'other'] as const;

/** The spec's Dispute. */
export const DisputeSchema = z.object({
  id: z.string().uuid(),
  service: z.enum(['api', 'link']),
  amount: z.string(),
  currency: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.enum(DISPUTE_REASONS),
  reason_note: z.string().nullable(),
  occurred_on: z.string(),
  evidence_due_at: z.string().nullable(),
  evidence_submitted_at: z.string().nullable(),
  merchant_evidence_note: z.string().nullable(),
  merchant_evidence_submitted_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  created_at: z.string(),
  payment_code: z.string().nullable(),
  environment: z.enum(ENVIRONMENTS),
});
export type Dispute = z.infer<typeof DisputeSchema>;

const disputeListFilter = {
  page: z.number().int().min(1),
  per_page: z.number().int().min(1).max(100),
  status: z.enum(DISPUTE_STATUSES).nullable(),
};

/** A merchant's own disputes (the caller's environment). */
export const ListDisputes = defineCommand({
  type: 'disputes.list',
  topic: Topics.disputesCommands,
  request: z.object(disputeListFilter),
  reply: z.object({ data: z.array(DisputeSchema), meta: PaginationMetaSchema }),
});

/** Every merchant's disputes of an environment (the operators' queue), with the merchant. */
export const OperatorListDisputes = defineCommand({
  type: 'disputes.operator-list',
  topic: Topics.disputesOperatorCommands,
  request: z.object({ ...disputeListFilter, environment: z.enum(ENVIRONMENTS).optional() }),
  reply: z.object({ data: z.array(DisputeSchema.extend({ merchant_code: z.string() })), meta: PaginationMetaSchema }),
});

export const GetDispute = defineCommand({
  type: 'disputes.get',
  topic: Topics.disputesCommands,
  request: z.object({ id: z.string().uuid() }),
  reply: DisputeSchema,
});

export const EvidenceBodySchema = z.object({ note: text({ min: 3, max: 4000 }) }).strict();

/** The merchant's written evidence note; a new Idempotency-Key replaces the earlier note while the dispute is open. */
export const SubmitEvidence = defineCommand({
  type: 'disputes.evidence',
  topic: Topics.disputesCommands,
  request: z.object({ id: z.string().uuid(), body: EvidenceBodySchema, fingerprint: z.string(), request_digest: RequestDigestSchema.optional() }),
  reply: DisputeSchema,
});

export const SandboxDisputeBodySchema = z
  .object({ payment_code: text({ min: 1, max: 16 }), scenario: z.enum(['open', 'won', 'lost']).optional(), reason: z.enum(DISPUTE_REASONS) })
  .strict();

export const CreateSandboxDispute = defineCommand({
  type: 'disputes.sandbox-create',
  topic: Topics.disputesCommands,
  request: z.object({ body: SandboxDisputeBodySchema, fingerprint: z.string(), request_digest: RequestDigestSchema.optional() }),
  reply: DisputeSchema,
});

export const RecordDisputeBodySchema = z
  .object({
    merchant_code: z.string().regex(/^MRC-\d{6}$/),
    environment: z.enum(ENVIRONMENTS),
    service: z.enum(['api', 'link']),
    payment_code: text({ min: 1, max: 16 }).nullable().optional(),
    reason: z.enum(DISPUTE_REASONS),
    reason_note: text({ max: 2000 }).nullable().optional(),
    amount: StorableWireAmountSchema,
    currency: z.enum(['USD', 'EUR', 'AED', 'TRY']),
    occurred_on: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD')
      .optional(),
    evidence_due_at: z.string().datetime().nullable().optional(),
  })
  .strict();

/**
 * The operator records a dispute a bank raised; the ledger debits it at once. The operator's
 * Idempotency-Key makes a retry answer the same dispute (`created` false) and debit nothing more.
 */
export const RecordDispute = defineCommand({
  type: 'disputes.record',
  topic: Topics.disputesOperatorCommands,
  request: RecordDisputeBodySchema.extend({ idempotency_key: text({ min: 1, max: 255 }), fingerprint: z.string().min(1), operator: OperatorSchema }),
  reply: DisputeSchema.extend({ merchant_code: z.string(), created: z.boolean() }),
});

/** The operator's steps: under review, the platform's defence submitted, resolved won or lost. */
export const AdvanceDispute = defineCommand({
  type: 'disputes.advance',
  topic: Topics.disputesOperatorCommands,
  request: z.discriminatedUnion('action', [
    z.object({ id: z.string().uuid(), action: z.literal('under_review'), operator: OperatorSchema }),
    z.object({ id: z.string().uuid(), action: z.literal('evidence_submitted'), operator: OperatorSchema }),
    z.object({ id: z.string().uuid(), action: z.literal('resolve'), outcome: z.enum(['won', 'lost']), operator: OperatorSchema }),
  ]),
  reply: z.object({ before: DisputeSchema, after: DisputeSchema.extend({ merchant_code: z.string() }) }),
});
