import type { MigrationInterface, QueryRunner } from 'typeorm';
import { copyLegacyKeys, idempotencyTableDown, idempotencyTableUp } from '@platform/persistence';

/** The keys of delivery retries move into the one idempotency table (ADR 0019); a retry's fingerprint is its delivery. */
export class IdempotencyRequests1763800000000 implements MigrationInterface {
  name = 'IdempotencyRequests1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of idempotencyTableUp('webhooks')) await runner.query(sql);
    await runner.query(
      copyLegacyKeys('webhooks', {
        from: 'webhooks.retry_requests',
        scope: `'delivery.retry'`,
        fingerprint: `'retry:' || delivery_id`,
        scenario: 'NULL',
        resourceId: 'delivery_id::text',
        response: 'response',
      }),
    );
    await runner.query('DROP TABLE webhooks.retry_requests');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE webhooks.retry_requests (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      idempotency_key varchar(255) NOT NULL,
      delivery_id uuid NOT NULL,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment, idempotency_key)
    )`);
    await runner.query(`INSERT INTO webhooks.retry_requests (merchant_code, environment, idempotency_key, delivery_id, response, created_at)
      SELECT merchant_code, environment, idempotency_key, resource_id::uuid, response, created_at
        FROM webhooks.idempotency_requests WHERE scope = 'delivery.retry' AND state = 'completed'`);
    for (const sql of idempotencyTableDown('webhooks')) await runner.query(sql);
  }
}
