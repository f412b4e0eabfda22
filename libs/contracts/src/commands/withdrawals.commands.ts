import { z } from 'zod';
import { text } from '../text';
import { WireAmountSchema } from '../wire-amount';
import { ENVIRONMENTS } from '../environment';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { RequestDigestSchema } from './idempotency-keys.commands';
import { PaginationMetaSchema } from './webhooks.commands';
import { OperatorSchema } from './operator';

export const WITHDRAWAL_STATUSES = ['requested', 'sent', 'rejected'] as const;

/** The spec's Withdrawal. */
export const WithdrawalSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(WITHDRAWAL_STATUSES),
  amount: z.string(),
  currency: z.string(),
  asset: z.literal('USDT'),
  network: z.literal('TRC20'),
  address: z.string(),
  usdt_amount: z.string(),
  tx_hash: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  requested_at: z.string(),
  processed_at: z.string().nullable(),
  created_at: z.string(),
  environment: z.enum(ENVIRONMENTS),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const RequestWithdrawalBodySchema = z
  .object({
    amount: WireAmountSchema,
    address: text({ min: 1, max: 64 }),
    address_acknowledged: z.literal(true, { errorMap: () => ({ message: 'must be true: a chain transfer cannot be undone' }) }),
  })
  .strict();

/** Values of X-CAV-Sandbox-Scenario for POST /api/v3/withdrawals (sandbox only; the default is `sent`). */
export const WITHDRAWAL_SCENARIOS = ['sent', 'rejected'] as const;

export const RequestWithdrawal = defineCommand({
  type: 'payouts.withdrawal-request',
  topic: Topics.payoutsCommands,
  request: z.object({
    body: RequestWithdrawalBodySchema,
    fingerprint: z.string(),
    scenario: z.enum(WITHDRAWAL_SCENARIOS).nullable(),
    /** Request line and body hashes, kept with the key to name what a conflicting repeat changed (ADR 0034). */
    request_digest: RequestDigestSchema.optional(),
  }),
  reply: z.object({ withdrawal: WithdrawalSchema, scenario: z.enum(WITHDRAWAL_SCENARIOS).nullable() }),
});

const withdrawalListFilter = {
  page: z.number().int().min(1),
  per_page: z.number().int().min(1).max(100),
  status: z.enum(WITHDRAWAL_STATUSES).nullable(),
};

/** A merchant's own withdrawals (the caller's environment). */
export const ListWithdrawals = defineCommand({
  type: 'payouts.withdrawal-list',
  topic: Topics.payoutsCommands,
  request: z.object(withdrawalListFilter),
  reply: z.object({ data: z.array(WithdrawalSchema), meta: PaginationMetaSchema }),
});

/** Every merchant's withdrawals of an environment (the operators' queue), with the merchant and who approved. */
export const OperatorListWithdrawals = defineCommand({
  type: 'payouts.operator-withdrawal-list',
  topic: Topics.payoutsOperatorCommands,
  request: z.object({ ...withdrawalListFilter, environment: z.enum(ENVIRONMENTS).optional() }),
  reply: z.object({
    data: z.array(WithdrawalSchema.extend({ merchant_code: z.string(), approved_by: z.string().nullable() })),
    meta: PaginationMetaSchema,
  }),
});

export const GetWithdrawal = defineCommand({
  type: 'payouts.withdrawal-get',
  topic: Topics.payoutsCommands,
  request: z.object({ id: z.string().uuid() }),
  reply: WithdrawalSchema,
});

/** The operator sent the USDT (with the chain transaction hash) or rejects the request with a reason. */
export const DecideWithdrawal = defineCommand({
  type: 'payouts.withdrawal-decide',
  topic: Topics.payoutsOperatorCommands,
  request: z.discriminatedUnion('action', [
    z.object({ id: z.string().uuid(), action: z.literal('approve'), operator: OperatorSchema }),
    z.object({ id: z.string().uuid(), action: z.literal('send'), tx_hash: z.string().regex(/^[0-9a-f]{64}$/), operator: OperatorSchema }),
    z.object({ id: z.string().uuid(), action: z.literal('reject'), reason: text({ min: 3, max: 500 }), operator: OperatorSchema }),
  ]),
  reply: z.object({ before: WithdrawalSchema, after: WithdrawalSchema.extend({ merchant_code: z.string(), approved_by: z.string().nullable() }) }),
});
