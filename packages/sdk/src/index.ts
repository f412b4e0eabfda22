export { CardPlatform, type Created, type PageQuery } from './client.js';
export type { CallOptions, ClientOptions } from './transport.js';
export { ApiError, CardPlatformError, ConnectionError, UnexpectedResponseError, isApiError } from './errors.js';
export {
  verifyWebhookRequest,
  verifyReturnUrl,
  WebhookDeduplicator,
  MemorySeenEventStore,
  DEFAULT_DEDUPE_TTL_SECONDS,
  type HeaderSource,
  type SeenEventStore,
  type VerifiedReturn,
  type VerifiedWebhook,
  type VerifyWebhookRequestInput,
} from './webhooks.js';
export * from './types.js';
export * from './signing/index.js';
export type { components, paths, operations, webhooks } from './generated/openapi.js';
export { openScreen, submitForm, cardFields, payOnPaymentPage, answerOrderChallenge, TEST_CARDS, TEST_BINS, type Screen } from './sandbox-customer.js';
