import { DEFAULT_RETURN_ADDRESS_MAX_AGE_SECONDS, verifyReturnAddress, verifyWebhook, type SigningSecret, type VerifyFailureReason } from './signing/index.js';
import type { OrderEvent, PaymentEvent, PaymentRefundedEvent, WebhookEvent } from './types.js';

/** Request headers as Node (IncomingMessage.headers), Fetch (Headers) or a plain object give them. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function headerOf(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const lower = name.toLowerCase();
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === lower)?.[1];
  return Array.isArray(entry) ? undefined : entry;
}

export interface VerifyWebhookRequestInput {
  /** The API secret of the environment the event belongs to. */
  secret: SigningSecret;
  /** The body exactly as received, before any JSON parsing. */
  rawBody: string | Uint8Array;
  headers: HeaderSource;
  /** Allowed clock difference (default 300 s). */
  toleranceSeconds?: number;
  /** Your clock in Unix seconds (default now). */
  nowSeconds?: number;
}

export type VerifiedWebhook =
  | { ok: true; api: 'v3'; eventId: string; event: PaymentEvent | PaymentRefundedEvent }
  | { ok: true; api: 'v4'; eventId: string; event: OrderEvent }
  | { ok: false; reason: VerifyFailureReason };

/**
 * Checks a webhook delivery (v3 X-CAV-* or v4 X-CEK-* headers) the way the spec tells a
 * receiver to: timestamp of ten digits and signature of 64 lowercase hex (`bad_format`),
 * at most 300 s from your clock (`stale`), HMAC-SHA256 over `timestamp.rawBody` compared
 * in constant time (`mismatch`). Only then is the body parsed; its event_id must be the
 * header's. Answer 2xx only when `ok`.
 */
export function verifyWebhookRequest(input: VerifyWebhookRequestInput): VerifiedWebhook {
  const api = headerOf(input.headers, 'x-cek-signature') !== undefined ? 'v4' : 'v3';
  const prefix = api === 'v4' ? 'x-cek' : 'x-cav';
  const verdict = verifyWebhook({
    secret: input.secret,
    rawBody: input.rawBody,
    timestamp: headerOf(input.headers, `${prefix}-timestamp`),
    signature: headerOf(input.headers, `${prefix}-signature`),
    toleranceSeconds: input.toleranceSeconds,
    nowSeconds: input.nowSeconds,
  });
  if (!verdict.ok) return verdict;
  let event: WebhookEvent;
  try {
    event = JSON.parse(typeof input.rawBody === 'string' ? input.rawBody : new TextDecoder().decode(input.rawBody)) as WebhookEvent;
  } catch {
    return { ok: false, reason: 'bad_format' };
  }
  const eventId = headerOf(input.headers, `${prefix}-event-id`);
  if (typeof event !== 'object' || event === null || event.event_id !== eventId) return { ok: false, reason: 'bad_format' };
  return api === 'v4'
    ? { ok: true, api, eventId, event: event as OrderEvent }
    : { ok: true, api, eventId, event: event as PaymentEvent | PaymentRefundedEvent };
}

/** Where seen event ids are kept; use a shared store (Redis SET NX EX and DEL, a unique index) when several processes receive. */
export interface SeenEventStore {
  /** Records the id; true when it was not recorded before. */
  remember(eventId: string, ttlSeconds: number): Promise<boolean>;
  /**
   * Drops the id again: its handling failed, so the next delivery must be handled. A store
   * without it keeps the id, and a failed event's retries are then taken as duplicates.
   */
  forget?(eventId: string): Promise<void>;
}

/** The retry schedule spans about four days; remember ids a little longer. */
export const DEFAULT_DEDUPE_TTL_SECONDS = 5 * 24 * 3600;

/** In-process store: fine for one receiver process, forgets on restart. */
export class MemorySeenEventStore implements SeenEventStore {
  private readonly expiries = new Map<string, number>();

  constructor(private readonly maxEntries = 100_000) {}

  async remember(eventId: string, ttlSeconds: number): Promise<boolean> {
    const now = Date.now();
    const expiry = this.expiries.get(eventId);
    if (expiry !== undefined && expiry > now) return false;
    this.expiries.delete(eventId);
    this.expiries.set(eventId, now + ttlSeconds * 1000);
    while (this.expiries.size > this.maxEntries) this.expiries.delete(this.expiries.keys().next().value as string);
    return true;
  }

  async forget(eventId: string): Promise<void> {
    this.expiries.delete(eventId);
  }
}

/**
 * Delivery is at least once: the same event can arrive again (same event id). After verifying,
 * `handleOnce(eventId, work)` runs `work` for the first delivery of an event only; answer 2xx
 * when it returns, whether it ran or not. If `work` throws, the id is forgotten and the error is
 * yours: answer 5xx and the platform's retry is handled as the first delivery.
 */
export class WebhookDeduplicator {
  constructor(
    private readonly store: SeenEventStore = new MemorySeenEventStore(),
    private readonly ttlSeconds = DEFAULT_DEDUPE_TTL_SECONDS,
  ) {}

  /** Runs `work` unless this event was handled (or is being handled) already; true when it ran. */
  async handleOnce(eventId: string, work: () => unknown): Promise<boolean> {
    if (!(await this.store.remember(eventId, this.ttlSeconds))) return false;
    try {
      await work();
      return true;
    } catch (error) {
      // The handler's error is what the caller must see, whatever happens to the forgetting.
      await this.store.forget?.(eventId).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Records the id; true the first time. Only for handling that cannot fail after this call:
   * otherwise use {@link handleOnce}, or a failed first delivery would make its retries duplicates.
   */
  firstDelivery(eventId: string): Promise<boolean> {
    return this.store.remember(eventId, this.ttlSeconds);
  }
}

export type VerifiedReturn =
  | { ok: true; orderCode: string; status: 'paid' | 'failed'; failureCode: string | null; keyVersion: number }
  | { ok: false; reason: VerifyFailureReason | 'unknown_key_version' };

/**
 * Checks the signed query of a Direct API (v4) return address: the customer's browser brings
 * it back, so it proves only what it signs, and only for 10 minutes. `secrets` maps each
 * key_version you still hold to its secret (keep the previous one during a rotation).
 * Confirm the order with a GET or the webhook before shipping anything.
 */
export function verifyReturnUrl(
  url: string | URL | URLSearchParams,
  secrets: Record<number, SigningSecret>,
  options: { nowSeconds?: number; maxAgeSeconds?: number } = {},
): VerifiedReturn {
  const params = url instanceof URLSearchParams ? url : new URL(url, 'http://return.invalid').searchParams;
  const get = (name: string) => params.get(name) ?? undefined;
  const keyVersion = Number(get('key_version'));
  const secret = Number.isSafeInteger(keyVersion) ? secrets[keyVersion] : undefined;
  if (secret === undefined) return { ok: false, reason: 'unknown_key_version' };
  const verdict = verifyReturnAddress(
    { order_code: get('order_code'), status: get('status'), failure_code: get('failure_code'), ts: get('ts'), sig: get('sig') },
    secret,
    options.nowSeconds,
    options.maxAgeSeconds ?? DEFAULT_RETURN_ADDRESS_MAX_AGE_SECONDS,
  );
  if (!verdict.ok) return verdict;
  return { ok: true, orderCode: get('order_code')!, status: get('status') as 'paid' | 'failed', failureCode: get('failure_code') ?? null, keyVersion };
}
