import { z } from 'zod';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { PaginationMetaSchema } from './webhooks.commands';

export const PANEL_ROLES = ['owner', 'developer', 'viewer'] as const;
export type PanelRole = (typeof PANEL_ROLES)[number];

/**
 * An operator invites a merchant user (ADR 0035): the panel, which owns merchant users, keeps
 * the invitation and mails its one-time link; the reply never carries the link. An address
 * that already has a user of the merchant is refused with 409 `1000012` (ResourceStateConflict).
 */
export const PanelInviteUser = defineCommand({
  type: 'panel.invite-user',
  topic: Topics.panelCommands,
  request: z.object({
    merchant_code: z.string().min(1).max(32),
    email: z.string().min(3).max(254),
    role: z.enum(PANEL_ROLES),
    invited_by: z.string().min(1).max(200),
  }),
  reply: z.object({ user_id: z.string().uuid(), email: z.string(), role: z.enum(PANEL_ROLES), invited_at: z.string() }),
});

/** A merchant's panel users as operators see them: never a password, a second factor or a link. */
export const ListPanelUsers = defineCommand({
  type: 'panel.user-list',
  topic: Topics.panelCommands,
  request: z.object({ merchant_code: z.string().min(1).max(32) }),
  reply: z.object({
    data: z.array(
      z.object({
        user_id: z.string().uuid(),
        email: z.string(),
        role: z.enum(PANEL_ROLES),
        status: z.enum(['invited', 'active']),
        two_factor: z.boolean(),
        invited_by: z.string(),
        created_at: z.string(),
      }),
    ),
  }),
});

/** One change a merchant's panel user (or an operator's invitation) made, as the panel's audit log keeps it. */
export const PanelAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  merchant_code: z.string(),
  user_id: z.string().uuid().nullable(),
  /** `merchant-user:<id> <email>`, or the operator who invited. */
  actor: z.string(),
  action: z.string(),
  details: z.record(z.unknown()),
  correlation_id: z.string().nullable(),
});
export type PanelAuditEntry = z.infer<typeof PanelAuditEntrySchema>;

/** A merchant's panel audit log, newest first: what its users did, for operators and the merchant's owners. */
export const ListPanelAudit = defineCommand({
  type: 'panel.audit-list',
  topic: Topics.panelCommands,
  request: z.object({
    merchant_code: z.string().min(1).max(32),
    action: z.string().min(1).max(100).nullable(),
    page: z.number().int().min(1),
    per_page: z.number().int().min(1).max(100),
  }),
  reply: z.object({ data: z.array(PanelAuditEntrySchema), meta: PaginationMetaSchema }),
});
