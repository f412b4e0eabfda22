import type { MigrationInterface, QueryRunner } from 'typeorm';
import { copyLegacyKeys, idempotencyTableDown, idempotencyTableUp, restoreLegacyKeys } from '@platform/persistence';
import { WITHDRAWAL_IDEMPOTENCY_KEYS_TABLE } from './1763700000100-withdrawals';

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
    await runner.query(WITHDRAWAL_IDEMPOTENCY_KEYS_TABLE);
    await runner.query(
      restoreLegacyKeys('payouts', {
        into: 'payouts.idempotency_keys',
        scopes: `'withdrawal.request'`,
        columns: { idempotency_key: 'idempotency_key', fingerprint: 'fingerprint', scenario: 'scenario', response: 'response' },
      }),
    );
    for (const sql of idempotencyTableDown('payouts')) await runner.query(sql);
  }
}
