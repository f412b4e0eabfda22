import type { RequestDigest } from '@platform/contracts';
import { requestDigestOf, requestFingerprintOf } from '@platform/service-kit';

/*
 * The Idempotency-Key fingerprint and request digest of a POST /api/v3/payments whose body
 * is `raw`, computed by the gateway's own functions (libs/service-kit request-digest.ts), so
 * that the panel's sandbox payment and an API request agree on what a repeat of a key is.
 */

export const CREATE_PAYMENT_PATH = '/api/v3/payments';

export function createPaymentFingerprint(raw: string): string {
  return requestFingerprintOf('POST', CREATE_PAYMENT_PATH, raw, null);
}

export function createPaymentDigest(raw: string): RequestDigest {
  return requestDigestOf('POST', CREATE_PAYMENT_PATH, raw);
}

export { fieldDigests } from '@platform/service-kit';
