import { z } from 'zod';
import { ENVIRONMENTS, PANEL_ROLES, PanelInviteUser, WireAmountSchema, text } from '@platform/contracts';
import { parseWireAmount } from '@platform/money';
import { parseAllowlistEntry } from '../auth/ip-allowlist';

export const CURRENCIES = ['USD', 'EUR', 'AED', 'TRY'] as const;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const amount = WireAmountSchema;

function urlProblem(raw: string, allowHttpLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not contain user info';
  if (url.hash) return 'must not contain a fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowHttpLoopback && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'must use https';
}

function targetUrl(maxLength: number, allowHttpLoopback: boolean) {
  return text({ max: maxLength })
    .superRefine((value, ctx) => {
      const problem = urlProblem(value, allowHttpLoopback);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable();
}

export const CreateMerchantSchema = z
  .object({
    name: text({ min: 1, max: 200 }, z.string().trim()),
    base_currency: z.enum(CURRENCIES),
  })
  .strict();

/** `previous_key_grace_seconds`: how long the keys it replaces keep working; 0 revokes them now (a leaked secret). */
export const IssueApiKeySchema = z.object({ environment: z.enum(ENVIRONMENTS), previous_key_grace_seconds: z.number().int().min(0).optional() }).strict();

export const EnvironmentParamSchema = z.enum(ENVIRONMENTS);

const PaymentLimitSchema = z
  .object({ currency_code: z.enum(CURRENCIES), min_amount: amount, max_amount: amount.nullable() })
  .strict()
  .refine((limit) => limit.max_amount === null || parseWireAmount(limit.max_amount)!.gte(parseWireAmount(limit.min_amount)!), {
    message: 'max_amount must not be below min_amount',
  });

/**
 * The operator's settings patch. Return addresses accept plain HTTP on the loopback
 * interface only in sandbox; webhook addresses only when the deployment allows loopback targets.
 */
export function settingsPatchSchema(environment: (typeof ENVIRONMENTS)[number], allowLoopbackWebhooks: boolean) {
  const returnUrl = targetUrl(2048, environment === 'sandbox');
  return z
    .object({
      ip_allowlist: z.array(z.string().refine((entry) => parseAllowlistEntry(entry) !== null, 'must be an IPv4/IPv6 address or CIDR range')).max(200),
      webhook_url: targetUrl(500, allowLoopbackWebhooks),
      success_return_url: returnUrl,
      failure_return_url: returnUrl,
      direct_api_enabled: z.boolean(),
      card_payments_enabled: z.boolean(),
      setup_complete: z.boolean(),
      payment_limits: z
        .array(PaymentLimitSchema)
        .max(4)
        .refine((limits) => new Set(limits.map((l) => l.currency_code)).size === limits.length, 'one limit per currency'),
      settlement_delay_days: z.number().int().min(0).max(90),
      withdrawal_min_amount: amount,
      withdrawal_daily_limit: amount,
      hosted_page_frame_origins: z
        .array(z.string().regex(/^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'must be an https origin such as https://shop.example'))
        .max(10),
    })
    .partial()
    .strict();
}

/** Answers of the operator API, documented in the OpenAPI document. */
export const MerchantViewSchema = z.object({
  merchant_code: z.string().regex(/^MRC-\d{6}$/),
  account_number: z.string().regex(/^\d{6}$/),
  name: z.string(),
  base_currency: z.enum(CURRENCIES),
});

export const IssuedApiKeySchema = z.object({
  api_key: z.string(),
  api_secret: z.string().describe('Shown once'),
  environment: z.enum(ENVIRONMENTS),
  key_version: z.number().int(),
});

/** What the settings PATCH answers: the patch's fields, all present, as an answer (which may gain fields), not a strict request. */
export const SettingsViewSchema = settingsPatchSchema('live', false)
  .required()
  .extend({ merchant_code: z.string(), environment: z.enum(ENVIRONMENTS) })
  .strip();

/** An operator's invitation of a merchant panel user; the panel keeps users and roles (ADR 0035). */
export const InviteMerchantUserSchema = z
  .object({
    email: z.string().max(254).email(),
    role: z.enum(PANEL_ROLES),
  })
  .strict();

export const InvitedMerchantUserSchema = PanelInviteUser.reply;
