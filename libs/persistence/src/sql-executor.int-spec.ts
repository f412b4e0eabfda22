import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createServiceDataSource, ensureDatabase, provisionServiceSchema, serviceDatabaseUrl, queryPrepared, queryRows } from './index';
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

/** A hot statement sent named: planned once per connection, in the caller's transaction when there is one. */
describe('queryPrepared', () => {
  const schema = 'rows_it';
  const url = serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, schema);
  const named = createServiceDataSource({ url, schema, migrations: [], poolSize: 1 });
  const unnamed = createServiceDataSource({ url, schema, migrations: [], poolSize: 1, preparedStatements: false });
  const insert = `INSERT INTO ${schema}.items VALUES ($1, $2) RETURNING id, n`;
  const prepared = async (dataSource: DataSource) =>
    (await queryRows<{ statement: string }>(dataSource, 'SELECT statement FROM pg_prepared_statements')).map((row) => row.statement);

  beforeAll(async () => {
    await ensureDatabase(testInfrastructure.adminDatabaseUrl);
    await provisionServiceSchema(testInfrastructure.adminDatabaseUrl, schema);
    await named.initialize();
    await unnamed.initialize();
    await named.query(`CREATE TABLE IF NOT EXISTS ${schema}.items (id text PRIMARY KEY, n int NOT NULL)`);
  });

  afterAll(async () => {
    await named.destroy();
    await unnamed.destroy();
  });

  it('keeps the statement prepared on the connection and answers every call with its rows', async () => {
    for (let n = 0; n < 8; n += 1) {
      const id = randomUUID();
      expect(await queryPrepared(named, insert, [id, n])).toEqual([{ id, n }]);
    }
    expect(await prepared(named)).toEqual([insert]);
  });

  it('runs inside the caller’s transaction: a rolled-back insert leaves nothing', async () => {
    const id = randomUUID();
    await expect(
      named.transaction(async (tx) => {
        await queryPrepared(tx, insert, [id, 1]);
        expect(await queryRows(tx, `SELECT n FROM ${schema}.items WHERE id = $1`, [id])).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await queryRows(named, `SELECT n FROM ${schema}.items WHERE id = $1`, [id])).toEqual([]);
  });

  it('fails with the constraint a caller tells apart, and keeps the connection and its statements', async () => {
    const backend = async () => (await queryRows<{ pid: number }>(named, 'SELECT pg_backend_pid() AS pid'))[0]!.pid;
    const id = randomUUID();
    await queryPrepared(named, insert, [id, 1]);
    const before = await backend();
    await expect(queryPrepared(named, insert, [id, 2])).rejects.toMatchObject({ code: '23505', constraint: 'items_pkey' });
    expect(await backend()).toBe(before);
    expect(await prepared(named)).toContain(insert);
  });

  it('leaves a connection whose named statement a migration made unusable, and goes on on another', async () => {
    await named.query(`DROP TABLE IF EXISTS ${schema}.shapes`);
    await named.query(`CREATE TABLE ${schema}.shapes (a int)`);
    const everything = `SELECT * FROM ${schema}.shapes`;
    expect(await queryPrepared(named, everything, [])).toEqual([]);
    await named.query(`ALTER TABLE ${schema}.shapes ADD COLUMN b int`);
    await expect(queryPrepared(named, everything, [])).rejects.toMatchObject({ code: '0A000' });
    expect(await queryPrepared(named, everything, [])).toEqual([]);
  });

  it('refuses a transaction that has ended, as TypeORM does, instead of using a connection back in the pool', async () => {
    const runner = named.createQueryRunner();
    await runner.connect();
    await runner.release();
    await expect(queryPrepared(runner.manager, insert, [randomUUID(), 4])).rejects.toThrow(/released/i);
  });

  it('sends it unnamed when prepared statements are off', async () => {
    const id = randomUUID();
    expect(await queryPrepared(unnamed, insert, [id, 3])).toEqual([{ id, n: 3 }]);
    expect(await prepared(unnamed)).toEqual([]);
  });
});
