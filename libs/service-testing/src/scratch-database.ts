import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createServiceDataSource, ensureDatabase, provisionServiceSchema, type MigrationClass } from '@platform/persistence';
import { testInfrastructure } from '@platform/testing';

/**
 * One service's schema in a database of its own, migrated to the end, for a spec that moves
 * migrations down and up (they would disturb every other spec on the shared test database);
 * the database is dropped afterwards.
 */
export async function withMigratedScratchSchema(
  definition: { schema: string; migrations: MigrationClass[] },
  work: (dataSource: DataSource) => Promise<void>,
): Promise<void> {
  const url = new URL(testInfrastructure.adminDatabaseUrl);
  const name = `platform_scratch_${randomUUID().slice(0, 8)}`;
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  let dataSource: DataSource | undefined;
  try {
    await provisionServiceSchema(url.toString(), definition.schema);
    dataSource = await createServiceDataSource({ url: url.toString(), schema: definition.schema, migrations: definition.migrations, poolSize: 1 }).initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await work(dataSource);
  } finally {
    await dataSource?.destroy();
    url.pathname = '/postgres';
    const admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** Undoes the newest migrations of `schema` down to and including `name` (later migrations build on its tables). */
export async function undoMigrationsDownTo(dataSource: DataSource, schema: string, name: string): Promise<void> {
  for (;;) {
    const [last] = await dataSource.query<{ name: string }[]>(`SELECT name FROM ${schema}.migrations ORDER BY id DESC LIMIT 1`);
    if (!last) throw new Error(`${name} is not among the applied migrations of ${schema}`);
    await dataSource.undoLastMigration({ transaction: 'each' });
    if (last.name === name) return;
  }
}
