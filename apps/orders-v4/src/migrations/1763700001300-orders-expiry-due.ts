import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIndexConcurrently, dropIndex } from '@platform/persistence';

const INDEXES = [
  ['orders_three_ds_due', `(three_ds_expires_at) WHERE status = 'requires_action'`],
  ['orders_hosted_due', `(hosted_expires_at) WHERE status = 'requires_hosted'`],
  ['orders_pending_due', `(created_at) WHERE status = 'pending'`],
] as const;

/**
 * The expiry sweep (every 5 s, every replica) looks for open orders whose time is up: a 3-D
 * Secure screen past its window, a hosted page past hosted_expires_at, a pending order older than
 * PENDING_MAX_SECONDS. With no index it read the whole table, every order ever made, and so cost
 * more each day. One partial index per open state, by the time that ends it, holds only the open
 * orders, so a sweep reads what is due. Built without blocking writes, so that a large table keeps
 * taking orders meanwhile.
 */
export class OrdersExpiryDue1763700001300 implements MigrationInterface {
  name = 'OrdersExpiryDue1763700001300';
  transaction = false;

  async up(runner: QueryRunner): Promise<void> {
    for (const [name, definition] of INDEXES) await createIndexConcurrently(runner, 'orders', name, 'orders', definition);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const [name] of INDEXES) await dropIndex(runner, 'orders', name);
  }
}
