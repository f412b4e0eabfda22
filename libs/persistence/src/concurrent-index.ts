import type { QueryRunner } from 'typeorm';
import { assertIdentifier } from './identifiers';

/**
 * Builds an index without blocking writes, for a table that may already be large: a migration
 * that calls this sets `transaction = false`, as CONCURRENTLY cannot run in a transaction. An
 * interrupted build leaves an invalid index under the name, which the next run drops first.
 * `definition` is the rest of the statement after the table: columns, then any WHERE.
 */
export async function createIndexConcurrently(runner: QueryRunner, schema: string, name: string, table: string, definition: string): Promise<void> {
  const index = `${assertIdentifier(schema)}.${assertIdentifier(name)}`;
  await runner.query(`DROP INDEX CONCURRENTLY IF EXISTS ${index}`);
  await runner.query(`CREATE INDEX CONCURRENTLY ${assertIdentifier(name)} ON ${assertIdentifier(schema)}.${assertIdentifier(table)} ${definition}`);
}

/** Undoes it inside the transaction TypeORM reverts every migration in, where a plain DROP is brief. */
export async function dropIndex(runner: QueryRunner, schema: string, name: string): Promise<void> {
  await runner.query(`DROP INDEX IF EXISTS ${assertIdentifier(schema)}.${assertIdentifier(name)}`);
}
