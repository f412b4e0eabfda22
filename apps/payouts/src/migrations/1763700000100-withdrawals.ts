import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The keys of withdrawal requests until ADR 0019; the later migration that moves them restores this table on the way down. */
export const WITHDRAWAL_IDEMPOTENCY_KEYS_TABLE = `CREATE TABLE payouts.idempotency_keys (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      idempotency_key varchar(255) NOT NULL,
      fingerprint text NOT NULL,
      scenario text,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment, idempotency_key)
    )`;

/** USDT (TRC20) withdrawals and their Idempotency-Keys. */
export class Withdrawals1763700000100 implements MigrationInterface {
  name = 'Withdrawals1763700000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE payouts.withdrawals (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL,
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      status text NOT NULL CHECK (status IN ('requested', 'sent', 'rejected')),
      amount numeric(18, 2) NOT NULL CHECK (amount > 0),
      currency varchar(4) NOT NULL,
      address varchar(64) NOT NULL,
      usdt_amount numeric(24, 6) NOT NULL CHECK (usdt_amount > 0),
      usdt_rate numeric(24, 12) NOT NULL,
      tx_hash char(64),
      rejection_reason varchar(500),
      requested_at timestamptz NOT NULL,
      processed_at timestamptz,
      created_at timestamptz NOT NULL,
      -- The ledger heard that this request committed (live): until then its reservation may be released.
      reservation_confirmed boolean NOT NULL DEFAULT false
    )`);
    await runner.query('CREATE INDEX withdrawals_by_merchant ON payouts.withdrawals (merchant_code, environment, requested_at DESC)');
    await runner.query(`CREATE INDEX withdrawals_requested ON payouts.withdrawals (environment, requested_at) WHERE status = 'requested'`);
    await runner.query(`CREATE INDEX withdrawals_unconfirmed ON payouts.withdrawals (created_at) WHERE status = 'requested' AND NOT reservation_confirmed`);
    await runner.query(WITHDRAWAL_IDEMPOTENCY_KEYS_TABLE);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE payouts.idempotency_keys, payouts.withdrawals');
  }
}
