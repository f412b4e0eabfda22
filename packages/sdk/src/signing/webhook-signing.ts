import {
  DEFAULT_TIMESTAMP_TOLERANCE_SECONDS,
  formatTimestamp,
  isLowerHex64,
  isTenDigitTimestamp,
  nowInSeconds,
  timestampWithin,
  timingSafeEqualHex,
} from './checks.js';
import { hmacSha256Hex, type SigningBody, type SigningSecret } from './hash.js';
import { VERIFIED, verifyFailure, type VerifyResult } from './verify-result.js';

export interface WebhookSignatureInput {
  secret: SigningSecret;
  /** Unix seconds, the value sent in X-CEK-Timestamp / X-CAV-Timestamp. */
  timestamp: string | number;
  /** The exact body bytes delivered. */
  rawBody: SigningBody;
}

/**
 * Webhook signature, the same for v3 (X-CAV-Signature) and v4 (X-CEK-Signature):
 * lowercase hex HMAC-SHA256 over `timestamp + "." + rawBody` with the API secret.
 */
export function webhookSignature(input: WebhookSignatureInput): string {
  return hmacSha256Hex(input.secret, `${formatTimestamp(input.timestamp)}.`, input.rawBody);
}

export interface VerifyWebhookInput {
  secret: SigningSecret;
  /** Timestamp header as received (absent or not ten digits gives `bad_format`). */
  timestamp: string | undefined;
  /** Raw body bytes as received, before any JSON parsing. */
  rawBody: SigningBody;
  /** Signature header as received (absent or not 64 lowercase hex gives `bad_format`). */
  signature: string | undefined;
  /** Receiver's clock in Unix seconds; defaults to now. */
  nowSeconds?: number;
  /** Allowed clock difference; defaults to 300 seconds. */
  toleranceSeconds?: number;
}

/** Receiver rules of a webhook: format, then the time window, then a constant-time signature comparison. */
export function verifyWebhook(input: VerifyWebhookInput): VerifyResult {
  const { timestamp, signature } = input;
  if (!isTenDigitTimestamp(timestamp) || !isLowerHex64(signature)) return verifyFailure('bad_format');
  const now = input.nowSeconds ?? nowInSeconds();
  if (!timestampWithin(Number(timestamp), now, input.toleranceSeconds ?? DEFAULT_TIMESTAMP_TOLERANCE_SECONDS)) {
    return verifyFailure('stale');
  }
  const expected = webhookSignature({ secret: input.secret, timestamp, rawBody: input.rawBody });
  return timingSafeEqualHex(expected, signature) ? VERIFIED : verifyFailure('mismatch');
}
