import type { MigrationInterface, QueryRunner } from 'typeorm';
import { copyLegacyKeys, idempotencyTableDown, idempotencyTableUp, restoreLegacyKeys } from '@platform/persistence';
import { PAYMENT_IDEMPOTENCY_KEYS_TABLE } from './1763700000100-payments';
import { REVERSAL_IDEMPOTENCY_KEYS_TABLE } from './1763700000300-reversals';

/** The keys of payment creation and of refund/void requests move into the one idempotency table (ADR 0019). */
export class IdempotencyRequests1763800000000 implements MigrationInterface {
  name = 'IdempotencyRequests1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of idempotencyTableUp('payments')) await runner.query(sql);
    await runner.query(
      copyLegacyKeys('payments', { from: 'payments.idempotency_keys', scope: `'payment.create'`, resourceId: 'payment_code', response: 'NULL' }),
    );
    await runner.query(
      copyLegacyKeys('payments', {
        from: 'payments.reversal_idempotency_keys',
        scope: `'reversal.request'`,
        resourceId: `response->'reversal'->>'id'`,
        response: 'response',
      }),
    );
    await runner.query('DROP TABLE payments.idempotency_keys, payments.reversal_idempotency_keys');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(PAYMENT_IDEMPOTENCY_KEYS_TABLE);
    await runner.query(REVERSAL_IDEMPOTENCY_KEYS_TABLE);
    await runner.query(
      restoreLegacyKeys('payments', {
        into: 'payments.idempotency_keys',
        scopes: `'payment.create'`,
        columns: { idempotency_key: 'idempotency_key', fingerprint: 'fingerprint', scenario: 'scenario', payment_code: 'resource_id' },
      }),
    );
    await runner.query(
      restoreLegacyKeys('payments', {
        into: 'payments.reversal_idempotency_keys',
        scopes: `'reversal.request'`,
        columns: { idempotency_key: 'idempotency_key', fingerprint: 'fingerprint', scenario: 'scenario', response: 'response' },
      }),
    );
    for (const sql of idempotencyTableDown('payments')) await runner.query(sql);
  }
}
