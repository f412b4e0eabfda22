import { z } from 'zod';
import { CONSOLE_EDITABLE_SETTINGS, ConsoleSettingsSchema, type ConsoleApiKey, type ConsoleSettings, type Environment } from '@platform/contracts';
import { settingsPatchSchema } from '../admin/admin-schemas';
import type { ApiKeySummary } from '../merchants/merchant.repository';
import type { EnvironmentSettings } from '../merchants/merchant-settings';

export const OPERATOR_ONLY_SETTING = 'is set by the operator; a merchant user cannot change it';

/**
 * The merchant panel's settings patch: the operator's schema (same rules, same texts), with
 * every field outside CONSOLE_EDITABLE_SETTINGS refused by name. A refusal is a dirty issue,
 * not an abort, so a patch naming an operator field and a bad address gets both in `errors`.
 */
export function consoleSettingsPatchSchema(environment: Environment, allowLoopbackWebhooks: boolean) {
  const operator = settingsPatchSchema(environment, allowLoopbackWebhooks);
  const editable = new Set<string>(CONSOLE_EDITABLE_SETTINGS);
  const refused = Object.keys(operator.shape)
    .filter((field) => !editable.has(field))
    .map((field) => [field, z.custom<never>(() => false, { message: OPERATOR_ONLY_SETTING, fatal: false }).optional()] as const);
  return operator.extend(Object.fromEntries(refused) as Record<string, z.ZodOptional<z.ZodType<never>>>);
}

/** The audit log's actor for a merchant user: both the id and the address are visible to an operator. */
export function merchantUserActor(actor: { user_id: string; email: string }): string {
  return `merchant-user:${actor.user_id} ${actor.email}`;
}

/** An environment's settings as the panel may read them (nothing beyond ConsoleSettingsSchema). */
export function consoleSettings(settings: EnvironmentSettings): ConsoleSettings {
  const fields = Object.keys(ConsoleSettingsSchema.shape) as (keyof ConsoleSettings)[];
  return Object.fromEntries(fields.map((field) => [field, settings[field]])) as ConsoleSettings;
}

/** Working with no end (active), working until a time to come (retiring), or no longer working (ended, revoked included). */
export function consoleApiKey(key: ApiKeySummary, now: Date): ConsoleApiKey {
  const expiresAt = key.expires_at === null ? null : new Date(key.expires_at);
  return {
    api_key: key.api_key,
    key_version: key.key_version,
    created_at: new Date(key.created_at).toISOString(),
    expires_at: expiresAt?.toISOString() ?? null,
    state: expiresAt === null ? 'active' : expiresAt.getTime() > now.getTime() ? 'retiring' : 'ended',
  };
}
