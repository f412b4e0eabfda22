import type { MigrationInterface, QueryRunner } from 'typeorm';
import { messagingTablesDown, messagingTablesUp } from '@platform/persistence';

export class MessagingTables1763700000000 implements MigrationInterface {
  name = 'MessagingTables1763700000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of messagingTablesUp('webhooks')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of messagingTablesDown('webhooks')) await runner.query(statement);
  }
}
