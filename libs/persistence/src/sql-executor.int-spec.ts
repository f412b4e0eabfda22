import { randomUUID } from 'node:crypto';
import { createServiceDataSource, ensureDatabase, provisionServiceSchema, serviceDatabaseUrl, queryRows } from './index';
import { testInfrastructure } from '@platform/testing';

/** RETURNING rows read the same from INSERT, UPDATE and DELETE through TypeORM. */
describe('queryRows', () => {
  const schema = 'rows_it';
  const dataSource = createServiceDataSource({ url: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, schema), schema, migrations: [] });

  beforeAll(async () => {
    await ensureDatabase(testInfrastructure.adminDatabaseUrl);
    await provisionServiceSchema(testInfrastructure.adminDatabaseUrl, schema);
    await dataSource.initialize();
    await dataSource.query(`CREATE TABLE IF NOT EXISTS ${schema}.items (id text PRIMARY KEY, n int NOT NULL)`);
  });

  afterAll(async () => {
    await dataSource.destroy();
  });

  it('returns the rows of INSERT, UPDATE and DELETE ... RETURNING alike', async () => {
    const id = randomUUID();
    expect(await queryRows(dataSource, `INSERT INTO ${schema}.items VALUES ($1, 1) RETURNING n`, [id])).toEqual([{ n: 1 }]);
    expect(await queryRows(dataSource, `UPDATE ${schema}.items SET n = n + 1 WHERE id = $1 RETURNING n`, [id])).toEqual([{ n: 2 }]);
    expect(await queryRows(dataSource, `UPDATE ${schema}.items SET n = 0 WHERE id = 'none' RETURNING n`)).toEqual([]);
    expect(await queryRows(dataSource, `DELETE FROM ${schema}.items WHERE id = $1 RETURNING n`, [id])).toEqual([{ n: 2 }]);
  });
});
