import { z } from 'zod';
import { Topics } from '../topics';
import { defineEvent } from './event-envelope';

/**
 * An operator's change, written by the service that made it into its outbox in the transaction
 * of the change, so that the entry exists exactly when the change does (ADR 0039). The gateway
 * keeps every entry in its audit log.
 */
export const OperatorActionRecorded = defineEvent({
  type: 'operator.action-recorded',
  topic: Topics.operatorActions,
  payload: z.object({
    /** Who, as the gateway authenticated them: `token:<name>`, `admin-token`. */
    actor: z.string().min(1),
    action: z.string().min(1),
    target: z.string().min(1),
    correlation_id: z.string().min(1),
    before: z.unknown(),
    after: z.unknown(),
  }),
});
