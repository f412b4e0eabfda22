import { z } from 'zod';
import { ENVIRONMENTS } from '../environment';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { ResourceVersionSchema } from '../vocabulary';
import { PaginationMetaSchema } from './webhooks.commands';
import { OperatorSchema } from './operator';

export const BinInfoSchema = z.object({
  bin: z.string(),
  bank_name: z.string().nullable(),
  network: z.enum(['visa', 'mastercard', 'amex', 'troy']).nullable(),
  card_type: z.enum(['credit', 'debit', 'prepaid']).nullable(),
  card_program: z.string().nullable(),
  country: z.string().length(2).nullable(),
  domestic: z.boolean(),
  payment_mode: z.enum(['direct', 'hosted']),
});
export type BinInfo = z.infer<typeof BinInfoSchema>;

export const BinLookup = defineCommand({
  type: 'orders.bin-lookup',
  topic: Topics.ordersCommands,
  request: z.object({ bin: z.string(), amount: z.string() }),
  reply: BinInfoSchema,
});

export const ORDER_STATUSES = ['requires_action', 'requires_hosted', 'pending', 'paid', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const OrderCardSchema = z.object({
  holder_name: z.string(),
  bin: z.string(),
  last_four: z.string(),
  network: z.string().nullable(),
  program: z.string().nullable(),
  issuer_bank_name: z.string().nullable(),
});

/**
 * A Direct API order as orders-v4 answers it over RPC, in the domain's terms (instants in
 * ISO 8601 UTC). Not the API body: the gateway maps it to the spec's Order object (`orderBody`).
 */
export const OrderRecordSchema = z.object({
  order_code: z.string(),
  merchant_order_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  amount: z.string(),
  currency: z.literal('TRY'),
  /** The 3-D Secure page, only while the customer can still answer it. */
  three_ds_url: z.string().nullable(),
  /** The hosted payment page, only until `hosted_expires_at`. */
  hosted_url: z.string().nullable(),
  hosted_expires_at: z.string().nullable(),
  failure_reason_code: z.string().nullable(),
  /** What the merchant and the customer are told of a failure. */
  failure_message: z.string().nullable(),
  card: OrderCardSchema.nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Raised by every change of `status` (ADR 0033). */
  version: ResourceVersionSchema,
});
export type OrderRecord = z.infer<typeof OrderRecordSchema>;

/** Card data never travels in the clear: the gateway seals it for orders-v4 (AES-256-GCM, CARD_DATA_KEY). */
export const SealedCardSchema = z.object({ sealed: z.string().min(1) });

export const CreateOrder = defineCommand({
  type: 'orders.create',
  topic: Topics.ordersCommands,
  request: z.object({
    merchant_order_id: z.string(),
    amount: z.string(),
    bin: z.string().optional(),
    card: SealedCardSchema.optional(),
  }),
  reply: z.object({ created: z.boolean(), order: OrderRecordSchema }),
});

export const GetOrder = defineCommand({
  type: 'orders.get',
  topic: Topics.ordersCommands,
  request: z.object({ merchant_order_id: z.string() }),
  reply: OrderRecordSchema,
});

/**
 * The caller's Direct API orders, newest first, for the merchant panel's list (ADR 0035); not
 * an API endpoint (the spec has none). Records like GetOrder's (ADR 0023): the panel maps each
 * with `orderBody`, so it shows exactly what GET /api/v4/orders/{merchant_order_id} answers.
 * `created_from` is inclusive, `created_to` exclusive; `search` matches the start of
 * merchant_order_id or of the order code. Paging as the API's lists.
 */
export const ListOrders = defineCommand({
  type: 'orders.list',
  topic: Topics.ordersCommands,
  request: z.object({
    page: z.number().int().min(1),
    per_page: z.number().int().min(1).max(100),
    status: z.enum(ORDER_STATUSES).nullable(),
    created_from: z.string().datetime({ offset: true }).nullable(),
    created_to: z.string().datetime({ offset: true }).nullable(),
    search: z.string().min(1).max(64).nullable(),
  }),
  reply: z.object({ data: z.array(OrderRecordSchema), meta: PaginationMetaSchema }),
});

export const SetSandboxOrderResult = defineCommand({
  type: 'orders.sandbox-result',
  topic: Topics.ordersCommands,
  request: z.object({ merchant_order_id: z.string(), result: z.enum(['paid', 'failed']) }),
  reply: OrderRecordSchema,
});

/** The customer's pages (checkout) read an order by the unguessable token in its address. */
export const GetCustomerOrder = defineCommand({
  type: 'orders.customer-view',
  topic: Topics.ordersCommands,
  request: z.object({ token: z.string().min(1).max(64) }),
  reply: z.object({
    order: OrderRecordSchema,
    environment: z.enum(['sandbox', 'live']),
    merchant_name: z.string(),
    three_ds_open: z.boolean(),
    /** A live bank's 3-D Secure page for the customer, while the order waits for it. */
    bank_page: z.string().nullable(),
    /** Origins the merchant allows to frame its hosted page. */
    frame_origins: z.array(z.string()),
  }),
});

/**
 * The customer is back from 3-D Secure: `test_screen` with the sandbox screen's button
 * (`{result}`), `bank_return` with the fields a live bank posted to checkout. The answer
 * says where the browser goes next; a failed hosted attempt keeps the hosted page open.
 */
export const ChallengeAnswerSchema = z
  .record(z.string().max(64), z.string().max(4096))
  .refine((answer) => Object.keys(answer).length <= 32, 'at most 32 fields');
export const CompleteThreeDs = defineCommand({
  type: 'orders.three-ds-complete',
  topic: Topics.ordersCommands,
  request: z.object({ token: z.string().min(1).max(64), source: z.enum(['test_screen', 'bank_return']), answer: ChallengeAnswerSchema }),
  reply: z.object({ order: OrderRecordSchema, return_url: z.string().nullable(), attempt_failure: z.string().nullable() }),
});

/** The customer pays on the hosted page; the card arrives sealed by checkout for orders-v4. */
export const HostedAttempt = defineCommand({
  type: 'orders.hosted-attempt',
  topic: Topics.ordersCommands,
  request: z.object({ token: z.string().min(1).max(64), card: SealedCardSchema }),
  /** `at_bank`: the card went to the bank's 3-D Secure page; the customer is sent there. */
  reply: z.object({ order: OrderRecordSchema, return_url: z.string().nullable(), attempt_failure: z.string().nullable(), at_bank: z.boolean() }),
});

/** The operator maintains the BIN table of an environment (live data comes from the card schemes). */
/**
 * A row of the operator's BIN table: `channel_available` false gives 0055230 (no route for
 * the BIN); `issuer_available` false gives 0055231 (the issuer cannot be charged now).
 */
export const BinRecordSchema = BinInfoSchema.omit({ bin: true }).extend({ channel_available: z.boolean(), issuer_available: z.boolean().default(true) });

export const UpsertBin = defineCommand({
  type: 'orders.upsert-bin',
  topic: Topics.ordersOperatorCommands,
  request: z.object({ environment: z.enum(['sandbox', 'live']), bin: z.string(), record: BinRecordSchema, operator: OperatorSchema }),
  reply: z.object({ before: BinRecordSchema.extend({ bin: z.string() }).nullable(), after: BinRecordSchema.extend({ bin: z.string() }) }),
});

/** The BIN table of an environment as the operators keep it, by BIN, optionally only BINs starting with some digits. */
export const OperatorListBins = defineCommand({
  type: 'orders.operator-bin-list',
  topic: Topics.ordersOperatorCommands,
  request: z.object({
    environment: z.enum(ENVIRONMENTS),
    bin_prefix: z
      .string()
      .regex(/^\d{0,6}$/, 'must be up to six digits')
      .default(''),
    page: z.number().int().min(1),
    per_page: z.number().int().min(1).max(100),
  }),
  reply: z.object({ data: z.array(BinRecordSchema.extend({ bin: z.string(), updated_at: z.string() })), meta: PaginationMetaSchema }),
});

/**
 * The bank confirms a payment late (the spec's "failed → paid, treat paid as the truth"):
 * a failed or pending order becomes paid and checkout.order.succeeded follows. Recorded by
 * an operator today; a bank connector sends the same command.
 */
export const ConfirmOrderLate = defineCommand({
  type: 'orders.late-confirmation',
  topic: Topics.ordersOperatorCommands,
  request: z.object({ order_code: z.string().min(1).max(64), operator: OperatorSchema }),
  reply: z.object({ merchant_code: z.string(), before: OrderRecordSchema, after: OrderRecordSchema }),
});
