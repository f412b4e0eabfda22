export { EMPTY_BODY_SHA256, sha256Hex, hmacSha256Hex, type SigningBody, type SigningSecret } from './hash.js';
export { DEFAULT_TIMESTAMP_TOLERANCE_SECONDS, isTenDigitTimestamp, isLowerHex64, timestampWithin, timingSafeEqualHex } from './checks.js';
export type { VerifyResult, VerifyFailureReason } from './verify-result.js';
export {
  V4_SIGNATURE_HEADERS,
  V3_SIGNATURE_HEADERS,
  pathWithoutQuery,
  v4TextToSign,
  v3TextToSign,
  v4RequestSignature,
  v3RequestSignature,
  signV4Request,
  signV3Request,
  verifyV4Request,
  verifyV3Request,
  type V4RequestParts,
  type V3RequestParts,
  type SignV4RequestInput,
  type SignV3RequestInput,
  type V4SignatureHeaders,
  type V3SignatureHeaders,
  type VerifyV4RequestInput,
  type VerifyV3RequestInput,
} from './request-signing.js';
export { webhookSignature, verifyWebhook, type WebhookSignatureInput, type VerifyWebhookInput } from './webhook-signing.js';
export {
  DEFAULT_RETURN_ADDRESS_MAX_AGE_SECONDS,
  returnAddressText,
  returnAddressSignature,
  buildReturnQuery,
  verifyReturnAddress,
  type ReturnStatus,
  type ReturnAddressFields,
  type ReturnQuery,
  type ReturnQueryParams,
  type BuildReturnQueryInput,
} from './return-address.js';
