import { undoMigrationsDownTo, withMigratedScratchSchema } from '@platform/service-testing';
import { DATABASE } from '../database';

/** ADR 0019's migration moves the keys of payment creation and of reversals into idempotency_requests, and back on the way down. */
describe('payments-v3 idempotency keys migration', () => {
  it('moves every kept key up into the one table and restores the older tables exactly on the way down', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      await undoMigrationsDownTo(db, DATABASE.schema, 'IdempotencyRequests1763800000000');
      await db.query(`INSERT INTO payments.idempotency_keys (merchant_code, environment, idempotency_key, fingerprint, scenario, payment_code, created_at)
        VALUES ('MRC-1', 'sandbox', 'key-1', 'fp-1', 'paid', 'abcd2345efgh', '2026-11-01T10:00:00Z')`);
      await db.query(`INSERT INTO payments.reversal_idempotency_keys (merchant_code, environment, idempotency_key, fingerprint, scenario, response, created_at)
        VALUES ('MRC-1', 'live', 'key-2', 'fp-2', NULL, '{"reversal": {"id": "8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c11"}, "scenario": null}', '2026-11-02T10:00:00Z')`);
      const before = await legacyRows(db.query.bind(db));

      await db.runMigrations({ transaction: 'each' });
      const moved = await db.query(
        `SELECT merchant_code, environment, scope, idempotency_key, fingerprint, scenario, resource_id, state, response FROM payments.idempotency_requests ORDER BY idempotency_key`,
      );
      expect(moved).toEqual([
        {
          merchant_code: 'MRC-1',
          environment: 'sandbox',
          scope: 'payment.create',
          idempotency_key: 'key-1',
          fingerprint: 'fp-1',
          scenario: 'paid',
          resource_id: 'abcd2345efgh',
          state: 'completed',
          response: null,
        },
        {
          merchant_code: 'MRC-1',
          environment: 'live',
          scope: 'reversal.request',
          idempotency_key: 'key-2',
          fingerprint: 'fp-2',
          scenario: null,
          resource_id: '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c11',
          state: 'completed',
          response: { reversal: { id: '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c11' }, scenario: null },
        },
      ]);

      await undoMigrationsDownTo(db, DATABASE.schema, 'IdempotencyRequests1763800000000');
      expect(await legacyRows(db.query.bind(db))).toEqual(before);
    });
  });
});

/** ADR 0034's migration: the digest column, and reversal keys learn their resource id from the kept response. */
describe('payments-v3 idempotency request digest migration', () => {
  it('adds request_digest, fills reversal ids from their responses, and drops the column on the way down', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      await undoMigrationsDownTo(db, DATABASE.schema, 'IdempotencyRequestDigest1763900000000');
      await db.query(`INSERT INTO payments.idempotency_requests (merchant_code, environment, scope, idempotency_key, fingerprint, resource_id, state, response) VALUES
        ('MRC-1', 'live', 'reversal.request', 'key-r', 'fp', NULL, 'completed', '{"reversal": {"id": "8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c11"}}'),
        ('MRC-1', 'live', 'payment.create', 'key-p', 'fp', 'abcd2345efgh', 'completed', NULL)`);
      await db.runMigrations({ transaction: 'each' });
      expect(await db.query('SELECT idempotency_key, resource_id, request_digest FROM payments.idempotency_requests ORDER BY idempotency_key')).toEqual([
        { idempotency_key: 'key-p', resource_id: 'abcd2345efgh', request_digest: null },
        { idempotency_key: 'key-r', resource_id: '8d4c1f4e-55a0-4d3e-9a57-0a4f0e6b7c11', request_digest: null },
      ]);
      await undoMigrationsDownTo(db, DATABASE.schema, 'IdempotencyRequestDigest1763900000000');
      const columns = await db.query(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'payments' AND table_name = 'idempotency_requests'`,
      );
      expect(columns.map((row: { column_name: string }) => row.column_name)).not.toContain('request_digest');
      await db.runMigrations({ transaction: 'each' });
    });
  });
});

async function legacyRows(query: (sql: string) => Promise<unknown[]>) {
  return {
    payments: await query('SELECT * FROM payments.idempotency_keys ORDER BY idempotency_key'),
    reversals: await query('SELECT * FROM payments.reversal_idempotency_keys ORDER BY idempotency_key'),
  };
}
