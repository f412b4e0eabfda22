import { z } from 'zod';
import { Topics } from '../topics';
import { defineEvent } from './event-envelope';

/**
 * A sandbox webhook exactly as the merchant's endpoint gets it (headers signed with the
 * environment's secret over these body bytes), copied for `card-platform listen` sessions.
 * Written whether or not the environment has a webhook address; never for live.
 */
export const SandboxWebhookCopyV1 = defineEvent({
  type: 'sandbox-webhook.copied',
  topic: Topics.sandboxWebhooks,
  payload: z.object({
    merchant_code: z.string(),
    scheme: z.enum(['v3', 'v4']),
    event_id: z.string().uuid(),
    event_type: z.string(),
    headers: z.record(z.string()),
    body: z.string(),
  }),
});
export type SandboxWebhookCopy = z.infer<typeof SandboxWebhookCopyV1.payload>;
