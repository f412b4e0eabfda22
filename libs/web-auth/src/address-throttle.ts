/** What the throttle needs of a database: TypeORM's DataSource and a pg pool both fit. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * Failed sign-ins per client address, in fixed windows. The lock of one account stops guessing
 * its password; this stops one address from guessing a few passwords of many accounts (and from
 * spending the app's CPU on password hashes). `table` is `<schema>.address_sign_in_failures`
 * (address, window_start, failures; primary key address and window_start).
 */
export class AddressThrottle {
  constructor(
    private readonly db: SqlRunner,
    private readonly table: string,
    private readonly now: () => Date,
    private readonly windowMs: number,
    private readonly maxFailures: number,
  ) {}

  /**
   * Counts an attempt before anything is checked, in one statement, so attempts sent at once
   * are counted at once: the address is refused (with when it may try again) once its window
   * holds more failed attempts than `maxFailures`. A successful attempt is taken back with
   * `succeeded`, so only failures use up the window.
   */
  async attempt(address: string): Promise<{ refusedUntil?: Date; window: Date }> {
    const start = Math.floor(this.now().getTime() / this.windowMs) * this.windowMs;
    const rows = (await this.db.query(
      `INSERT INTO ${this.table} (address, window_start, failures) VALUES ($1, $2, 1)
       ON CONFLICT (address, window_start) DO UPDATE SET failures = ${this.table}.failures + 1
       RETURNING failures`,
      [address, new Date(start)],
    )) as Array<{ failures: number }>;
    const failures = rows[0]!.failures;
    // A window's first attempt also forgets the windows before the last one.
    if (failures === 1) await this.db.query(`DELETE FROM ${this.table} WHERE window_start < $1`, [new Date(start - this.windowMs)]);
    return { refusedUntil: failures > this.maxFailures ? new Date(start + this.windowMs) : undefined, window: new Date(start) };
  }

  /**
   * A sign-in step counted against the client address first (refused past its limit, nothing
   * checked), taken back when it succeeds.
   */
  async limit<T extends { kind: string }>(address: string, check: () => Promise<T>): Promise<T | { kind: 'throttled'; until: Date }> {
    const attempt = await this.attempt(address);
    if (attempt.refusedUntil) return { kind: 'throttled', until: attempt.refusedUntil };
    const outcome = await check();
    if (outcome.kind === 'signed_in') await this.succeeded(address, attempt.window);
    return outcome;
  }

  async succeeded(address: string, window: Date): Promise<void> {
    await this.db.query(`UPDATE ${this.table} SET failures = failures - 1 WHERE address = $1 AND window_start = $2 AND failures > 0`, [address, window]);
  }
}
