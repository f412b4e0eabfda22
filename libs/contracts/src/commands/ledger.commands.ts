import { z } from 'zod';
import { PagingQuerySchema } from '../api/v3-lists.api';
import { text } from '../text';
import { ENVIRONMENTS } from '../environment';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { OperatorSchema } from './operator';
import { PaginationMetaSchema } from './webhooks.commands';

export const WALLETS = ['api', 'link', 'shop'] as const;
export type Wallet = (typeof WALLETS)[number];

/** The spec's Balance. */
export const BalanceSchema = z.object({
  currency_code: z.string(),
  available_amount: z.string(),
  pending_settlement_amount: z.string(),
  environment: z.enum(ENVIRONMENTS),
});

/** The spec's WithdrawableBalance. */
export const WithdrawableBalanceSchema = z.object({
  currency_code: z.string(),
  withdrawable_amount: z.string(),
  can_withdraw: z.boolean(),
  environment: z.enum(ENVIRONMENTS),
});

export const GetBalance = defineCommand({ type: 'ledger.balance', topic: Topics.ledgerCommands, request: z.object({}), reply: BalanceSchema });
export const GetWithdrawableBalance = defineCommand({
  type: 'ledger.balance-withdrawable',
  topic: Topics.ledgerCommands,
  request: z.object({}),
  reply: WithdrawableBalanceSchema,
});

export const ReservationSchema = z.object({
  operation_id: z.string(),
  kind: z.enum(['refund', 'withdrawal']),
  wallet: z.enum(WALLETS),
  amount: z.string(),
  currency_code: z.string(),
  status: z.enum(['reserved', 'released', 'consumed']),
  confirmed: z.boolean(),
});
export type Reservation = z.infer<typeof ReservationSchema>;

/**
 * Sets money of the caller's wallet aside for one operation; idempotent by `operation_id`.
 * A withdrawal names `amount` (base currency), taken from available (422 9000020 when
 * smaller). A refund names `payment_reference` (`v3:<code>`) and reserves exactly what
 * that payment was booked at: from pending settlement while it has not settled, from
 * available afterwards; one live reservation per payment (409 1000012). Only the owner
 * releases: a reservation it has not confirmed within `confirm_within_seconds` is listed
 * by ListUnconfirmedReservations for the owner to confirm or release (ADR 0012).
 */
export const ReserveFunds = defineCommand({
  type: 'ledger.reserve',
  topic: Topics.ledgerReservations,
  request: z
    .object({
      operation_id: text({ min: 1, max: 100 }),
      kind: z.enum(['refund', 'withdrawal']),
      wallet: z.enum(WALLETS),
      amount: z.string().optional(),
      payment_reference: z.string().optional(),
      confirm_within_seconds: z.number().int().min(1).max(86400).default(300),
    })
    .refine((request) => (request.amount === undefined) !== (request.payment_reference === undefined), 'exactly one of amount and payment_reference'),
  reply: ReservationSchema,
});

/** The owner of the operation committed it: the reservation stays until released or consumed. 409 1000012 unless it is `reserved`. */
export const ConfirmReservation = defineCommand({
  type: 'ledger.confirm',
  topic: Topics.ledgerReservations,
  request: z.object({ operation_id: z.string() }),
  reply: ReservationSchema,
});
/** The operation was rejected or cancelled: the amount returns to available. */
export const ReleaseReservation = defineCommand({
  type: 'ledger.release',
  topic: Topics.ledgerReservations,
  request: z.object({ operation_id: z.string() }),
  reply: ReservationSchema,
});
/** The money left (refund done, USDT sent): the reserved amount is gone for good. */
export const ConsumeReservation = defineCommand({
  type: 'ledger.consume',
  topic: Topics.ledgerReservations,
  request: z.object({ operation_id: z.string() }),
  reply: ReservationSchema,
});

/** Reservations of one kind whose owner has not confirmed them by `due_before`, for the owner to settle. */
export const ListUnconfirmedReservations = defineCommand({
  type: 'ledger.list-unconfirmed',
  topic: Topics.ledgerReservations,
  request: z.object({
    kind: z.enum(['refund', 'withdrawal']),
    due_before: z.string().datetime(),
    /** The page after this reservation (the last of the page before), oldest due first, 200 a page. */
    after: z.object({ confirm_by: z.string().min(1), operation_id: z.string().min(1) }).optional(),
  }),
  reply: z.array(
    z.object({
      operation_id: z.string(),
      merchant_code: z.string(),
      environment: z.enum(ENVIRONMENTS),
      payment_reference: z.string().nullable(),
      /** When it was due, as the ledger keeps it (microseconds); absent from a ledger that answers one page only. */
      confirm_by: z.string().optional(),
    }),
  ),
});

/**
 * What a reservation must look like after each step. A reply in any other state means the
 * money is not where the owner believes it is: the step failed, whatever the transport said.
 */
export function assertReservationAfter(step: 'confirm' | 'consume' | 'release', reservation: Reservation): void {
  const expected = step === 'confirm' ? 'reserved' : step === 'consume' ? 'consumed' : 'released';
  if (reservation.status !== expected || (step === 'confirm' && !reservation.confirmed)) {
    throw new Error(`reservation ${reservation.operation_id} is ${reservation.status} after ${step}`);
  }
}

/** An operator credits or debits a wallet by hand, with a reason; the key makes it once-only. */
export const AdjustWallet = defineCommand({
  type: 'ledger.adjust',
  topic: Topics.ledgerOperatorCommands,
  request: z.object({
    merchant_code: z.string(),
    environment: z.enum(ENVIRONMENTS),
    wallet: z.enum(WALLETS),
    direction: z.enum(['credit', 'debit']),
    amount: z.string(),
    reason: text({ min: 3, max: 500 }),
    idempotency_key: text({ min: 1, max: 255 }),
    actor: z.string(),
  }),
  reply: z.object({ transaction_id: z.string().uuid(), created: z.boolean() }),
});

export const WalletBalancesSchema = z.object({
  merchant_code: z.string(),
  environment: z.enum(ENVIRONMENTS),
  currency_code: z.string(),
  wallets: z.array(z.object({ wallet: z.enum(WALLETS), available: z.string(), pending_settlement: z.string(), reserved: z.string() })),
});

export const GetWalletBalances = defineCommand({
  type: 'ledger.wallets',
  topic: Topics.ledgerOperatorCommands,
  request: z.object({ merchant_code: z.string(), environment: z.enum(ENVIRONMENTS) }),
  reply: WalletBalancesSchema,
});

/** Proves the books: every transaction balances per currency and every running total equals its postings. */
export const TrialBalance = defineCommand({
  type: 'ledger.trial-balance',
  topic: Topics.ledgerOperatorCommands,
  request: z.object({}),
  reply: z.object({
    balanced: z.boolean(),
    transactions: z.number().int(),
    postings: z.number().int(),
    unbalanced_transactions: z.array(z.string()),
    mismatched_accounts: z.array(z.string()),
    totals: z.array(z.object({ currency_code: z.string(), sum: z.string() })),
  }),
});

export const ParkedEventSchema = z.object({
  id: z.string(),
  event_id: z.string().nullable(),
  event_type: z.string().nullable(),
  topic: z.string(),
  partition: z.number().int(),
  offset: z.string(),
  reason: z.string(),
  failures: z.number().int(),
  parked_at: z.string(),
  replayed_at: z.string().nullable(),
});

/** An operator's look at the parked events: a page of them, or the one an event id names. */
export const ParkedEventsQuerySchema = PagingQuerySchema.extend({
  event_id: z
    .string()
    .uuid('must be an event id (a UUID)')
    .transform((id) => id.toLowerCase())
    .optional(),
}).strict();

/**
 * Money events the ledger could not apply (unreadable, or failing again and again) and not yet
 * replayed, oldest first, a page at a time: an unreadable one never leaves the list, so the list
 * must reach past any number of them.
 */
export const ListParkedEvents = defineCommand({
  type: 'ledger.parked-events',
  topic: Topics.ledgerOperatorCommands,
  // The defaults and the optional meta let a caller and a ledger one release apart still talk during a rolling deploy.
  request: z.object({
    page: z.number().int().min(1).default(1),
    per_page: z.number().int().min(1).max(100).default(100),
    event_id: z.string().uuid().optional(),
  }),
  reply: z.object({ data: z.array(ParkedEventSchema), meta: PaginationMetaSchema.optional() }),
});

/** Applies a parked event again once its cause is fixed; exactly once, like any event. */
export const ReplayParkedEvent = defineCommand({
  type: 'ledger.replay-parked-event',
  topic: Topics.ledgerOperatorCommands,
  request: z.object({ id: z.string().regex(/^\d{1,18}$/), operator: OperatorSchema }),
  reply: z.object({ id: z.string(), applied: z.boolean() }),
});
