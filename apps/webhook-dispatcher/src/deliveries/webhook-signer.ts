import type { MerchantEnvironment } from '@platform/contracts';
import { openSecret, webhookSignature } from '@platform/signing';
import type { DeliveryRow } from './delivery.repository';

/**
 * The headers of one attempt: a fresh timestamp and signature over timestamp, dot, raw
 * body with the environment's API secret; the event id stays the same on every attempt.
 * Null when the environment has no key to sign with.
 */
export function signedHeaders(delivery: DeliveryRow, merchant: MerchantEnvironment, masterKey: Buffer, now: Date): Record<string, string> | null {
  if (!merchant.signing_key) return null;
  let secret: string;
  try {
    secret = openSecret(merchant.signing_key.sealed_secret, masterKey, merchant.signing_key.api_key);
  } catch {
    return null;
  }
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signature = webhookSignature({ secret, timestamp, rawBody: delivery.body });
  if (delivery.scheme === 'v4') {
    return { 'X-CEK-Timestamp': timestamp, 'X-CEK-Signature': signature, 'X-CEK-Event-Id': delivery.event_id, 'X-CEK-Environment': delivery.environment };
  }
  return {
    'X-CAV-Timestamp': timestamp,
    'X-CAV-Signature': signature,
    'X-CAV-Event-Id': delivery.event_id,
    'X-CAV-Event-Type': delivery.event_type,
    'X-CAV-Environment': delivery.environment,
  };
}
