import { z } from 'zod';
import { ensureDatabase, provisionServiceSchema, runMigrations, serviceDatabaseUrl, type MigrationClass } from '@platform/persistence';
import { ConfigError, loadConfig } from './config';

const MigrationConfigSchema = z.object({
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/postgres'),
  SERVICE_DATABASE_URL: z.string().url().optional(),
});

/**
 * One service's migrate entry point (a Kubernetes job or `npm run migrate`): with the
 * administrator URL it provisions the service's role and schema, then applies the
 * pending migrations as that role, so every table belongs to the service.
 */
export async function migrateService(
  app: string,
  database: { schema: string; migrations: MigrationClass[] },
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const config = loadConfig(`${app} migrate`, MigrationConfigSchema, env);
  await ensureDatabase(config.DATABASE_URL);
  await provisionServiceSchema(config.DATABASE_URL, database.schema);
  return runMigrations({
    url: serviceDatabaseUrl(config.DATABASE_URL, database.schema, config.SERVICE_DATABASE_URL),
    schema: database.schema,
    migrations: database.migrations,
  });
}

export function runMigrationCli(app: string, database: { schema: string; migrations: MigrationClass[] }): void {
  migrateService(app, database).then(
    (applied) => {
      process.stdout.write(`${app}: schema ${database.schema}, ${applied.length === 0 ? 'up to date' : `applied ${applied.join(', ')}`}\n`);
    },
    (error: unknown) => {
      process.stderr.write(`${app}: migration failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
