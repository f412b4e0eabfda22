import type { MigrationInterface, QueryRunner } from 'typeorm';
import { parkedEventsTableUp } from '@platform/persistence';

/** The gateway consumes operators' actions into its audit log (ADR 0039); one that cannot be kept is parked here. */
export class ParkedEvents1764200000000 implements MigrationInterface {
  name = 'ParkedEvents1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of parkedEventsTableUp('gateway')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE gateway.parked_events');
  }
}
