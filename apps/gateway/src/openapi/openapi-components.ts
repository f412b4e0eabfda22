import type { z } from 'zod';
import {
  BalanceSchema,
  BinInfoSchema,
  CreateOrderBodySchema,
  CreatePaymentBodySchema,
  DisputeSchema,
  EvidenceBodySchema,
  IdempotencyKeyUseSchema,
  OrderBodySchema,
  OrderWebhookBodySchema,
  PaginationMetaSchema,
  PaymentBodySchema,
  PaymentRefundedBodySchema,
  PaymentWebhookBodySchema,
  RequestReversalBodySchema,
  RequestWithdrawalBodySchema,
  ReversalSchema,
  SandboxDisputeBodySchema,
  SandboxResultBodySchema,
  ServiceStatusItemSchema,
  WebhookDeliveryDetailSchema,
  WebhookDeliverySchema,
  WithdrawableBalanceSchema,
  WithdrawalSchema,
} from '@platform/contracts';

type JsonObject = Record<string, unknown>;

/**
 * The schemas that get a name in `components.schemas`: every resource and request body of
 * the merchant API and every webhook body. Wherever a route's schema contains one of them it
 * becomes a `$ref`, so the SDK's generated types carry these names.
 */
export const NAMED_SCHEMAS: Record<string, z.ZodTypeAny> = {
  Payment: PaymentBodySchema,
  CreatePaymentRequest: CreatePaymentBodySchema,
  Order: OrderBodySchema,
  CreateOrderRequest: CreateOrderBodySchema,
  SandboxOrderResultRequest: SandboxResultBodySchema,
  BinInformation: BinInfoSchema,
  Balance: BalanceSchema,
  WithdrawableBalance: WithdrawableBalanceSchema,
  Reversal: ReversalSchema,
  CreateReversalRequest: RequestReversalBodySchema,
  Withdrawal: WithdrawalSchema,
  CreateWithdrawalRequest: RequestWithdrawalBodySchema,
  Dispute: DisputeSchema,
  DisputeEvidenceRequest: EvidenceBodySchema,
  SandboxDisputeRequest: SandboxDisputeBodySchema,
  WebhookDelivery: WebhookDeliverySchema,
  WebhookDeliveryDetail: WebhookDeliveryDetailSchema,
  PaginationMeta: PaginationMetaSchema,
  IdempotencyKeyUse: IdempotencyKeyUseSchema,
  ServiceStatusItem: ServiceStatusItemSchema,
  PaymentEvent: PaymentWebhookBodySchema,
  PaymentRefundedEvent: PaymentRefundedBodySchema,
  OrderEvent: OrderWebhookBodySchema,
};

const header = (name: string, description: string, schema: JsonObject, required = true): JsonObject => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string', ...schema },
});

const TIMESTAMP = { pattern: '^[0-9]{10}$' };
const SIGNATURE = { pattern: '^[0-9a-f]{64}$' };

/** Request headers, referenced from the operations that take them. */
export const HEADER_PARAMETERS: Record<string, JsonObject> = {
  V3Timestamp: header('X-CAV-Timestamp', 'Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504).', TIMESTAMP),
  V3Signature: header(
    'X-CAV-Signature',
    'Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path with its query string exactly as sent, lowercase hex SHA-256 of the exact body bytes (of the empty string without a body), joined by "\\n".',
    SIGNATURE,
  ),
  V4Environment: header('X-CEK-Environment', 'Environment of the API key; must match it.', { enum: ['sandbox', 'live'] }),
  V4MerchantCode: header(
    'X-CEK-Merchant-Code',
    'Merchant code MRC-<6 digits>. Required in sandbox; in live, if sent, it must match the account.',
    { pattern: '^MRC-[0-9]{6}$' },
    false,
  ),
  V4Timestamp: header('X-CEK-Timestamp', 'Unix time in seconds, 10 digits; more than 300 s away from the server clock is refused (0055504).', TIMESTAMP),
  V4Signature: header(
    'X-CEK-Signature',
    'Lowercase hex HMAC-SHA256, keyed with the API secret, of: timestamp, UPPERCASE method, path without the query string, lowercase hex SHA-256 of the exact body bytes, joined by "\\n".',
    SIGNATURE,
  ),
  IdempotencyKey: header(
    'Idempotency-Key',
    'Required. A repeat with the same key and the same request (method, path, body bytes, sandbox scenario) returns the first answer and changes nothing; the same key with another request is 409 9000039 (9000010 when only the scenario differs).',
    { pattern: '^[\\x21-\\x7e]{1,255}$' },
  ),
  CorrelationId: header(
    'X-Correlation-Id',
    'Optional id of your own to find this request in our logs and in the answer (echoed in X-Correlation-Id and correlation_id).',
    { maxLength: 128 },
    false,
  ),
};

/** Response headers. */
export const RESPONSE_HEADERS: Record<string, JsonObject> = {
  CorrelationId: { description: 'The request id: yours when you sent a valid one, otherwise ours. Quote it to support.', schema: { type: 'string' } },
  RateLimitLimit: { description: 'Requests allowed per window for this API key.', schema: { type: 'integer' } },
  RateLimitRemaining: { description: 'Requests left in the current window.', schema: { type: 'integer' } },
  RetryAfter: { description: 'Seconds to wait before the next request.', schema: { type: 'integer' } },
  SandboxScenario: { description: 'The sandbox scenario applied (sandbox keys only).', schema: { type: 'string' } },
};

/** The headers of a delivery: v3 (`X-CAV-*`, with the event type) or v4 (`X-CEK-*`). */
function webhookHeaders(prefix: 'X-CAV' | 'X-CEK'): JsonObject[] {
  return [
    header(`${prefix}-Timestamp`, 'Unix time in seconds when the attempt was signed; reject more than 300 s away from your clock.', TIMESTAMP),
    header(
      `${prefix}-Signature`,
      'Lowercase hex HMAC-SHA256 of the timestamp, ".", and the raw body, keyed with the API secret. Compare in constant time.',
      SIGNATURE,
    ),
    header(`${prefix}-Event-Id`, 'Same as event_id; unchanged on retries. Deduplicate by it.', { format: 'uuid' }),
    ...(prefix === 'X-CAV' ? [header('X-CAV-Event-Type', 'Same as event_type.', {})] : []),
    header(`${prefix}-Environment`, 'sandbox or live.', { enum: ['sandbox', 'live'] }),
  ];
}

const V3_WEBHOOK_HEADERS = webhookHeaders('X-CAV');
const V4_WEBHOOK_HEADERS = webhookHeaders('X-CEK');

const DELIVERY_RULES =
  'Delivered at least once, possibly out of order, as a signed JSON POST. Answer any 2xx within 10 s; redirects, 4xx, 5xx and timeouts are retried (at most 11 attempts: 60 s, 300 s, 900 s, 1800 s, 3600 s, 10800 s, 21600 s, 43200 s, 86400 s, 172800 s after the previous failure).';

function webhook(summary: string, schemaName: string, headers: JsonObject[]): JsonObject {
  return {
    post: {
      summary,
      description: DELIVERY_RULES,
      parameters: headers,
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName}` } } } },
      responses: { '2XX': { description: 'Received; any 2xx stops the retries.' } },
    },
  };
}

/** The `webhooks` section of the merchant document: every event a merchant's endpoint receives. */
export const WEBHOOKS: Record<string, JsonObject> = {
  'payment.paid': webhook('v3: a payment was paid', 'PaymentEvent', V3_WEBHOOK_HEADERS),
  'payment.failed': webhook('v3: a payment attempt failed; the payment stays created and can still be paid', 'PaymentEvent', V3_WEBHOOK_HEADERS),
  'payment.refunded': webhook('v3: a refund of the payment was completed', 'PaymentRefundedEvent', V3_WEBHOOK_HEADERS),
  'checkout.order.succeeded': webhook('v4: the order became paid', 'OrderEvent', V4_WEBHOOK_HEADERS),
  'checkout.order.failed': webhook(
    'v4: the order became failed; ignore it after checkout.order.succeeded for the same order',
    'OrderEvent',
    V4_WEBHOOK_HEADERS,
  ),
};
