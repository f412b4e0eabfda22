import type { MigrationInterface, QueryRunner } from 'typeorm';
import { parkedEventsTableUp } from '@platform/persistence';

/** Events that cannot be applied are parked here instead of blocking their partition. */
export class ParkedEvents1763700000300 implements MigrationInterface {
  name = 'ParkedEvents1763700000300';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of parkedEventsTableUp('webhooks')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE webhooks.parked_events');
  }
}
