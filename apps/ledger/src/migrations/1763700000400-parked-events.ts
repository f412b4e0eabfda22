import type { MigrationInterface, QueryRunner } from 'typeorm';
import { parkedEventsTableUp } from '@platform/persistence';

/** Events that cannot be applied are parked here instead of blocking their partition. */
export class ParkedEvents1763700000400 implements MigrationInterface {
  name = 'ParkedEvents1763700000400';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of parkedEventsTableUp('ledger')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE ledger.parked_events');
  }
}
