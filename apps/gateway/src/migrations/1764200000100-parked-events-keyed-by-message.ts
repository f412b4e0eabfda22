import type { MigrationInterface, QueryRunner } from 'typeorm';
import { parkedEventsKeyedByMessageDown, parkedEventsKeyedByMessageUp } from '@platform/persistence';

/** A message parked at a position an earlier topic's message was parked at is kept, not dropped. */
export class ParkedEventsKeyedByMessage1764200000100 implements MigrationInterface {
  name = 'ParkedEventsKeyedByMessage1764200000100';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of parkedEventsKeyedByMessageUp('gateway')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of parkedEventsKeyedByMessageDown('gateway')) await runner.query(statement);
  }
}
