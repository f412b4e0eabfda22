import { Injectable } from '@nestjs/common';
import type { Environment, Owner } from '@platform/contracts';
import { traceHeaders } from '@platform/observability';
import { ChangeSignals, queryRows, type SqlExecutor } from '@platform/persistence';

/** Told at the commit of a new delivery or a requested retry: the dispatchers claim it at once instead of at their next poll. */
export const DELIVERIES_DUE_CHANNEL = 'webhook_deliveries_due';

export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  scheme: 'v3' | 'v4';
  merchant_code: string;
  environment: Environment;
  payment_code: string | null;
  url: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  /** Claims so far, each with its own attempt number (an attempt cut by a crash included). */
  attempt_count: number;
  /** Attempts made and recorded: what counts against max_attempts and the retry schedule. */
  made_attempts: number;
  max_attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_error_code: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  /** The W3C traceparent of the event's trace, which every attempt joins. */
  trace_parent: string | null;
}

export type NewDelivery = Pick<
  DeliveryRow,
  'id' | 'event_id' | 'event_type' | 'scheme' | 'merchant_code' | 'environment' | 'payment_code' | 'url' | 'body' | 'created_at'
>;

export interface FinishedAttempt {
  delivery: DeliveryRow;
  outcome: { statusCode: number | null; errorCode: string | null; error: string | null; durationMs: number; delivered: boolean };
  next: { status: DeliveryRow['status']; nextAttemptAt: Date | null };
  finishedAt: Date;
}

const COLUMNS = `id, event_id, event_type, scheme, merchant_code, environment, payment_code, url, body, status, attempt_count,
  attempt_count - interrupted_count AS made_attempts, max_attempts,
  last_status_code, last_error, last_error_code, next_attempt_at, delivered_at, created_at, trace_parent`;

/** SQL over deliveries and their attempts; merchant reads are scoped to merchant and environment. */
@Injectable()
export class DeliveryRepository {
  /** One delivery per event: a redelivered event finds its delivery and adds nothing. */
  /** A new delivery, due now; the dispatchers are told at the commit, in the same statement. */
  async insert(tx: SqlExecutor, delivery: NewDelivery): Promise<void> {
    await tx.query(
      `WITH inserted AS (
         INSERT INTO webhooks.deliveries (id, event_id, event_type, scheme, merchant_code, environment, payment_code, url, body, next_attempt_at, created_at,
           trace_parent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11) ON CONFLICT (event_id) DO NOTHING RETURNING 1)
       SELECT pg_notify($12, '') FROM inserted`,
      [
        delivery.id,
        delivery.event_id,
        delivery.event_type,
        delivery.scheme,
        delivery.merchant_code,
        delivery.environment,
        delivery.payment_code,
        delivery.url,
        delivery.body,
        delivery.created_at.toISOString(),
        traceHeaders().traceparent ?? null,
        DELIVERIES_DUE_CHANNEL,
      ],
    );
  }

  /**
   * Claims due deliveries for one attempt each: the attempt number is fixed and recorded
   * here (unique per delivery), and a lease keeps other replicas off until it runs out, so
   * an attempt cut short by a crash is made again later, never twice at once. One statement
   * (atomic without a transaction) claims, closes the attempts cut short and opens the new.
   */
  async claimDue(db: SqlExecutor, now: Date, leaseMs: number, limit: number): Promise<DeliveryRow[]> {
    return queryRows<DeliveryRow>(
      db,
      // A lease still set was never released by a recorded attempt: that attempt was cut short.
      `WITH claimed AS (
         UPDATE webhooks.deliveries SET attempt_count = attempt_count + 1, interrupted_count = interrupted_count + (lease_until IS NOT NULL)::int, lease_until = $2
          WHERE id IN (SELECT id FROM webhooks.deliveries
                        WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
                        ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
          RETURNING ${COLUMNS}
       ), closed AS (
         UPDATE webhooks.attempts a SET finished_at = $1, error_code = 'attempt_interrupted'
           FROM claimed WHERE a.delivery_id = claimed.id AND a.finished_at IS NULL
       ), opened AS (
         INSERT INTO webhooks.attempts (delivery_id, attempt_no, started_at) SELECT id, attempt_count, $1 FROM claimed
       )
       SELECT * FROM claimed`,
      [now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), limit],
    );
  }

  /**
   * Records finished attempts, any number in one statement: each attempt's outcome, and
   * its delivery's next state. A delivery claimed again meanwhile (its lease ran out) keeps
   * the newer claim's state: the attempt number must still match.
   */
  async recordAttempts(db: SqlExecutor, attempts: readonly FinishedAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const ordered = [...attempts].sort((a, b) => (a.delivery.id < b.delivery.id ? -1 : 1));
    const column = <T>(pick: (attempt: FinishedAttempt) => T) => ordered.map(pick);
    await db.query(
      `WITH finished AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::timestamptz[], $4::int[], $5::text[], $6::text[], $7::int[], $8::text[], $9::timestamptz[])
           AS f(id, attempt_no, finished_at, status_code, error_code, error, duration_ms, status, next_attempt_at)
       ), attempts AS (
         UPDATE webhooks.attempts a SET finished_at = f.finished_at, status_code = f.status_code, error_code = f.error_code, duration_ms = f.duration_ms
           FROM finished f WHERE a.delivery_id = f.id AND a.attempt_no = f.attempt_no
       )
       UPDATE webhooks.deliveries d SET status = f.status, last_status_code = f.status_code, last_error = f.error, last_error_code = f.error_code,
         next_attempt_at = f.next_attempt_at, delivered_at = CASE WHEN f.status = 'delivered' THEN f.finished_at ELSE d.delivered_at END, lease_until = NULL
         FROM finished f WHERE d.id = f.id AND d.attempt_count = f.attempt_no`,
      [
        column((a) => a.delivery.id),
        column((a) => a.delivery.attempt_count),
        column((a) => a.finishedAt.toISOString()),
        column((a) => a.outcome.statusCode),
        column((a) => a.outcome.errorCode),
        column((a) => a.outcome.error),
        column((a) => a.outcome.durationMs),
        column((a) => a.next.status),
        column((a) => a.next.nextAttemptAt?.toISOString() ?? null),
      ],
    );
  }

  async find(tx: SqlExecutor, owner: Owner, id: string, lock = false): Promise<DeliveryRow | undefined> {
    const rows = await queryRows<DeliveryRow>(
      tx,
      `SELECT ${COLUMNS} FROM webhooks.deliveries WHERE id = $1 AND merchant_code = $2 AND environment = $3 AND scheme = 'v3' ${lock ? 'FOR UPDATE' : ''}`,
      [id, owner.merchantCode, owner.environment],
    );
    return rows[0];
  }

  async list(tx: SqlExecutor, owner: Owner, status: string | null, limit: number, offset: number): Promise<{ rows: DeliveryRow[]; total: number }> {
    const where = `merchant_code = $1 AND environment = $2 AND scheme = 'v3' AND ($3::text IS NULL OR status = $3)`;
    const params = [owner.merchantCode, owner.environment, status];
    const [rows, count] = await Promise.all([
      queryRows<DeliveryRow>(tx, `SELECT ${COLUMNS} FROM webhooks.deliveries WHERE ${where} ORDER BY created_at DESC, id LIMIT $4 OFFSET $5`, [
        ...params,
        limit,
        offset,
      ]),
      queryRows<{ total: number }>(tx, `SELECT count(*)::int AS total FROM webhooks.deliveries WHERE ${where}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }

  /** A failed delivery of the owner's gets one more attempt, now. */
  async requeue(tx: SqlExecutor, owner: Owner, id: string, now: Date): Promise<DeliveryRow> {
    const rows = await queryRows<DeliveryRow>(
      tx,
      `UPDATE webhooks.deliveries SET status = 'pending', next_attempt_at = $2, max_attempts = attempt_count - interrupted_count + 1, lease_until = NULL
        WHERE id = $1 AND status = 'failed' AND merchant_code = $3 AND environment = $4 RETURNING ${COLUMNS}`,
      [id, now.toISOString(), owner.merchantCode, owner.environment],
    );
    if (rows[0]) await ChangeSignals.signal(tx, DELIVERIES_DUE_CHANNEL);
    return rows[0]!;
  }

  async queueDepth(tx: SqlExecutor): Promise<number> {
    const rows = await queryRows<{ depth: number }>(tx, `SELECT count(*)::int AS depth FROM webhooks.deliveries WHERE status = 'pending'`);
    return rows[0]?.depth ?? 0;
  }
}
