import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Failed sign-ins counted per client address in fixed windows: the per-account lock stops
 * guessing one account's password, this stops one address guessing across many accounts.
 */
export class AddressSignInFailures1764000000200 implements MigrationInterface {
  name = 'AddressSignInFailures1764000000200';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE panel.address_sign_in_failures (
      address text NOT NULL,
      window_start timestamptz NOT NULL,
      failures integer NOT NULL,
      PRIMARY KEY (address, window_start)
    )`);
    await runner.query(`CREATE INDEX address_sign_in_failures_window ON panel.address_sign_in_failures (window_start)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE panel.address_sign_in_failures`);
  }
}
