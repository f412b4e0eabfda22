import { randomUUID } from 'node:crypto';
import { webhookSignature } from '../signing/index.js';
import { forward } from './listen.js';
import { table, type Output } from './output.js';

type Scheme = 'v3' | 'v4';

interface Case {
  name: string;
  /** What a correct endpoint does with it. */
  expect: 'accept' | 'reject';
  why: string;
  confirm?: string;
  body: string;
  headers: Record<string, string>;
}

export interface CheckResult {
  case: string;
  expected: 'accept' | 'reject';
  status: number | null;
  ok: boolean;
  why: string;
  /** What the answer cannot show and the merchant must confirm on their side (acting once, keeping the newer state). */
  confirm?: string;
}

/**
 * The order's or payment's `version` and `previous_status` as the platform sends them: the
 * success is the newer change (version 3), the failure an older one (version 2) arriving late.
 */
function orderBody(eventId: string, orderId: string, eventType: 'checkout.order.succeeded' | 'checkout.order.failed'): string {
  const failed = eventType === 'checkout.order.failed';
  return JSON.stringify({
    schema_version: 3,
    event_id: eventId,
    event_type: eventType,
    previous_status: 'pending',
    order: { code: '100000001', merchant_order_id: orderId, status: failed ? 'failed' : 'paid', amount: '10.00', currency: 'TRY', version: failed ? 2 : 3 },
    merchant: { code: 'MRC-000000' },
    payment_details: { card: null },
    ...(failed ? { failure_code: '0055210', failure_reason_code: 'payment_declined', failure_message: 'declined' } : {}),
  });
}

function paymentBody(eventId: string, code: string, eventType: 'payment.paid' | 'payment.failed'): string {
  const now = new Date().toISOString();
  return JSON.stringify({
    event_id: eventId,
    event_type: eventType,
    environment: 'sandbox',
    occurred_at: now,
    previous_status: 'created',
    payment: {
      code,
      version: eventType === 'payment.paid' ? 3 : 2,
      merchant_reference: null,
      status: eventType === 'payment.paid' ? 'paid' : 'created',
      amount: '10.00',
      currency_code: 'TRY',
      environment: 'sandbox',
      payment_url: 'https://pay.example/p',
      payment_url_kind: 'platform',
      created_at: now,
      expires_at: now,
      paid_at: eventType === 'payment.paid' ? now : null,
      card: null,
      failure: eventType === 'payment.failed' ? { attempt_count: 1, reason_code: 'payment_declined' } : null,
    },
  });
}

/** The battery: each case is a delivery the platform could send, or one an attacker or a replay could. */
export function checkCases(scheme: Scheme, secret: string, now = Math.floor(Date.now() / 1000)): Case[] {
  const prefix = scheme === 'v4' ? 'X-CEK' : 'X-CAV';
  const resource = scheme === 'v4' ? `check-${randomUUID().slice(0, 8)}` : randomUUID().replace(/-/g, '').slice(0, 8);
  const success = scheme === 'v4' ? 'checkout.order.succeeded' : 'payment.paid';
  const failure = scheme === 'v4' ? 'checkout.order.failed' : 'payment.failed';
  const body = (eventId: string, eventType: string) =>
    scheme === 'v4' ? orderBody(eventId, resource, eventType as 'checkout.order.succeeded') : paymentBody(eventId, resource, eventType as 'payment.paid');
  const signed = (rawBody: string, eventId: string, eventType: string, options: { timestamp?: string; signature?: string } = {}) => {
    const timestamp = options.timestamp ?? String(now);
    return {
      [`${prefix}-Timestamp`]: timestamp,
      [`${prefix}-Signature`]: options.signature ?? webhookSignature({ secret, timestamp, rawBody }),
      [`${prefix}-Event-Id`]: eventId,
      [`${prefix}-Environment`]: 'sandbox',
      ...(scheme === 'v3' ? { 'X-CAV-Event-Type': eventType } : {}),
    };
  };
  const first = randomUUID();
  const valid = body(first, success);
  const later = randomUUID();
  const failedAfter = body(later, failure);
  const other = (eventType: string) => {
    const id = randomUUID();
    return { id, text: body(id, eventType) };
  };
  const stale = other(success);
  const forged = other(success);
  const swapped = other(success);
  const upper = other(success);
  const short = other(success);
  return [
    { name: 'valid delivery', expect: 'accept', why: 'signed with your secret, fresh: answer 2xx', body: valid, headers: signed(valid, first, success) },
    {
      name: 'same event again',
      expect: 'accept',
      why: 'delivery is at least once: answer 2xx again, act once (dedupe by event id)',
      confirm: 'that it acted on this event once, not twice',
      body: valid,
      headers: signed(valid, first, success),
    },
    {
      name: `${failure} after ${success}`,
      expect: 'accept',
      why:
        scheme === 'v4'
          ? 'out of order: answer 2xx and ignore it once the order succeeded'
          : 'a failed attempt after payment: answer 2xx, the payment stays paid',
      confirm: `that the ${scheme === 'v4' ? 'order' : 'payment'} is still paid: this delivery's version (2) is below the one applied (3)`,
      body: failedAfter,
      headers: signed(failedAfter, later, failure),
    },
    {
      name: 'timestamp 301 s old',
      expect: 'reject',
      why: 'outside the 300 s window: a replay',
      body: stale.text,
      headers: signed(stale.text, stale.id, success, { timestamp: String(now - 301) }),
    },
    {
      name: 'bad signature',
      expect: 'reject',
      why: 'not signed with your secret',
      body: forged.text,
      headers: signed(forged.text, forged.id, success, { signature: 'ab'.repeat(32) }),
    },
    {
      name: 'signature over another body',
      expect: 'reject',
      why: 'the body was changed after signing: verify the raw bytes',
      body: swapped.text.replace('10.00', '99.00'),
      headers: signed(swapped.text, swapped.id, success),
    },
    {
      name: 'uppercase hex signature',
      expect: 'reject',
      why: 'the signature is 64 lowercase hex characters',
      body: upper.text,
      headers: signed(upper.text, upper.id, success, { signature: webhookSignature({ secret, timestamp: String(now), rawBody: upper.text }).toUpperCase() }),
    },
    {
      name: '9-digit timestamp',
      expect: 'reject',
      why: 'the timestamp is exactly 10 digits',
      body: short.text,
      headers: signed(short.text, short.id, success, {
        timestamp: String(now).slice(1),
        signature: webhookSignature({ secret, timestamp: String(now).slice(1), rawBody: short.text }),
      }),
    },
  ];
}

/** The answer shows only accept or reject: what the endpoint did with what it accepted is for the merchant to look at. */
function confirmations(results: CheckResult[]): string[] {
  const toConfirm = results.filter((result) => result.confirm);
  if (toConfirm.length === 0) return [];
  return ['\nAn answer cannot show what your endpoint did. Check on your side:', ...toConfirm.map((result) => `- ${result.case}: ${result.confirm}`)];
}

/** Sends the battery to `url` in order and reports what the endpoint accepted that it must reject, and the reverse. */
export async function webhookCheck(url: string, scheme: Scheme, secret: string, out: Output): Promise<boolean> {
  const results: CheckResult[] = [];
  const cases = checkCases(scheme, secret);
  out.say(`Sending ${cases.length} ${scheme} deliveries to ${url}, one after the other…`);
  for (const check of cases) {
    const answer = await forward(url, { event_id: '', event_type: check.name, scheme, headers: check.headers, body: check.body });
    const accepted = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const ok = accepted === (check.expect === 'accept');
    results.push({
      case: check.name,
      expected: check.expect,
      status: answer.status,
      ok,
      why: check.why,
      ...(ok && check.confirm ? { confirm: check.confirm } : {}),
    });
  }
  const problems = results.filter((result) => !result.ok).length;
  out.result({ url, scheme, problems, results }, () =>
    [
      table(
        ['case', 'expected', 'got', 'verdict'],
        results.map((r) => [
          r.case,
          r.expected,
          r.status ?? 'no answer',
          r.ok ? 'ok' : `PROBLEM: ${r.expected === 'reject' ? 'accepted, must reject' : 'rejected, must accept'} (${r.why})`,
        ]),
      ),
      problems === 0 ? `\nall ${results.length} cases answered as the spec says` : `\n${problems} of ${results.length} cases answered wrongly`,
      ...confirmations(results),
    ].join('\n'),
  );
  return problems === 0;
}
