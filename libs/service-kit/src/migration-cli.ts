import { z } from 'zod';
import { ensureDatabase, provisionServiceSchema, runMigrations, serviceDatabaseUrl, type MigrationClass } from '@platform/persistence';
import { ConfigError, loadConfig } from './config';

const MigrationConfigSchema = z.object({
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/postgres'),
  SERVICE_DATABASE_URL: z.string().url().optional(),
});

/**
 * One service's migrate entry point (a Kubernetes job or `npm run migrate`): with the
 * administrator URL it provisions the service's role and schema, sets the role's password
 * when `DATABASE_PASSWORD_<SCHEMA>` is given (production), then applies the pending
 * migrations as that role, so every table belongs to the service.
 */
export async function migrateService(
  app: string,
  database: { schema: string; migrations: MigrationClass[] },
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const config = loadConfig(`${app} migrate`, MigrationConfigSchema, env);
  const password = env[rolePasswordVariable(database.schema)] || undefined;
  await ensureDatabase(config.DATABASE_URL);
  await provisionServiceSchema(config.DATABASE_URL, database.schema, password);
  return runMigrations({
    url: serviceDatabaseUrl(config.DATABASE_URL, database.schema, { explicit: config.SERVICE_DATABASE_URL, password }),
    schema: database.schema,
    migrations: database.migrations,
  });
}

/** The variable the migration Job reads a service role's password from, e.g. DATABASE_PASSWORD_PAYMENTS. */
export function rolePasswordVariable(schema: string): string {
  return `DATABASE_PASSWORD_${schema.toUpperCase()}`;
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
