import type { MigrationInterface, QueryRunner } from 'typeorm';
import { messagingTablesDown, messagingTablesUp } from '@platform/persistence';

export class MessagingTables1764000000000 implements MigrationInterface {
  name = 'MessagingTables1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of messagingTablesUp('panel')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of messagingTablesDown('panel')) await runner.query(statement);
  }
}
