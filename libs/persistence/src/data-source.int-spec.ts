import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ChangeSignals, POOL_IDLE_TIMEOUT_MS, createServiceDataSource, ensureDatabase, provisionServiceSchema, queryRows, serviceDatabaseUrl } from './index';
import { testInfrastructure } from '@platform/testing';

/**
 * An idle service polls every 10 s (outbox relay, sweeps) and listens on a connection of the same
 * pool. Its pool used to close the polls' idle connection just before each poll and open a new
 * one: a Postgres backend a poll per service.
 */
describe('a service data source left idle', () => {
  const schema = 'pool_it';
  const applicationName = `pool-it-${randomUUID().slice(0, 8)}`;
  const dataSource = createServiceDataSource({ url: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, schema), schema, migrations: [], applicationName });
  const observer = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
  const backendPids = async () =>
    (await observer.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1 ORDER BY pid', [applicationName])).rows.map(
      (row) => row.pid,
    );

  beforeAll(async () => {
    await ensureDatabase(testInfrastructure.adminDatabaseUrl);
    await provisionServiceSchema(testInfrastructure.adminDatabaseUrl, schema);
    await dataSource.initialize();
    await observer.connect();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await observer.end();
  });

  it('keeps two connections past the idle timeout (a listener’s and the polls’) and closes the others a burst opened', async () => {
    const burst = await Promise.all([1, 2, 3, 4].map(() => queryRows<{ pid: number }>(dataSource, 'SELECT pg_backend_pid() AS pid, pg_sleep(0.2)')));
    const burstPids = burst.map(([row]) => row!.pid);
    expect(new Set(burstPids).size).toBe(4);

    await new Promise((resolve) => setTimeout(resolve, POOL_IDLE_TIMEOUT_MS + 1500));

    const left = await backendPids();
    expect(left).toHaveLength(2);
    for (const pid of left) expect(burstPids).toContain(pid);
    const [poll] = await queryRows<{ pid: number }>(dataSource, 'SELECT pg_backend_pid() AS pid');
    expect(left).toContain(poll!.pid);
  }, 30_000);

  it('keeps the polls’ connection while the listener holds another of the pool', async () => {
    // Every service listens (outbox relay, change signals) on a connection it takes from the same pool.
    const signals = new ChangeSignals(dataSource);
    await signals.on('pool_it_changes', () => undefined);
    try {
      const [before] = await queryRows<{ pid: number }>(dataSource, 'SELECT pg_backend_pid() AS pid');
      await new Promise((resolve) => setTimeout(resolve, POOL_IDLE_TIMEOUT_MS + 1500));
      expect(await backendPids()).toHaveLength(2);
      const [after] = await queryRows<{ pid: number }>(dataSource, 'SELECT pg_backend_pid() AS pid');
      expect(after!.pid).toBe(before!.pid);
    } finally {
      await signals.close();
    }
  }, 30_000);
});
