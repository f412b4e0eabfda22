import type { Pool } from 'pg';
import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';

/**
 * The service's Postgres connection pool, read at each scrape: connections open (in use or
 * idle), the pool's ceiling (`DATABASE_POOL_SIZE`), and requests waiting for a connection —
 * waiters that do not drain mean the pool, not Postgres, is the limit.
 */
export function watchDatabasePool(dataSource: DataSource, registry: Registry): void {
  const pool = (dataSource.driver as unknown as { master: Pool }).master;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of the Postgres pool, by state (in_use, idle)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: 'Ceiling of the Postgres pool (DATABASE_POOL_SIZE)',
    registers: [registry],
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'db_pool_waiting_requests',
    help: 'Queries waiting for a connection of the Postgres pool',
    registers: [registry],
    collect() {
      this.set(pool.waitingCount);
    },
  });
}
