import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, Errors } from '@platform/contracts';
import { queryRows } from '@platform/persistence';
import { Clock } from '@platform/service-kit';
import { AuditRepository } from '../../merchants/audit.repository';
import type { OperatorRole } from '@platform/contracts';

/** An operator token as operators see it: never the token itself, which is shown once when issued. */
export interface OperatorTokenView {
  id: string;
  name: string;
  role: OperatorRole;
  created_by: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  last_used_at: string | null;
}

/** Who an accepted token stands for. */
export interface OperatorPrincipal {
  /** The audit log's actor: `token:<name>`, or `admin-token` for the bootstrap ADMIN_TOKEN. */
  actor: string;
  role: OperatorRole;
}

const TOKEN_PREFIX = 'opt_';
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

interface TokenRow {
  id: string;
  name: string;
  role: OperatorRole;
  created_by: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: string | null;
  last_used_at: Date | null;
}

/** What a token row shows operators: everything but its hash. */
const TOKEN_COLUMNS = 'id, name, role, created_by, created_at, expires_at, revoked_at, revoked_by, last_used_at';

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const view = (row: TokenRow): OperatorTokenView => ({
  ...row,
  created_at: iso(row.created_at)!,
  expires_at: iso(row.expires_at)!,
  revoked_at: iso(row.revoked_at),
  last_used_at: iso(row.last_used_at),
});

/**
 * Scoped, revocable operator tokens (issue 22): issued by an admin with a name, a role and an
 * expiry; checked on every call (a revoked or expired token stops at once); each issue and
 * revocation is in the audit log in the same transaction as the change.
 */
@Injectable()
export class OperatorTokensService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
  ) {}

  async issue(input: { name: string; role: OperatorRole; expiresInDays: number }, by: { actor: string; correlationId: string }) {
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(this.clock.now().getTime() + input.expiresInDays * 86_400_000);
    return this.dataSource.transaction(async (tx) => {
      const rows = await queryRows<TokenRow>(
        tx,
        `INSERT INTO gateway.operator_tokens (id, name, role, token_sha256, created_by, expires_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (name) DO NOTHING
         RETURNING ${TOKEN_COLUMNS}`,
        [randomUUID(), input.name, input.role, digest(token), by.actor, expiresAt],
      );
      if (!rows[0]) throw new ApiError(Errors.ResourceStateConflict, 'An operator token with this name exists', { errors: { name: ['is taken'] } });
      const issued = view(rows[0]);
      await this.audit.append(tx, {
        actor: by.actor,
        action: 'operator_token.issue',
        target: `operator-tokens/${issued.id}`,
        correlationId: by.correlationId,
        before: null,
        after: issued,
      });
      return { ...issued, token };
    });
  }

  async list(): Promise<OperatorTokenView[]> {
    const rows = await queryRows<TokenRow>(this.dataSource, `SELECT ${TOKEN_COLUMNS} FROM gateway.operator_tokens ORDER BY created_at DESC`);
    return rows.map(view);
  }

  /** Revokes a token at once; revoking a revoked one changes nothing and answers as before. */
  async revoke(id: string, by: { actor: string; correlationId: string }): Promise<OperatorTokenView> {
    return this.dataSource.transaction(async (tx) => {
      const before = await queryRows<TokenRow>(tx, `SELECT ${TOKEN_COLUMNS} FROM gateway.operator_tokens WHERE id = $1 FOR UPDATE`, [id]);
      if (!before[0]) throw new ApiError(Errors.ResourceNotFound, 'No operator token with this id');
      if (before[0].revoked_at) return view(before[0]);
      const after = await queryRows<TokenRow>(
        tx,
        `UPDATE gateway.operator_tokens SET revoked_at = $2, revoked_by = $3 WHERE id = $1
         RETURNING ${TOKEN_COLUMNS}`,
        [id, this.clock.now(), by.actor],
      );
      const revoked = view(after[0]!);
      await this.audit.append(tx, {
        actor: by.actor,
        action: 'operator_token.revoke',
        target: `operator-tokens/${id}`,
        correlationId: by.correlationId,
        before: view(before[0]),
        after: revoked,
      });
      return revoked;
    });
  }

  /** The principal of a live token (not revoked, not expired), or undefined; `last_used_at` is kept to the minute, not written on every call. */
  async authenticate(token: string): Promise<OperatorPrincipal | undefined> {
    if (!token.startsWith(TOKEN_PREFIX)) return undefined;
    const now = this.clock.now();
    const rows = await queryRows<{ id: string; name: string; role: OperatorRole; last_used_at: Date | null }>(
      this.dataSource,
      `SELECT id, name, role, last_used_at FROM gateway.operator_tokens WHERE token_sha256 = $1 AND revoked_at IS NULL AND expires_at > $2`,
      [digest(token), now],
    );
    const live = rows[0];
    if (!live) return undefined;
    if (!live.last_used_at || now.getTime() - new Date(live.last_used_at).getTime() > 60_000)
      await this.dataSource.query(`UPDATE gateway.operator_tokens SET last_used_at = $2 WHERE id = $1`, [live.id, now]);
    return { actor: `token:${live.name}`, role: live.role };
  }
}
