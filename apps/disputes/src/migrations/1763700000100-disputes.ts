import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The keys of evidence and sandbox disputes until ADR 0019; the later migration that moves them restores this table on the way down. */
export const DISPUTE_IDEMPOTENCY_KEYS_TABLE = `CREATE TABLE disputes.idempotency_keys (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      scope text NOT NULL CHECK (scope IN ('evidence', 'sandbox_dispute')),
      idempotency_key varchar(255) NOT NULL,
      fingerprint text NOT NULL,
      dispute_id uuid NOT NULL,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment, scope, idempotency_key)
    )`;

/** Disputes raised by banks, the merchants' evidence notes, and their Idempotency-Keys. */
export class Disputes1763700000100 implements MigrationInterface {
  name = 'Disputes1763700000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE disputes.disputes (
      id uuid PRIMARY KEY,
      merchant_code text NOT NULL,
      environment text NOT NULL CHECK (environment IN ('sandbox', 'live')),
      service text NOT NULL CHECK (service IN ('api', 'link')),
      payment_code varchar(16),
      amount numeric(18, 2) NOT NULL CHECK (amount > 0),
      currency varchar(4) NOT NULL,
      status text NOT NULL CHECK (status IN ('open', 'under_review', 'won', 'lost')),
      reason text NOT NULL CHECK (reason IN ('fraud', 'unauthorized', 'product_not_delivered', 'duplicate', 'amount_mismatch', 'other')),
      reason_note text,
      occurred_on date NOT NULL,
      evidence_due_at timestamptz,
      evidence_submitted_at timestamptz,
      merchant_evidence_note varchar(4000),
      merchant_evidence_submitted_at timestamptz,
      resolved_at timestamptz,
      created_at timestamptz NOT NULL
    )`);
    await runner.query('CREATE INDEX disputes_by_merchant ON disputes.disputes (merchant_code, environment, created_at DESC)');
    await runner.query(DISPUTE_IDEMPOTENCY_KEYS_TABLE);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE disputes.idempotency_keys, disputes.disputes');
  }
}
