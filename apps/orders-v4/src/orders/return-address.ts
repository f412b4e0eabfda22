import { signingKeyAt, type MerchantEnvironment } from '@platform/contracts';
import { buildReturnQuery } from '@platform/signing';
import { openSecret } from '@platform/signing';
import type { OrderRow } from './order.repository';

/** The webhook and the return address report security_declined as payment_declined. */
export function reportedFailureCode(reason: string | null): string | null {
  return reason === 'security_declined' ? 'payment_declined' : reason;
}

/**
 * Where the browser goes when an order becomes paid or failed: the environment's success
 * or failure address, with the signed parameters when a webhook address is set (the spec's
 * rule), bare otherwise; null when the merchant set no address (the result screen stays).
 */
export function returnAddress(order: OrderRow, settings: MerchantEnvironment | undefined, masterKey: Buffer, now: Date): string | null {
  if (order.status !== 'paid' && order.status !== 'failed') return null;
  const base = order.status === 'paid' ? settings?.success_return_url : settings?.failure_return_url;
  if (!base) return null;
  const key = settings ? signingKeyAt(settings, now) : null;
  if (!settings?.webhook_url || !key) return base;
  const query = buildReturnQuery({
    secret: openSecret(key.sealed_secret, masterKey, key.api_key),
    keyVersion: key.key_version,
    orderCode: order.order_code,
    status: order.status,
    failureCode: reportedFailureCode(order.failure_reason_code),
    ts: Math.floor(now.getTime() / 1000),
  });
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
