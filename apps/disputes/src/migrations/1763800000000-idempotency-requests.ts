import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DISPUTE_IDEMPOTENCY_KEYS_TABLE } from './1763700000100-disputes';
import { OperatorRecordKeys1763700000200 } from './1763700000200-operator-record-keys';
import { copyLegacyKeys, idempotencyTableDown, idempotencyTableUp, restoreLegacyKeys } from '@platform/persistence';

const SCOPES = `CASE scope WHEN 'evidence' THEN 'dispute.evidence' WHEN 'sandbox_dispute' THEN 'dispute.sandbox' ELSE 'dispute.record' END`;
const OLD_SCOPES = `CASE scope WHEN 'dispute.evidence' THEN 'evidence' WHEN 'dispute.sandbox' THEN 'sandbox_dispute' ELSE 'operator_record' END`;

/** The keys of evidence, sandbox disputes and operators' records move into the one idempotency table (ADR 0019). */
export class IdempotencyRequests1763800000000 implements MigrationInterface {
  name = 'IdempotencyRequests1763800000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const sql of idempotencyTableUp('disputes')) await runner.query(sql);
    await runner.query(
      copyLegacyKeys('disputes', { from: 'disputes.idempotency_keys', scope: SCOPES, scenario: 'NULL', resourceId: 'dispute_id::text', response: 'response' }),
    );
    await runner.query('DROP TABLE disputes.idempotency_keys');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(DISPUTE_IDEMPOTENCY_KEYS_TABLE);
    await new OperatorRecordKeys1763700000200().up(runner);
    await runner.query(
      restoreLegacyKeys('disputes', {
        into: 'disputes.idempotency_keys',
        scopes: `'dispute.evidence', 'dispute.sandbox', 'dispute.record'`,
        columns: { scope: OLD_SCOPES, idempotency_key: 'idempotency_key', fingerprint: 'fingerprint', dispute_id: 'resource_id::uuid', response: 'response' },
      }),
    );
    for (const sql of idempotencyTableDown('disputes')) await runner.query(sql);
  }
}
