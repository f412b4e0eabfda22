import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The keys of delivery retries until ADR 0019; the later migration that moves them restores this table on the way down. */
export const RETRY_REQUESTS_TABLE = `CREATE TABLE webhooks.retry_requests (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      idempotency_key varchar(255) NOT NULL,
      delivery_id uuid NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment, idempotency_key)
    )`;

/**
 * One delivery per event (its body serialised once, so every attempt sends the same
 * bytes), its attempts (unique per number: two replicas can never make the same attempt),
 * and the merchants' retry requests by Idempotency-Key.
 */
export class Deliveries1763700000100 implements MigrationInterface {
  name = 'Deliveries1763700000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE webhooks.deliveries (
      id uuid PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      event_type text NOT NULL,
      scheme text NOT NULL CHECK (scheme IN ('v3', 'v4')),
      merchant_code text NOT NULL,
      environment text NOT NULL,
      payment_code text,
      url text NOT NULL,
      body text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
      attempt_count int NOT NULL DEFAULT 0,
      max_attempts int NOT NULL DEFAULT 11,
      last_status_code int,
      last_error text,
      last_error_code text,
      next_attempt_at timestamptz,
      lease_until timestamptz,
      delivered_at timestamptz,
      created_at timestamptz NOT NULL
    )`);
    await runner.query(`CREATE INDEX deliveries_due ON webhooks.deliveries (next_attempt_at) WHERE status = 'pending'`);
    await runner.query('CREATE INDEX deliveries_by_merchant ON webhooks.deliveries (merchant_code, environment, created_at DESC)');
    await runner.query(`CREATE TABLE webhooks.attempts (
      delivery_id uuid NOT NULL REFERENCES webhooks.deliveries (id),
      attempt_no int NOT NULL,
      started_at timestamptz NOT NULL,
      finished_at timestamptz,
      status_code int,
      error_code text,
      duration_ms int,
      PRIMARY KEY (delivery_id, attempt_no)
    )`);
    await runner.query(RETRY_REQUESTS_TABLE);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE webhooks.retry_requests, webhooks.attempts, webhooks.deliveries');
  }
}
