import { z } from 'zod';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { RequestDigestSchema } from './idempotency-keys.commands';

/** The spec's WebhookDelivery list item. */
export const WebhookDeliverySchema = z.object({
  id: z.string().uuid(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  payment_code: z.string().nullable(),
  attempt_count: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_error_code: z.string().nullable(),
  last_error_message: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});

/** The spec's WebhookDeliveryDetail: the list item with the address used and the body sent. */
export const WebhookDeliveryDetailSchema = WebhookDeliverySchema.extend({ url: z.string(), payload: z.unknown().nullable() });

export const PaginationMetaSchema = z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int(), total_pages: z.number().int() });

/** A list answer: `{data, meta}` with the spec's PaginationMeta. */
export interface Page<T> {
  data: T[];
  meta: z.infer<typeof PaginationMetaSchema>;
}

export function pageOf<T>(data: T[], total: number, page: number, perPage: number): Page<T> {
  return { data, meta: { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) } };
}

export const ListWebhookDeliveries = defineCommand({
  type: 'webhooks.list',
  topic: Topics.webhooksCommands,
  request: z.object({
    page: z.number().int().min(1),
    per_page: z.number().int().min(1).max(100),
    status: z.enum(['pending', 'delivered', 'failed']).nullable(),
    accept_language: z.string().optional(),
  }),
  reply: z.object({ data: z.array(WebhookDeliverySchema), meta: PaginationMetaSchema }),
});

export const GetWebhookDelivery = defineCommand({
  type: 'webhooks.get',
  topic: Topics.webhooksCommands,
  request: z.object({ id: z.string().uuid(), accept_language: z.string().optional() }),
  reply: WebhookDeliveryDetailSchema,
});

/** Re-queues a failed delivery for one more attempt; the Idempotency-Key of the command makes a repeat return the first answer. */
export const RetryWebhookDelivery = defineCommand({
  type: 'webhooks.retry',
  topic: Topics.webhooksCommands,
  request: z.object({ id: z.string().uuid(), accept_language: z.string().optional(), request_digest: RequestDigestSchema.optional() }),
  reply: WebhookDeliveryDetailSchema,
});
