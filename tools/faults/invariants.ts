import { Client } from 'pg';
import { Decimal } from '@platform/money';
import { OperatorClient, V3Client, eventually, type ProvisionedMerchant } from '@platform/testing';
import type { Operation } from './workload';

export interface Findings {
  /** Money or answers that should exist and do not: unanswered requests, paid without a booking or a webhook. */
  lost: string[];
  /** What exists more often than the client asked for it. */
  doubled: string[];
  /** Every other broken invariant: the trial balance, the balance against the client's model, stray webhooks. */
  broken: string[];
}

export interface ReceivedHook {
  merchant: string;
  body: string;
}

const sum = (operations: Operation[]) => operations.reduce((total, op) => total.plus(op.amount), new Decimal(0));

/**
 * The balance the merchant's own log of answers implies, in its sandbox wallet: what was paid,
 * less completed refunds, sent withdrawals and disputes that took the money (open or lost).
 */
export function modelBalance(operations: Operation[]): string {
  const paid = operations.filter((op) => (op.kind === 'payment' || op.kind === 'order') && op.state === 'paid');
  const refunded = operations.filter((op) => op.kind === 'refund' && op.state === 'completed');
  const withdrawn = operations.filter((op) => op.kind === 'withdrawal' && op.state === 'sent');
  const disputed = operations.filter((op) => op.kind === 'dispute' && (op.state === 'open' || op.state === 'lost'));
  return sum(paid).minus(sum(refunded)).minus(sum(withdrawn)).minus(sum(disputed)).toFixed(2);
}

async function rows<T>(databaseUrl: string, sql: string, params: unknown[]): Promise<T[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows as T[];
  } finally {
    await db.end();
  }
}

/** Each of `expected` found `found` times: missing ones are lost, repeated ones doubled. */
function compareCounts(what: string, expected: string[], counts: Map<string, number>, findings: Findings): void {
  for (const key of expected) if (!counts.has(key)) findings.lost.push(`${what} ${key} missing`);
  for (const [key, count] of counts) if (count > 1) findings.doubled.push(`${what} ${key} ×${count}`);
}

/**
 * The money invariants after a scenario, from the outside (API answers, webhooks) and from the
 * data: every request answered in the spec's format; every paid payment and order booked once and
 * announced by a webhook; no record the client did not ask for; the trial balance balanced; the
 * balance equal to the model of the client's log; no webhook for a merchant that made nothing.
 */
export async function checkInvariants(
  databaseUrl: string,
  gatewayUrl: string,
  merchant: ProvisionedMerchant,
  bystander: ProvisionedMerchant,
  operations: Operation[],
  hooks: ReceivedHook[],
): Promise<Findings> {
  const findings: Findings = { lost: [], doubled: [], broken: [] };
  for (const op of operations.filter((o) => o.outcome === 'unanswered')) findings.lost.push(`${op.kind} ${op.key} unanswered: ${op.detail ?? '?'}`);

  const code = merchant.merchantCode;
  const created = (kind: Operation['kind']) => operations.filter((op) => op.kind === kind && op.outcome === 'ok');
  const counted = async (sql: string) => new Map((await rows<{ key: string; n: number }>(databaseUrl, sql, [code])).map((row) => [row.key, Number(row.n)]));
  compareCounts(
    'payment',
    created('payment').map((op) => op.code!),
    await counted(`SELECT code AS key, count(*) AS n FROM payments.payments WHERE merchant_code = $1 GROUP BY code`),
    findings,
  );
  compareCounts(
    'order',
    created('order').map((op) => op.key),
    await counted(`SELECT merchant_order_id AS key, count(*) AS n FROM orders.orders WHERE merchant_code = $1 GROUP BY merchant_order_id`),
    findings,
  );
  const recordsOf = async (table: string) =>
    Number((await rows<{ n: number }>(databaseUrl, `SELECT count(*) AS n FROM ${table} WHERE merchant_code = $1`, [code]))[0]!.n);
  for (const [kind, table] of [
    ['refund', 'payments.reversals'],
    ['withdrawal', 'payouts.withdrawals'],
    ['dispute', 'disputes.disputes'],
  ] as const) {
    const stored = await recordsOf(table);
    const answered = created(kind).length;
    if (stored > answered) findings.doubled.push(`${stored} ${kind}s stored for ${answered} accepted`);
    if (stored < answered) findings.lost.push(`${answered - stored} accepted ${kind}s not stored`);
  }

  // Booked exactly once: every paid payment and order, within the time the ledger needs to catch up.
  const paidReferences = operations
    .filter((op) => (op.kind === 'payment' || op.kind === 'order') && op.state === 'paid')
    .map((op) => `${op.kind === 'payment' ? 'v3' : 'v4'}:${op.code}`);
  const bookings = await eventually(
    () => counted(`SELECT reference AS key, count(*) AS n FROM ledger.transactions WHERE merchant_code = $1 AND kind = 'payment' GROUP BY reference`),
    (found) => paidReferences.every((reference) => found.has(reference)),
    60_000,
  ).catch(() => counted(`SELECT reference AS key, count(*) AS n FROM ledger.transactions WHERE merchant_code = $1 AND kind = 'payment' GROUP BY reference`));
  compareCounts('booking', paidReferences, bookings, findings);
  for (const reference of bookings.keys())
    if (!paidReferences.includes(reference)) findings.broken.push(`booking ${reference} for nothing the client saw paid`);

  const trial = await new OperatorClient(gatewayUrl).call('GET', '/admin/v1/ledger/trial-balance');
  if (trial.status !== 200 || trial.body.balanced !== true) findings.broken.push(`trial balance not balanced: ${JSON.stringify(trial.body).slice(0, 300)}`);

  const expected = modelBalance(operations);
  const v3 = new V3Client(gatewayUrl, merchant);
  const balance = await eventually(
    async () => (await v3.request('GET', '/api/v3/balance')).body,
    (body) => body?.available_amount === expected,
    30_000,
  ).catch(async () => (await v3.request('GET', '/api/v3/balance')).body);
  if (balance?.available_amount !== expected) findings.broken.push(`balance ${balance?.available_amount} where the client's answers make ${expected}`);

  const paid = operations.filter((op) => (op.kind === 'payment' || op.kind === 'order') && op.state === 'paid');
  const announced = (op: Operation) => hooks.some((hook) => hook.merchant === code && hook.body.includes(`"${op.code}"`));
  await eventually(
    async () => paid.filter((op) => !announced(op)),
    (missing) => missing.length === 0,
    60_000,
  ).catch(() => undefined);
  for (const op of paid.filter((o) => !announced(o))) findings.lost.push(`no webhook for paid ${op.kind} ${op.code}`);
  const stray = hooks.filter((hook) => hook.merchant === bystander.merchantCode).length;
  if (stray > 0) findings.broken.push(`${stray} webhooks for a merchant that made nothing`);
  return findings;
}
