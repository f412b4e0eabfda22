import { z } from 'zod';
import { PagingQuerySchema } from '../api/v3-lists.api';
import { ENVIRONMENTS } from '../environment';
import { ConsoleApiKeySchema, ConsoleSettingsSchema } from './merchant-console.commands';
import { text } from '../text';
import { PAYMENT_CURRENCIES } from '../vocabulary';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { OperatorSchema } from './operator';
import { PaginationMetaSchema } from './webhooks.commands';

/**
 * The operator console's calls to the gateway, which owns merchants and the audit log (ADR
 * 0039): the same MerchantsService and AuditService operations as the operator API. The console
 * authenticates its operators and checks their role; each change names the operator, and the
 * gateway writes the audit entry in the transaction of the change.
 */
export const AuditRecordSchema = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  correlation_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditRecordView = z.infer<typeof AuditRecordSchema>;

/** What a read of the audit log narrows to: a target and what is below it, an action, an actor, a time range [from, to). */
export const AuditLogFilterSchema = z.object({
  target: text({ max: 200 }).optional(),
  action: text({ max: 100 }).optional(),
  /** Exactly as recorded: `token:<name>`, `console:<id> <email>`, `admin-token`, or a service's name. */
  actor: text({ min: 1, max: 200 }).optional(),
  from: z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).optional(),
  to: z.string().datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).optional(),
});

/** `GET /admin/v1/audit-log` and the console's audit page: the filter and the paging, nothing else. */
export const AuditLogQuerySchema = PagingQuerySchema.merge(AuditLogFilterSchema).strict();

export const OperatorListAuditLog = defineCommand({
  type: 'gateway.operator-audit-log',
  topic: Topics.gatewayOperatorCommands,
  request: AuditLogFilterSchema.extend({ page: z.number().int().min(1), per_page: z.number().int().min(1).max(100) }),
  reply: z.object({ data: z.array(AuditRecordSchema), meta: PaginationMetaSchema }),
});

export const MerchantSummarySchema = z.object({
  merchant_code: z.string(),
  account_number: z.string(),
  name: z.string(),
  base_currency: z.string(),
  status: z.enum(['active', 'inactive']),
  created_at: z.string(),
});

export const OperatorListMerchants = defineCommand({
  type: 'gateway.operator-merchants',
  topic: Topics.gatewayOperatorCommands,
  request: z.object({
    page: z.number().int().min(1),
    per_page: z.number().int().min(1).max(100),
    search: text({ min: 1, max: 100 }).optional(),
    status: z.enum(['active', 'inactive']).optional(),
  }),
  reply: z.object({ data: z.array(MerchantSummarySchema), meta: PaginationMetaSchema }),
});

/** Activates or deactivates a merchant (a deactivated merchant's keys stop working at once). */
export const OperatorSetMerchantStatus = defineCommand({
  type: 'gateway.operator-merchant-status',
  topic: Topics.gatewayOperatorCommands,
  request: z.object({ merchant_code: z.string().regex(/^MRC-\d{6}$/), status: z.enum(['active', 'inactive']), operator: OperatorSchema }),
  reply: z.object({ merchant_code: z.string(), status: z.enum(['active', 'inactive']) }),
});

/** A new merchant (active, with its sandbox and live environments); its first keys are issued in the operator API or the panel. */
export const OperatorCreateMerchant = defineCommand({
  type: 'gateway.operator-merchant-create',
  topic: Topics.gatewayOperatorCommands,
  request: z.object({ name: text({ min: 1, max: 200 }, z.string().trim()), base_currency: z.enum(PAYMENT_CURRENCIES), operator: OperatorSchema }),
  reply: MerchantSummarySchema.omit({ created_at: true, account_number: true, status: true }),
});

/** A merchant with both environments' settings, as the operator may change them. */
export const OperatorGetMerchant = defineCommand({
  type: 'gateway.operator-merchant',
  topic: Topics.gatewayOperatorCommands,
  request: z.object({ merchant_code: z.string().regex(/^MRC-\d{6}$/) }),
  reply: z.object({
    merchant: MerchantSummarySchema,
    environments: z.object({ sandbox: ConsoleSettingsSchema, live: ConsoleSettingsSchema }),
    /** Both environments' keys, without their secrets. */
    api_keys: z.array(ConsoleApiKeySchema.extend({ environment: z.enum(ENVIRONMENTS) })),
  }),
});

/** A leaked key stops working now (the operator API's revoke); the merchant issues a new one in the panel. */
export const OperatorRevokeApiKey = defineCommand({
  type: 'gateway.operator-revoke-api-key',
  topic: Topics.gatewayOperatorCommands,
  request: z.object({
    merchant_code: z.string().regex(/^MRC-\d{6}$/),
    environment: z.enum(ENVIRONMENTS),
    api_key: z.string().min(1).max(200),
    operator: OperatorSchema,
  }),
  reply: z.object({ api_key: z.string(), revoked_at: z.string() }),
});

/**
 * An operator's change of an environment's settings: the operator API's PATCH, with the same
 * validation (the patch is checked by the gateway and refused field by field).
 */
export const OperatorPatchSettings = defineCommand({
  type: 'gateway.operator-settings',
  topic: Topics.gatewayOperatorCommands,
  request: z.object({
    merchant_code: z.string().regex(/^MRC-\d{6}$/),
    environment: z.enum(ENVIRONMENTS),
    patch: z.record(z.unknown()),
    operator: OperatorSchema,
  }),
  reply: ConsoleSettingsSchema,
});
