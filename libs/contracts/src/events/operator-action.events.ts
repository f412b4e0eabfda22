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

/**
 * An operator's invitation of a merchant user, announced by the panel from the transaction that
 * makes the user. The panel writes its own topic, not operator.actions.v1: a panel, which
 * merchants reach, can only ever announce invitations, and the gateway records each as
 * `merchant_user.invite` in its audit log.
 */
export const PanelInvitationRecorded = defineEvent({
  type: 'panel.invitation-recorded',
  topic: Topics.panelInvitations,
  payload: z.object({
    /** The operator the gateway or the console authenticated, as the invitation named them. */
    actor: z.string().min(1),
    merchant_code: z.string().min(1),
    correlation_id: z.string().min(1),
    user: z.object({ user_id: z.string().uuid(), email: z.string(), role: z.string(), invited_at: z.string() }),
  }),
});
