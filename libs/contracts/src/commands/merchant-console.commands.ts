import { z } from 'zod';
import { ENVIRONMENTS } from '../environment';
import { MerchantEnvironmentSchema } from '../events/merchant-settings.events';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';

/**
 * The merchant panel's calls to the gateway, which owns merchants, API keys and environment
 * settings (ADR 0035). Every call names the merchant and environment the signed-in user is
 * looking at; every change names the user, and the gateway writes it to its audit log as
 * `merchant-user:<user id>`. Refusals are the same ApiErrors, codes and texts as the API's.
 */
const Scope = z.object({ merchant_code: z.string().min(1).max(32), environment: z.enum(ENVIRONMENTS) });
const Actor = z.object({ user_id: z.string().uuid(), email: z.string().min(3).max(254) });

/** One environment's settings as the merchant may read them (limits and switches are the operator's). */
export const ConsoleSettingsSchema = MerchantEnvironmentSchema.pick({
  merchant_code: true,
  environment: true,
  webhook_url: true,
  success_return_url: true,
  failure_return_url: true,
  direct_api_enabled: true,
  card_payments_enabled: true,
  setup_complete: true,
  payment_limits: true,
  settlement_delay_days: true,
  withdrawal_min_amount: true,
  withdrawal_daily_limit: true,
}).extend({ ip_allowlist: z.array(z.string()) });
export type ConsoleSettings = z.infer<typeof ConsoleSettingsSchema>;

/** A key of the environment without its secret: working (no expiry), retiring (expires later) or ended. */
export const ConsoleApiKeySchema = z.object({
  api_key: z.string(),
  key_version: z.number().int(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  state: z.enum(['active', 'retiring', 'ended']),
});
export type ConsoleApiKey = z.infer<typeof ConsoleApiKeySchema>;

export const ConsoleEnvironmentSchema = z.object({
  merchant: z.object({ merchant_code: z.string(), name: z.string(), base_currency: z.string(), status: z.string() }),
  settings: ConsoleSettingsSchema,
  api_keys: z.array(ConsoleApiKeySchema),
});
export type ConsoleEnvironment = z.infer<typeof ConsoleEnvironmentSchema>;

export const ConsoleGetEnvironment = defineCommand({
  type: 'gateway.console.environment',
  topic: Topics.gatewayCommands,
  request: Scope,
  reply: ConsoleEnvironmentSchema,
});

/** The fields a merchant user may change; the gateway validates them exactly as the operator PATCH does. */
export const CONSOLE_EDITABLE_SETTINGS = ['ip_allowlist', 'webhook_url', 'success_return_url', 'failure_return_url'] as const;

export const ConsoleUpdateSettings = defineCommand({
  type: 'gateway.console.update-settings',
  topic: Topics.gatewayCommands,
  request: Scope.extend({ actor: Actor, patch: z.record(z.unknown()) }),
  reply: ConsoleSettingsSchema,
});

export const ConsoleIssueApiKey = defineCommand({
  type: 'gateway.console.issue-api-key',
  topic: Topics.gatewayCommands,
  request: Scope.extend({ actor: Actor }),
  reply: z.object({ api_key: z.string(), api_secret: z.string(), environment: z.enum(ENVIRONMENTS), key_version: z.number().int() }),
});

export const ConsoleRevokeApiKey = defineCommand({
  type: 'gateway.console.revoke-api-key',
  topic: Topics.gatewayCommands,
  request: Scope.extend({ actor: Actor, api_key: z.string().min(1).max(128) }),
  reply: z.object({ api_key: z.string(), revoked_at: z.string() }),
});
