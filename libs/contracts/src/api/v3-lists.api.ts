import { z } from 'zod';
import { DISPUTE_STATUSES } from '../commands/disputes.commands';
import { REVERSAL_STATUSES } from '../commands/reversals.commands';
import { WebhookDeliverySchema } from '../commands/webhooks.commands';
import { WITHDRAWAL_STATUSES } from '../commands/withdrawals.commands';

const integerText = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(new RegExp(`^\\d{1,${String(max).length}}$`), 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .default(String(fallback));

/**
 * The API's paging of a list: `page` from 1 (default 1), `per_page` 1 to 100 (default 20);
 * anything else is 422. The spec sets no highest page: a page past the last is empty, up to the
 * largest integer JSON carries exactly. The gateway and the merchant panel read list queries
 * with these schemas, so a filter or page the API refuses is refused in the panel too.
 */
export const PagingQuerySchema = z.object({
  page: integerText(1, Number.MAX_SAFE_INTEGER, 1),
  per_page: integerText(1, 100, 20),
});

/** GET /api/v3/refunds */
export const ReversalListQuerySchema = PagingQuerySchema.extend({
  status: z.enum(REVERSAL_STATUSES).optional(),
  operation_type: z.enum(['refund', 'void']).optional(),
}).strict();

/** GET /api/v3/withdrawals */
export const WithdrawalListQuerySchema = PagingQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() }).strict();

/** GET /api/v3/disputes */
export const DisputeListQuerySchema = PagingQuerySchema.extend({ status: z.enum(DISPUTE_STATUSES).optional() }).strict();

export const WEBHOOK_DELIVERY_STATUSES = WebhookDeliverySchema.shape.status.options;

/** GET /api/v3/webhooks/deliveries */
export const DeliveryListQuerySchema = PagingQuerySchema.extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() }).strict();

/** The id in the path of a v3 resource (refund, withdrawal, dispute, delivery). */
export const ResourceIdSchema = z.string().uuid('must be a UUID');
