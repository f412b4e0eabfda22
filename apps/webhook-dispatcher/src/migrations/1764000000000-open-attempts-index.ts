import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The attempts still open, by delivery: what each claim closes when a crash cut an attempt short.
 * Without it the planner read the whole attempts table on every claim (a hash join over a
 * sequential scan), so a claim cost more with every attempt ever made: 8.6 ms each, over half of
 * Postgres's time while a 10,000-delivery backlog drained. Only attempts in flight are in it.
 */
export class OpenAttemptsIndex1764000000000 implements MigrationInterface {
  name = 'OpenAttemptsIndex1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX attempts_open ON webhooks.attempts (delivery_id) WHERE finished_at IS NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX webhooks.attempts_open');
  }
}
