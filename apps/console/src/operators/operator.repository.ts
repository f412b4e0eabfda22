import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OperatorRole } from '@platform/contracts';
import { queryRows, type SqlExecutor } from '@platform/persistence';
import { SignInCounters } from '@platform/web-auth';

export interface OperatorRow {
  id: string;
  email: string;
  role: OperatorRole;
  status: 'invited' | 'active' | 'disabled';
  password_hash: string | null;
  totp_secret_sealed: string | null;
  totp_last_step: string | null;
  failed_sign_ins: number;
  locked_until: Date | null;
  created_by: string;
  created_at: Date;
  /** Set once the operator signed in through the OpenID Connect provider: who they are there. */
  idp_issuer: string | null;
  idp_subject: string | null;
}

/** `code`: the password was right, the TOTP code is next; `enrol`: the operator has no second factor yet and must add one. */
export type SessionStage = 'code' | 'enrol' | 'signed_in';

export interface SessionRow {
  token_sha256: string;
  operator_id: string;
  csrf_token: string;
  stage: SessionStage;
  pending_totp_secret_sealed: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export interface ConsoleAuditRow {
  id: string;
  at: Date;
  actor: string;
  action: string;
  details: Record<string, unknown>;
  correlation_id: string | null;
}

/** The console's tables: operators, their sessions and set-up links, and the console's own audit log. */
@Injectable()
export class OperatorRepository {
  constructor(readonly dataSource: DataSource) {}

  async insert(tx: SqlExecutor, operator: Pick<OperatorRow, 'id' | 'email' | 'role' | 'created_by'>): Promise<OperatorRow | undefined> {
    const rows = await queryRows<OperatorRow>(
      tx,
      `INSERT INTO console.operators (id, email, role, created_by) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING *`,
      [operator.id, operator.email, operator.role, operator.created_by],
    );
    return rows[0];
  }

  /** The operator linked to the provider's person, locked. */
  async byIdpSubject(tx: SqlExecutor, issuer: string, subject: string): Promise<OperatorRow | undefined> {
    const rows = await queryRows<OperatorRow>(tx, `SELECT * FROM console.operators WHERE idp_issuer = $1 AND idp_subject = $2 FOR UPDATE`, [issuer, subject]);
    return rows[0];
  }

  async byEmail(tx: SqlExecutor, email: string): Promise<OperatorRow | undefined> {
    return (await queryRows<OperatorRow>(tx, `SELECT * FROM console.operators WHERE email = $1`, [email.toLowerCase()]))[0];
  }

  async byId(tx: SqlExecutor, id: string, lock = false): Promise<OperatorRow | undefined> {
    return (await queryRows<OperatorRow>(tx, `SELECT * FROM console.operators WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]))[0];
  }

  async all(): Promise<OperatorRow[]> {
    return queryRows<OperatorRow>(this.dataSource, `SELECT * FROM console.operators ORDER BY created_at, email`);
  }

  /** Every admin who can sign in (active), locked: the last one may not be disabled, reset or demoted. */
  async lockAdmins(tx: SqlExecutor): Promise<OperatorRow[]> {
    return queryRows<OperatorRow>(tx, `SELECT * FROM console.operators WHERE role = 'admin' AND status = 'active' ORDER BY id FOR UPDATE`);
  }

  /** The failure count and the last TOTP step, raised in the row. */
  readonly counters = new SignInCounters('console.operators', queryRows);

  /** Keeps the first second factor enrolled: false when the operator has one already (another session enrolled meanwhile). */
  async enrolTotp(tx: SqlExecutor, id: string, sealed: string, step: number): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      tx,
      `UPDATE console.operators SET totp_secret_sealed = $2, totp_last_step = $3 WHERE id = $1 AND totp_secret_sealed IS NULL RETURNING id`,
      [id, sealed, step],
    );
    return rows.length === 1;
  }

  async update(tx: SqlExecutor, id: string, changes: Partial<Omit<OperatorRow, 'id' | 'email' | 'created_at' | 'created_by'>>): Promise<void> {
    const names = Object.keys(changes);
    if (names.length === 0) return;
    const assignments = names.map((name, index) => `${name} = $${index + 2}`).join(', ');
    await tx.query(`UPDATE console.operators SET ${assignments} WHERE id = $1`, [id, ...names.map((name) => changes[name as keyof typeof changes])]);
  }

  async insertSession(tx: SqlExecutor, session: SessionRow): Promise<void> {
    await tx.query(
      `INSERT INTO console.sessions (token_sha256, operator_id, csrf_token, stage, pending_totp_secret_sealed, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        session.token_sha256,
        session.operator_id,
        session.csrf_token,
        session.stage,
        session.pending_totp_secret_sealed,
        session.created_at,
        session.last_seen_at,
        session.expires_at,
      ],
    );
  }

  /** The session of the token if it still lives (its idle and absolute limits), seen now; with its operator. */
  async liveSession(
    tokenSha256: string,
    now: Date,
    idleMinutes: number,
    maxHours: number,
  ): Promise<{ session: SessionRow; operator: OperatorRow } | undefined> {
    const rows = await queryRows<SessionRow>(
      this.dataSource,
      `UPDATE console.sessions SET last_seen_at = $2, expires_at = LEAST(created_at + make_interval(hours => $4), $2 + make_interval(mins => $3))
        WHERE token_sha256 = $1 AND expires_at > $2 RETURNING *`,
      [tokenSha256, now, idleMinutes, maxHours],
    );
    const session = rows[0];
    if (!session) return undefined;
    const operator = await this.byId(this.dataSource, session.operator_id);
    return operator && operator.status === 'active' ? { session, operator } : undefined;
  }

  async updateSession(tx: SqlExecutor, tokenSha256: string, changes: Partial<Pick<SessionRow, 'pending_totp_secret_sealed'>>): Promise<void> {
    await tx.query(`UPDATE console.sessions SET pending_totp_secret_sealed = $2 WHERE token_sha256 = $1`, [
      tokenSha256,
      changes.pending_totp_secret_sealed ?? null,
    ]);
  }

  async deleteSession(tokenSha256: string, tx: SqlExecutor = this.dataSource): Promise<void> {
    await tx.query(`DELETE FROM console.sessions WHERE token_sha256 = $1`, [tokenSha256]);
  }

  async deleteSessionsOf(tx: SqlExecutor, operatorId: string): Promise<number> {
    const rows = await queryRows<{ token_sha256: string }>(tx, `DELETE FROM console.sessions WHERE operator_id = $1 RETURNING token_sha256`, [operatorId]);
    return rows.length;
  }

  async insertLink(tx: SqlExecutor, link: { token_sha256: string; operator_id: string; created_at: Date; expires_at: Date }): Promise<void> {
    await tx.query(`INSERT INTO console.setup_links (token_sha256, operator_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`, [
      link.token_sha256,
      link.operator_id,
      link.created_at,
      link.expires_at,
    ]);
  }

  /** The operator a set-up link stands for while it is unused and unexpired; locked when `lock`. */
  async openLink(tx: SqlExecutor, tokenSha256: string, now: Date, lock = false): Promise<string | undefined> {
    const rows = await queryRows<{ operator_id: string }>(
      tx,
      `SELECT operator_id FROM console.setup_links WHERE token_sha256 = $1 AND used_at IS NULL AND expires_at > $2${lock ? ' FOR UPDATE' : ''}`,
      [tokenSha256, now],
    );
    return rows[0]?.operator_id;
  }

  /** Uses up every unused link of the operator (the one just followed, or all of them on a reset or when disabled). */
  async useLinks(tx: SqlExecutor, operatorId: string, now: Date): Promise<void> {
    await tx.query(`UPDATE console.setup_links SET used_at = $2 WHERE operator_id = $1 AND used_at IS NULL`, [operatorId, now]);
  }

  async audit(tx: SqlExecutor, entry: { operator_id: string | null; actor: string; action: string; details?: object; correlation_id: string }): Promise<void> {
    await tx.query(`INSERT INTO console.audit_log (operator_id, actor, action, details, correlation_id) VALUES ($1, $2, $3, $4, $5)`, [
      entry.operator_id,
      entry.actor,
      entry.action,
      JSON.stringify(entry.details ?? {}),
      entry.correlation_id,
    ]);
  }

  async auditPage(filter: { actor?: string; action?: string }, page: number, perPage: number): Promise<{ rows: ConsoleAuditRow[]; total: number }> {
    const conditions: string[] = [];
    const values: unknown[] = [];
    if (filter.actor) conditions.push(`actor = $${values.push(filter.actor)}`);
    if (filter.action) conditions.push(`action = $${values.push(filter.action)}`);
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = await queryRows<ConsoleAuditRow & { total: string }>(
      this.dataSource,
      `SELECT id, at, actor, action, details, correlation_id, count(*) OVER () AS total FROM console.audit_log ${where}
        ORDER BY id DESC LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, perPage, (page - 1) * perPage],
    );
    return { rows, total: Number(rows[0]?.total ?? 0) };
  }
}
