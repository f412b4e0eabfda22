import type { MigrationInterface, QueryRunner } from 'typeorm';
import { parkedEventsKeyedByMessageDown, parkedEventsKeyedByMessageUp } from '@platform/persistence';

/** A message parked at a position an earlier topic's message was parked at is kept, not dropped. */
export class ParkedEventsKeyedByMessage1763700000500 implements MigrationInterface {
  name = 'ParkedEventsKeyedByMessage1763700000500';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of parkedEventsKeyedByMessageUp('ledger')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of parkedEventsKeyedByMessageDown('ledger')) await runner.query(statement);
  }
}
