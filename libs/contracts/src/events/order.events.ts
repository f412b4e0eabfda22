import { z } from 'zod';
import { Topics } from '../topics';
import { defineEvent } from './event-envelope';

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
 * The webhook body of the Direct API (schema_version 3) exactly as the spec gives it, plus
 * `environment` for the dispatcher to pick the target and secret. Published through the
 * outbox when an order becomes paid or failed; `event_id` equals the envelope's.
 */
export const OrderOutcomeSchema = z.object({
  schema_version: z.literal(3),
  event_id: z.string().uuid(),
  event_type: z.enum(['checkout.order.succeeded', 'checkout.order.failed']),
  environment: z.enum(['sandbox', 'live']),
  order: z.object({
    code: z.string(),
    merchant_order_id: z.string(),
    status: z.enum(['paid', 'failed']),
    amount: z.string(),
    currency: z.literal('TRY'),
  }),
  merchant: z.object({ code: z.string() }),
  payment_details: z.object({ card: CardDetailsSchema.nullable() }),
  failure_code: z.string().optional(),
  failure_reason_code: z.string().optional(),
  failure_message: z.string().optional(),
});
export type OrderOutcome = z.infer<typeof OrderOutcomeSchema>;

export const OrderSucceeded = defineEvent({ type: 'checkout.order.succeeded', topic: Topics.ordersEvents, payload: OrderOutcomeSchema });
export const OrderFailed = defineEvent({ type: 'checkout.order.failed', topic: Topics.ordersEvents, payload: OrderOutcomeSchema });
