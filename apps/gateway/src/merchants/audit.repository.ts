import { Injectable } from '@nestjs/common';
import { queryRows, type SqlExecutor } from '@platform/persistence';

export interface AuditRecord {
  id: string;
  occurred_at: Date;
  actor: string;
  action: string;
  target: string;
  correlation_id: string;
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  actor: string;
  action: string;
  target: string;
  correlationId: string;
  before: unknown;
  after: unknown;
  /** When the change happened, if not now: an entry another service wrote with its change. */
  occurredAt?: string;
}

/** What a read of the audit log narrows to: a target and what is below it, an action, an actor, a time range [from, to). */
export interface AuditFilter {
  target?: string;
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
}

/** The operator audit log: written in the same transaction as the change it records. */
@Injectable()
export class AuditRepository {
  async append(tx: SqlExecutor, entry: AuditEntry): Promise<void> {
    await tx.query(
      `INSERT INTO gateway.audit_log (actor, action, target, correlation_id, before, after, occurred_at)
       VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()))`,
      [
        entry.actor,
        entry.action,
        entry.target,
        entry.correlationId,
        JSON.stringify(entry.before ?? null),
        JSON.stringify(entry.after ?? null),
        entry.occurredAt ?? null,
      ],
    );
  }

  async list(tx: SqlExecutor, filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditRecord[]; total: number }> {
    const where = `WHERE ($1::text IS NULL OR target = $1 OR target LIKE $1 || '/%') AND ($2::text IS NULL OR action = $2)
      AND ($3::text IS NULL OR actor = $3) AND ($4::timestamptz IS NULL OR occurred_at >= $4) AND ($5::timestamptz IS NULL OR occurred_at < $5)`;
    const params = [filter.target ?? null, filter.action ?? null, filter.actor ?? null, filter.from ?? null, filter.to ?? null];
    const [rows, count] = await Promise.all([
      queryRows<AuditRecord>(
        tx,
        `SELECT id::text, occurred_at, actor, action, target, correlation_id, before, after FROM gateway.audit_log
         ${where} ORDER BY gateway.audit_log.id DESC LIMIT $6 OFFSET $7`,
        [...params, limit, offset],
      ),
      queryRows<{ total: number }>(tx, `SELECT count(*)::int AS total FROM gateway.audit_log ${where}`, params),
    ]);
    return { rows, total: count[0]?.total ?? 0 };
  }
}
