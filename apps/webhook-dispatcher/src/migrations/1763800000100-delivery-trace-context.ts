import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The trace of the event a delivery was made for, so every attempt joins that trace (W3C traceparent). */
export class DeliveryTraceContext1763800000100 implements MigrationInterface {
  name = 'DeliveryTraceContext1763800000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE webhooks.deliveries ADD COLUMN trace_parent text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE webhooks.deliveries DROP COLUMN trace_parent');
  }
}
