import type { SqlRunner } from './address-throttle';

/** The rows of a statement (persistence's `queryRows`: TypeORM answers UPDATE … RETURNING as `[rows, count]`). */
export type RowReader = <T>(db: SqlRunner, sql: string, parameters?: unknown[]) => Promise<T[]>;

/**
 * The two counters of a sign-in that must hold under requests sent at once, kept in the row of
 * the person (`<schema>.users`, `<schema>.operators`: columns failed_sign_ins, totp_last_step).
 */
export class SignInCounters {
  constructor(
    private readonly table: string,
    private readonly rows: RowReader,
  ) {}

  /** One more wrong password or code, raised in the row (attempts at once all count): the new count. */
  async countFailure(db: SqlRunner, id: string): Promise<number> {
    const rows = await this.rows<{ failed_sign_ins: number }>(
      db,
      `UPDATE ${this.table} SET failed_sign_ins = failed_sign_ins + 1 WHERE id = $1 RETURNING failed_sign_ins`,
      [id],
    );
    return rows[0]!.failed_sign_ins;
  }

  /** Takes a TOTP step as used, only if it comes after the last one used: false when it was taken meanwhile. */
  async useTotpStep(db: SqlRunner, id: string, step: number): Promise<boolean> {
    const rows = await this.rows<{ id: string }>(
      db,
      `UPDATE ${this.table} SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
      [id, step],
    );
    return rows.length === 1;
  }
}
