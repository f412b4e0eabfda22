import { z } from 'zod';
import { ORDER_STATUSES, OrderCardSchema, type OrderRecord } from '../commands/orders.commands';
import { text } from '../text';
import { ResourceVersionSchema } from '../vocabulary';

/** The Order object of the Direct API: the spec's table, plus `version` (ADR 0033; the spec lets new fields appear). */
export const OrderBodySchema = z.object({
  order_code: z.string(),
  merchant_order_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  amount: z.string(),
  currency: z.literal('TRY'),
  redirect_url: z.string().nullable(),
  hosted_url: z.string().nullable(),
  hosted_expires_at: z.string().nullable(),
  failure_reason_code: z.string().nullable(),
  failure_message: z.string().nullable(),
  card: OrderCardSchema.nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** 1 when created, one more with each change of `status`: the higher of two is the newer. */
  version: ResourceVersionSchema,
});
export type OrderBody = z.infer<typeof OrderBodySchema>;

/** ISO 8601 with the +00:00 offset the spec shows. */
export function isoUtc(date: Date | string): string {
  return new Date(date).toISOString().replace('Z', '+00:00');
}

/** The one mapping from an order as orders-v4 answers it to the Direct API's Order object. */
export function orderBody(order: OrderRecord): OrderBody {
  return {
    order_code: order.order_code,
    merchant_order_id: order.merchant_order_id,
    status: order.status,
    amount: order.amount,
    currency: order.currency,
    redirect_url: order.three_ds_url,
    hosted_url: order.hosted_url,
    hosted_expires_at: order.hosted_expires_at === null ? null : isoUtc(order.hosted_expires_at),
    failure_reason_code: order.failure_reason_code,
    failure_message: order.failure_message,
    card: order.card,
    created_at: isoUtc(order.created_at),
    completed_at: order.completed_at === null ? null : isoUtc(order.completed_at),
    version: order.version,
  };
}

export const MerchantOrderIdSchema = text({ min: 1, max: 64 }, z.string().regex(/^[A-Za-z0-9._-]*$/, 'only A-Z a-z 0-9 . _ - are allowed'));

const CardSchema = z
  .object({
    holder_name: text({ min: 2, max: 120 }, z.string().trim()),
    number: z.string().regex(/^\d{13,19}$/, 'must be 13 to 19 digits'),
    expiry_month: z.string().regex(/^(0[1-9]|1[0-2])$/, 'must be 01 to 12'),
    expiry_year: z.string().regex(/^\d{2}$/, 'must be 2 digits'),
    cvv: z.string().regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
  })
  .strict();

/** Direct (`card`) or hosted (`bin`) order; the body decides the mode, both together is a schema error. */
export const CreateOrderBodySchema = z
  .object({
    merchant_order_id: MerchantOrderIdSchema,
    amount: z.string(),
    card: CardSchema.optional(),
    bin: z
      .string()
      .regex(/^\d{6}$/, 'must be exactly six digits')
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.card && body.bin) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'send either card or bin, not both' });
      ctx.addIssue({ code: 'custom', path: ['bin'], message: 'send either card or bin, not both' });
    } else if (!body.card && !body.bin) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'card (direct) or bin (hosted) is required' });
    }
  });
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

export const SandboxResultBodySchema = z.object({ result: z.enum(['paid', 'failed']) }).strict();
