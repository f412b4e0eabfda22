import type { MigrationInterface, QueryRunner } from 'typeorm';
import { copyLegacyKeys, idempotencyTableDown, idempotencyTableUp, restoreLegacyKeys } from '@platform/persistence';
import { RETRY_REQUESTS_TABLE } from './1763700000100-deliveries';

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
    await runner.query(RETRY_REQUESTS_TABLE);
    await runner.query(
      restoreLegacyKeys('webhooks', {
        into: 'webhooks.retry_requests',
        scopes: `'delivery.retry'`,
        columns: { idempotency_key: 'idempotency_key', delivery_id: 'resource_id::uuid', response: 'response' },
      }),
    );
    for (const sql of idempotencyTableDown('webhooks')) await runner.query(sql);
  }
}
