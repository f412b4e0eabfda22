import { DataSource, type MigrationInterface } from 'typeorm';
import { AfterCommitSubscriber } from './after-commit';
import { serviceDatabaseUrl } from './database-urls';
import { assertIdentifier } from './identifiers';
import { sendStatementsUnnamed } from './sql-executor';

export type MigrationClass = new () => MigrationInterface;

export interface ServiceDataSourceOptions {
  url: string;
  schema: string;
  migrations: MigrationClass[];
  poolSize?: number;
  /** False sends every statement unnamed (see queryPrepared); true by default. */
  preparedStatements?: boolean;
  applicationName?: string;
}

/** How long a pooled connection above the kept ones may sit idle before it closes (pg-pool's default). */
export const POOL_IDLE_TIMEOUT_MS = 10_000;

/**
 * Connections the pool keeps however long they sit idle: the one a service's `ChangeSignals`
 * listens on, taken from this pool and held, and the one its idle polls use. pg-pool closes an
 * idle connection above these after 10 s, the period of the outbox relay's and the sweeps' idle
 * polls, so with fewer kept every poll of an idle service opened a new connection (a Postgres
 * backend started, authenticated and torn down every 10 s per service). Connections opened for a
 * burst above these still close after 10 s idle.
 */
const KEPT_CONNECTIONS = 2;

/** A TypeORM data source bound to one service schema; migrations are explicit, never `synchronize`. */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  const schema = assertIdentifier(options.schema);
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    schema,
    synchronize: false,
    migrationsRun: false,
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    subscribers: [AfterCommitSubscriber],
    applicationName: options.applicationName ?? schema,
    extra: {
      max: options.poolSize ?? 10,
      min: KEPT_CONNECTIONS,
      idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
      options: `-c search_path=${schema}`,
      connectionTimeoutMillis: 5000,
    },
    logging: false,
  });
  if (options.preparedStatements === false) sendStatementsUnnamed(dataSource);
  return dataSource;
}

/** Provisioned role and schema are assumed; runs what is pending and returns the names applied. */
export async function runMigrations(options: ServiceDataSourceOptions): Promise<string[]> {
  const dataSource = createServiceDataSource({ ...options, poolSize: 1 });
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}

/** An initialised data source on one service's schema, as that service's role, from the administrator URL (specs and tools). */
export function connectToServiceSchema(adminUrl: string, schema: string): Promise<DataSource> {
  return createServiceDataSource({ url: serviceDatabaseUrl(adminUrl, schema), schema, migrations: [] }).initialize();
}
