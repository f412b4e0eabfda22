import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Maintenance1763700000100 implements MigrationInterface {
  name = 'Maintenance1763700000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE status.maintenance (
      service text PRIMARY KEY,
      until timestamptz,
      note varchar(240),
      started_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE status.maintenance');
  }
}
