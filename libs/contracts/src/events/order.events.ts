import { z } from 'zod';
import { ORDER_STATUSES } from '../commands/orders.commands';
import { ENVIRONMENTS } from '../environment';
import { Topics } from '../topics';
import { ResourceVersionSchema } from '../vocabulary';
import { defineEvent, predecessor } from './event-envelope';

const CardDetailsSchema = z.object({
  holder_name: z.string(),
  bin: z.string(),
  last_four: z.string(),
  network: z.string().nullable(),
  program: z.string().nullable(),
  issuer_bank_code: z.string().nullable(),
  issuer_bank_name: z.string().nullable(),
  installment_count: z.number().int(),
  three_d: z.boolean(),
});

/**
 * The webhook body of the Direct API (schema_version 3) as the spec gives it, plus
 * `previous_status` and `order.version` (ADR 0033; the spec lets new fields appear): what the
 * merchant receives. Both are sent with every event written since versions exist; deliveries
 * of older events (and their retries) lack them.
 */
export const OrderWebhookBodySchema = z.object({
  schema_version: z.literal(3),
  event_id: z.string().uuid(),
  event_type: z.enum(['checkout.order.succeeded', 'checkout.order.failed']),
  /** The order's status before the change this event reports; null when the order was created paid or failed. */
  previous_status: z.enum(ORDER_STATUSES).nullable().optional(),
  order: z.object({
    code: z.string(),
    merchant_order_id: z.string(),
    status: z.enum(['paid', 'failed']),
    amount: z.string(),
    currency: z.literal('TRY'),
    /** The order's version after this change, as GET /api/v4/orders/{id} shows it. */
    version: ResourceVersionSchema.optional(),
  }),
  merchant: z.object({ code: z.string() }),
  payment_details: z.object({ card: CardDetailsSchema.nullable() }),
  failure_code: z.string().optional(),
  failure_reason_code: z.string().optional(),
  failure_message: z.string().optional(),
});
export type OrderWebhookBody = z.infer<typeof OrderWebhookBodySchema>;

/**
 * A Direct API order that finished (paid or failed), version 1: the facts in the domain's
 * terms. The ledger books a paid one; the webhook body is mapped from it by the dispatcher.
 */
export const OrderFinishedV1Schema = z.object({
  order_code: z.string(),
  merchant_order_id: z.string(),
  merchant_code: z.string(),
  environment: z.enum(ENVIRONMENTS),
  status: z.enum(['paid', 'failed']),
  amount: z.string(),
  currency: z.literal('TRY'),
  card: z
    .object({
      holder_name: z.string(),
      bin: z.string(),
      last_four: z.string(),
      network: z.string().nullable(),
      program: z.string().nullable(),
      issuer_bank_name: z.string().nullable(),
    })
    .nullable(),
  /** Whether the card went through 3-D Secure (a direct order's card always does). */
  three_d: z.boolean(),
  /** Why a failed order failed, as the merchant is told: the spec's code, reason and text. */
  failure: z.object({ code: z.string(), reason_code: z.string(), message: z.string() }).nullable(),
  /** The order's version after the change (ADR 0033); absent in events written before versions. */
  version: ResourceVersionSchema.optional(),
  /** The order's status before the change; null: created paid or failed. Absent in events written before versions. */
  previous_status: z.enum(ORDER_STATUSES).nullable().optional(),
});
export type OrderFinishedV1 = z.infer<typeof OrderFinishedV1Schema>;

/** Before version 1 the payload was the webhook body plus `environment`; such events are read as version 1. */
const LegacyOrderOutcomeSchema = OrderWebhookBodySchema.extend({ environment: z.enum(ENVIRONMENTS) }).transform((body): OrderFinishedV1 => {
  const card = body.payment_details.card;
  return {
    order_code: body.order.code,
    merchant_order_id: body.order.merchant_order_id,
    merchant_code: body.merchant.code,
    environment: body.environment,
    status: body.order.status,
    amount: body.order.amount,
    currency: body.order.currency,
    card: card
      ? {
          holder_name: card.holder_name,
          bin: card.bin,
          last_four: card.last_four,
          network: card.network,
          program: card.program,
          issuer_bank_name: card.issuer_bank_name,
        }
      : null,
    three_d: card?.three_d ?? false,
    failure: body.failure_code ? { code: body.failure_code, reason_code: body.failure_reason_code ?? '', message: body.failure_message ?? '' } : null,
    ...(body.order.version === undefined ? {} : { version: body.order.version }),
    ...(body.previous_status === undefined ? {} : { previous_status: body.previous_status }),
  };
});

export const OrderSucceededV1 = defineEvent({
  type: 'checkout.order.succeeded.v1',
  topic: Topics.ordersEvents,
  payload: OrderFinishedV1Schema,
  predecessors: [predecessor('checkout.order.succeeded', LegacyOrderOutcomeSchema)],
});
export const OrderFailedV1 = defineEvent({
  type: 'checkout.order.failed.v1',
  topic: Topics.ordersEvents,
  payload: OrderFinishedV1Schema,
  predecessors: [predecessor('checkout.order.failed', LegacyOrderOutcomeSchema)],
});
