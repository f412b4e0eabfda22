import { undoMigrationsDownTo, withMigratedScratchSchema } from '@platform/service-testing';
import { DATABASE } from '../database';

/** ADR 0019's migration renames the three dispute key scopes on the way up and back on the way down. */
describe('disputes idempotency keys migration', () => {
  it('keeps every key of every scope through a round trip, the operator-record scope included', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      await undoMigrationsDownTo(db, DATABASE.schema, 'IdempotencyRequests1763800000000');
      await db.query(`INSERT INTO disputes.idempotency_keys (merchant_code, environment, scope, idempotency_key, fingerprint, dispute_id, response) VALUES
        ('MRC-1', 'live', 'evidence', 'k1', 'f1', '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c11', '{"id": 1}'),
        ('MRC-1', 'live', 'sandbox_dispute', 'k2', 'f2', '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c12', '{}'),
        ('MRC-1', 'sandbox', 'operator_record', 'k3', 'f3', '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c13', NULL)`);
      const keys = () => db.query('SELECT * FROM disputes.idempotency_keys ORDER BY idempotency_key');
      const before = await keys();

      await db.runMigrations({ transaction: 'each' });
      const moved = await db.query('SELECT idempotency_key, scope, resource_id, state FROM disputes.idempotency_requests ORDER BY idempotency_key');
      expect(moved).toEqual([
        { idempotency_key: 'k1', scope: 'dispute.evidence', resource_id: '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c11', state: 'completed' },
        { idempotency_key: 'k2', scope: 'dispute.sandbox', resource_id: '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c12', state: 'completed' },
        { idempotency_key: 'k3', scope: 'dispute.record', resource_id: '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c13', state: 'completed' },
      ]);

      await undoMigrationsDownTo(db, DATABASE.schema, 'IdempotencyRequests1763800000000');
      expect(await keys()).toEqual(before);
      await expect(
        db.query(`INSERT INTO disputes.idempotency_keys (merchant_code, environment, scope, idempotency_key, fingerprint, dispute_id)
        VALUES ('MRC-1', 'live', 'unknown', 'k4', 'f4', '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c14')`),
      ).rejects.toThrow(/idempotency_keys_scope_check/);
    });
  });
});
