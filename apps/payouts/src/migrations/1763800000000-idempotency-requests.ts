import type { MigrationInterface, QueryRunner } from 'typeorm';
import { copyLegacyKeys, idempotencyTableDown, idempotencyTableUp } from '@platform/persistence';

/** The keys of withdrawal requests move into the one idempotency table (ADR 0019). */
export class IdempotencyRequests1763800000000 implements MigrationInterface {
  name = 'IdempotencyRequests1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of idempotencyTableUp('payouts')) await runner.query(sql);
    await runner.query(
      copyLegacyKeys('payouts', {
        from: 'payouts.idempotency_keys',
        scope: `'withdrawal.request'`,
        resourceId: `response->'withdrawal'->>'id'`,
        response: 'response',
      }),
    );
    await runner.query('DROP TABLE payouts.idempotency_keys');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE payouts.idempotency_keys (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      idempotency_key varchar(255) NOT NULL,
      fingerprint text NOT NULL,
      scenario text,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment, idempotency_key)
    )`);
    await runner.query(`INSERT INTO payouts.idempotency_keys (merchant_code, environment, idempotency_key, fingerprint, scenario, response, created_at)
      SELECT merchant_code, environment, idempotency_key, fingerprint, scenario, response, created_at
        FROM payouts.idempotency_requests WHERE scope = 'withdrawal.request' AND state = 'completed'`);
    for (const sql of idempotencyTableDown('payouts')) await runner.query(sql);
  }
}
