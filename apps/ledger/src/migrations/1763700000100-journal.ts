import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The double-entry journal. Transactions and postings are append-only (triggers refuse
 * UPDATE, DELETE and TRUNCATE) and every transaction balances per currency when it
 * commits (a deferred constraint trigger). `accounts.balance` is a running total kept in
 * the posting transaction and checked against the postings by the trial balance.
 */
export class Journal1763700000100 implements MigrationInterface {
  name = 'Journal1763700000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE ledger.accounts (
      id bigserial PRIMARY KEY,
      owner text NOT NULL,
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      wallet text NOT NULL,
      part text NOT NULL,
      currency char(3) NOT NULL,
      balance numeric(20, 2) NOT NULL DEFAULT 0,
      UNIQUE (owner, environment, wallet, part, currency)
    )`);
    await runner.query(`CREATE TABLE ledger.transactions (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      reference text NOT NULL,
      merchant_code text,
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      occurred_at timestamptz NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      description text,
      fx jsonb,
      UNIQUE (kind, reference)
    )`);
    await runner.query(`CREATE TABLE ledger.postings (
      id bigserial PRIMARY KEY,
      transaction_id uuid NOT NULL REFERENCES ledger.transactions (id),
      account_id bigint NOT NULL REFERENCES ledger.accounts (id),
      currency char(3) NOT NULL,
      amount numeric(20, 2) NOT NULL CHECK (amount <> 0)
    )`);
    await runner.query('CREATE INDEX postings_by_account ON ledger.postings (account_id)');
    await runner.query('CREATE INDEX postings_by_transaction ON ledger.postings (transaction_id)');
    await runner.query(`CREATE FUNCTION ledger.refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'ledger % are append-only', TG_TABLE_NAME; END $$`);
    for (const table of ['transactions', 'postings']) {
      await runner.query(`CREATE TRIGGER ${table}_append_only BEFORE UPDATE OR DELETE ON ledger.${table} FOR EACH ROW EXECUTE FUNCTION ledger.refuse_change()`);
      await runner.query(`CREATE TRIGGER ${table}_no_truncate BEFORE TRUNCATE ON ledger.${table} FOR EACH STATEMENT EXECUTE FUNCTION ledger.refuse_change()`);
    }
    await runner.query(`CREATE FUNCTION ledger.check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM ledger.postings WHERE transaction_id = NEW.transaction_id GROUP BY currency HAVING sum(amount) <> 0) THEN
          RAISE EXCEPTION 'ledger transaction % does not balance', NEW.transaction_id;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(`CREATE CONSTRAINT TRIGGER postings_balanced AFTER INSERT ON ledger.postings
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger.check_balanced()`);

    await runner.query(`CREATE TABLE ledger.settlements (
      transaction_id uuid PRIMARY KEY REFERENCES ledger.transactions (id),
      merchant_code text NOT NULL,
      environment text NOT NULL,
      wallet text NOT NULL,
      currency char(3) NOT NULL,
      amount numeric(20, 2) NOT NULL CHECK (amount > 0),
      due_at timestamptz NOT NULL,
      settled_at timestamptz
    )`);
    await runner.query('CREATE INDEX settlements_due ON ledger.settlements (due_at) WHERE settled_at IS NULL');

    await runner.query(`CREATE TABLE ledger.reservations (
      operation_id text PRIMARY KEY,
      merchant_code text NOT NULL,
      environment text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('refund', 'withdrawal')),
      wallet text NOT NULL,
      currency char(3) NOT NULL,
      amount numeric(20, 2) NOT NULL CHECK (amount > 0),
      status text NOT NULL CHECK (status IN ('reserved', 'released', 'consumed')),
      confirmed boolean NOT NULL DEFAULT false,
      confirm_by timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`);
    await runner.query(`CREATE INDEX reservations_unconfirmed ON ledger.reservations (confirm_by) WHERE status = 'reserved' AND NOT confirmed`);

    await runner.query(`CREATE TABLE ledger.fx_rates (
      currency char(3) NOT NULL,
      usd_per_unit numeric(20, 10) NOT NULL CHECK (usd_per_unit > 0),
      effective_at timestamptz NOT NULL,
      PRIMARY KEY (currency, effective_at)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE ledger.fx_rates, ledger.reservations, ledger.settlements, ledger.postings, ledger.transactions, ledger.accounts');
    await runner.query('DROP FUNCTION ledger.check_balanced(), ledger.refuse_change()');
  }
}
