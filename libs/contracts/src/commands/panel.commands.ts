import { z } from 'zod';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';

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
