import type { MigrationInterface, QueryRunner } from 'typeorm';
import { messagingTablesDown, messagingTablesUp } from '@platform/persistence';

export class MessagingTables1764300000000 implements MigrationInterface {
  name = 'MessagingTables1764300000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of messagingTablesUp('console')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of messagingTablesDown('console')) await runner.query(statement);
  }
}
