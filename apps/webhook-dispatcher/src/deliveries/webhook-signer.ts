import { signingKeyAt, type MerchantEnvironment } from '@platform/contracts';
import { openSecret, webhookSignature } from '@platform/signing';
import type { DeliveryRow } from './delivery.repository';

/** What an attempt signs and names: the same for a delivery and a sandbox copy. */
export type SignedPart = Pick<DeliveryRow, 'body' | 'scheme' | 'event_id' | 'event_type' | 'environment'>;

/**
 * The headers of one attempt: a fresh timestamp and signature over timestamp, dot, raw
 * body with the secret of the environment's signing key (the one the merchant confirmed); the event id stays the same on every attempt.
 * Null when the environment has no key to sign with.
 */
export function signedHeaders(delivery: SignedPart, merchant: MerchantEnvironment, masterKey: Buffer, now: Date): Record<string, string> | null {
  const key = signingKeyAt(merchant, now);
  if (!key) return null;
  let secret: string;
  try {
    secret = openedSecret(key.sealed_secret, masterKey, key.api_key);
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

const OPENED_LIMIT = 1024;
const openedByMasterKey = new WeakMap<Buffer, Map<string, string>>();

/** A backlog to one merchant opens its secret once, not once per attempt (as the gateway keeps its credentials). */
function openedSecret(sealed: string, masterKey: Buffer, apiKey: string): string {
  let opened = openedByMasterKey.get(masterKey);
  if (!opened) openedByMasterKey.set(masterKey, (opened = new Map()));
  const cacheKey = `${apiKey}\u0000${sealed}`;
  const known = opened.get(cacheKey);
  if (known !== undefined) return known;
  const secret = openSecret(sealed, masterKey, apiKey);
  if (opened.size >= OPENED_LIMIT) opened.delete(opened.keys().next().value!);
  opened.set(cacheKey, secret);
  return secret;
}
