import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every order carries `version` (ADR 0033): 1 when created, one more with each change of its
 * status, raised by the UPDATE that makes the change.
 *
 * Existing orders get a version from their status: 1 while they are in the state they were
 * created in (`requires_action`, `requires_hosted`), 2 once they moved on (`pending`, `paid`,
 * `failed`). An order created paid or failed, or one that went through `pending`, had another
 * history, which the row does not keep; no delivered webhook carried a version, so only the
 * order of what comes next matters, and every later change counts up from here.
 */
export class OrderVersions1763700001100 implements MigrationInterface {
  name = 'OrderVersions1763700001100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.orders ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1)');
    await runner.query(`UPDATE orders.orders SET version = 2 WHERE status IN ('pending', 'paid', 'failed')`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE orders.orders DROP COLUMN version');
  }
}
