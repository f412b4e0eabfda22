import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PanelAuditEntry, PanelRole } from '@platform/contracts';
import { queryRows, type SqlExecutor } from '@platform/persistence';
import { SignInCounters } from '@platform/web-auth';

export type Language = 'en' | 'tr';

export interface UserRow {
  id: string;
  merchant_code: string;
  email: string;
  role: PanelRole;
  status: 'invited' | 'active';
  password_hash: string | null;
  totp_secret_sealed: string | null;
  totp_last_step: string | null;
  failed_sign_ins: number;
  locked_until: Date | null;
  language: Language;
  invited_by: string;
  created_at: Date;
}

export interface SessionRow {
  token_sha256: string;
  user_id: string;
  csrf_token: string;
  environment: 'sandbox' | 'live';
  second_factor_passed: boolean;
  pending_totp_secret_sealed: string | null;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

export type LinkPurpose = 'invitation' | 'password_reset';

/** The panel's tables: users, their sessions, one-time links and the panel's own audit log. */
@Injectable()
export class UserRepository {
  constructor(readonly dataSource: DataSource) {}

  async insertUser(tx: SqlExecutor, user: Pick<UserRow, 'id' | 'merchant_code' | 'email' | 'role' | 'invited_by'>): Promise<UserRow | undefined> {
    const rows = await queryRows<UserRow>(
      tx,
      `INSERT INTO panel.users (id, merchant_code, email, role, invited_by) VALUES ($1, $2, $3, $4, $5)
        ON CONFLICT (email) DO NOTHING RETURNING *`,
      [user.id, user.merchant_code, user.email, user.role, user.invited_by],
    );
    return rows[0];
  }

  async byEmail(tx: SqlExecutor, email: string): Promise<UserRow | undefined> {
    return (await queryRows<UserRow>(tx, `SELECT * FROM panel.users WHERE email = $1`, [email.toLowerCase()]))[0];
  }

  async byId(tx: SqlExecutor, id: string, lock = false): Promise<UserRow | undefined> {
    return (await queryRows<UserRow>(tx, `SELECT * FROM panel.users WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]))[0];
  }

  async ofMerchant(merchantCode: string): Promise<UserRow[]> {
    return queryRows<UserRow>(this.dataSource, `SELECT * FROM panel.users WHERE merchant_code = $1 ORDER BY created_at, email`, [merchantCode]);
  }

  async update(tx: SqlExecutor, id: string, changes: Partial<Omit<UserRow, 'id' | 'merchant_code' | 'created_at'>>): Promise<void> {
    const names = Object.keys(changes);
    if (names.length === 0) return;
    const assignments = names.map((name, index) => `${name} = $${index + 2}`).join(', ');
    await tx.query(`UPDATE panel.users SET ${assignments} WHERE id = $1`, [id, ...names.map((name) => changes[name as keyof typeof changes])]);
  }

  /** The failure count and the last TOTP step, raised in the row. */
  readonly counters = new SignInCounters('panel.users', queryRows);

  async deleteUser(tx: SqlExecutor, id: string): Promise<void> {
    await tx.query(`DELETE FROM panel.users WHERE id = $1`, [id]);
  }

  /** The merchant's users, locked, so that two owners cannot each remove the other last owner. */
  async lockMerchantUsers(tx: SqlExecutor, merchantCode: string): Promise<UserRow[]> {
    return queryRows<UserRow>(tx, `SELECT * FROM panel.users WHERE merchant_code = $1 ORDER BY id FOR UPDATE`, [merchantCode]);
  }

  async recentLinks(userId: string, purpose: LinkPurpose, since: Date, tx: SqlExecutor = this.dataSource): Promise<number> {
    const rows = await queryRows<{ count: string }>(tx, `SELECT count(*) FROM panel.one_time_links WHERE user_id = $1 AND purpose = $2 AND created_at > $3`, [
      userId,
      purpose,
      since,
    ]);
    return Number(rows[0]!.count);
  }

  async insertSession(tx: SqlExecutor, session: SessionRow): Promise<void> {
    await tx.query(
      `INSERT INTO panel.sessions (token_sha256, user_id, csrf_token, environment, second_factor_passed, pending_totp_secret_sealed, created_at, last_seen_at, expires_at)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        session.token_sha256,
        session.user_id,
        session.csrf_token,
        session.environment,
        session.second_factor_passed,
        session.pending_totp_secret_sealed,
        session.created_at,
        session.last_seen_at,
        session.expires_at,
      ],
    );
  }

  /** The session with its user, if it has not expired; touching it moves its idle deadline. */
  async liveSession(tokenSha256: string, now: Date, idleMinutes: number, maxHours: number): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const rows = await queryRows<SessionRow>(
      this.dataSource,
      `UPDATE panel.sessions SET last_seen_at = $2, expires_at = LEAST(created_at + make_interval(hours => $4), $2 + make_interval(mins => $3))
        WHERE token_sha256 = $1 AND expires_at > $2 RETURNING *`,
      [tokenSha256, now, idleMinutes, maxHours],
    );
    const session = rows[0];
    if (!session) return undefined;
    const user = await this.byId(this.dataSource, session.user_id);
    return user ? { session, user } : undefined;
  }

  async updateSession(
    tx: SqlExecutor,
    tokenSha256: string,
    changes: Partial<Pick<SessionRow, 'environment' | 'second_factor_passed' | 'pending_totp_secret_sealed'>>,
  ): Promise<void> {
    const names = Object.keys(changes);
    const assignments = names.map((name, index) => `${name} = $${index + 2}`).join(', ');
    await tx.query(`UPDATE panel.sessions SET ${assignments} WHERE token_sha256 = $1`, [
      tokenSha256,
      ...names.map((name) => changes[name as keyof typeof changes]),
    ]);
  }

  async deleteSession(tokenSha256: string, tx: SqlExecutor = this.dataSource): Promise<void> {
    await tx.query(`DELETE FROM panel.sessions WHERE token_sha256 = $1`, [tokenSha256]);
  }

  async deleteSessionsOf(tx: SqlExecutor, userId: string, except?: string): Promise<number> {
    const rows = await queryRows<{ token_sha256: string }>(
      tx,
      `DELETE FROM panel.sessions WHERE user_id = $1 AND token_sha256 IS DISTINCT FROM $2 RETURNING token_sha256`,
      [userId, except ?? null],
    );
    return rows.length;
  }

  async insertLink(tx: SqlExecutor, link: { token_sha256: string; user_id: string; purpose: LinkPurpose; created_at: Date; expires_at: Date }): Promise<void> {
    await tx.query(`INSERT INTO panel.one_time_links (token_sha256, user_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
      link.token_sha256,
      link.user_id,
      link.purpose,
      link.created_at,
      link.expires_at,
    ]);
  }

  /** The link's user if the link is unused and unexpired, locking the link so it is used once. */
  async openLink(tx: SqlExecutor, tokenSha256: string, purpose: LinkPurpose, now: Date): Promise<string | undefined> {
    const rows = await queryRows<{ user_id: string }>(
      tx,
      `SELECT user_id FROM panel.one_time_links WHERE token_sha256 = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 FOR UPDATE`,
      [tokenSha256, purpose, now],
    );
    return rows[0]?.user_id;
  }

  async useLink(tx: SqlExecutor, tokenSha256: string, now: Date): Promise<void> {
    await tx.query(`UPDATE panel.one_time_links SET used_at = $2 WHERE token_sha256 = $1`, [tokenSha256, now]);
  }

  async audit(
    tx: SqlExecutor,
    entry: { merchant_code: string; user_id: string | null; actor: string; action: string; details?: object; correlation_id?: string },
  ): Promise<void> {
    await tx.query(`INSERT INTO panel.audit_log (merchant_code, user_id, actor, action, details, correlation_id) VALUES ($1, $2, $3, $4, $5, $6)`, [
      entry.merchant_code,
      entry.user_id,
      entry.actor,
      entry.action,
      JSON.stringify(entry.details ?? {}),
      entry.correlation_id ?? null,
    ]);
  }

  /** The merchant's audit log, newest first, optionally one action; with the count of all that match. */
  async auditPage(merchantCode: string, action: string | null, page: number, perPage: number): Promise<{ rows: PanelAuditEntry[]; total: number }> {
    const [rows, counted] = await Promise.all([
      queryRows<Omit<PanelAuditEntry, 'id' | 'at'> & { id: string; at: Date }>(
        this.dataSource,
        `SELECT id::text, at, merchant_code, user_id, actor, action, details, correlation_id FROM panel.audit_log
          WHERE merchant_code = $1 AND ($2::text IS NULL OR action = $2) ORDER BY at DESC, id DESC LIMIT $3 OFFSET $4`,
        [merchantCode, action, perPage, (page - 1) * perPage],
      ),
      queryRows<{ count: string }>(this.dataSource, `SELECT count(*) FROM panel.audit_log WHERE merchant_code = $1 AND ($2::text IS NULL OR action = $2)`, [
        merchantCode,
        action,
      ]),
    ]);
    return { rows: rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() })), total: Number(counted[0]!.count) };
  }
}
