import type { MigrationInterface, QueryRunner } from 'typeorm';
import { copyLegacyKeys, idempotencyTableDown, idempotencyTableUp } from '@platform/persistence';

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
    await runner.query(`CREATE TABLE payments.idempotency_keys (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      idempotency_key varchar(255) NOT NULL,
      fingerprint text NOT NULL,
      scenario text,
      payment_code varchar(16) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment, idempotency_key)
    )`);
    await runner.query(`CREATE TABLE payments.reversal_idempotency_keys (
      merchant_code text NOT NULL,
      environment text NOT NULL,
      idempotency_key varchar(255) NOT NULL,
      fingerprint text NOT NULL,
      scenario text,
      response jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (merchant_code, environment, idempotency_key)
    )`);
    await runner.query(`INSERT INTO payments.idempotency_keys (merchant_code, environment, idempotency_key, fingerprint, scenario, payment_code, created_at)
      SELECT merchant_code, environment, idempotency_key, fingerprint, scenario, resource_id, created_at
        FROM payments.idempotency_requests WHERE scope = 'payment.create' AND state = 'completed'`);
    await runner.query(`INSERT INTO payments.reversal_idempotency_keys (merchant_code, environment, idempotency_key, fingerprint, scenario, response, created_at)
      SELECT merchant_code, environment, idempotency_key, fingerprint, scenario, response, created_at
        FROM payments.idempotency_requests WHERE scope = 'reversal.request' AND state = 'completed'`);
    for (const sql of idempotencyTableDown('payments')) await runner.query(sql);
  }
}
