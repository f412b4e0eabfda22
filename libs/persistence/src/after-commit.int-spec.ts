import { testInfrastructure } from '@platform/testing';
import { afterCommit } from './after-commit';
import { createServiceDataSource } from './data-source';
import { serviceDatabaseUrl } from './database-urls';
import { ensureDatabase, provisionServiceSchema } from './provisioning';

/** Work kept for the commit, on a real Postgres transaction: run after it, dropped with a rollback. */
describe('after commit', () => {
  const schema = 'after_commit_it';
  const dataSource = createServiceDataSource({ url: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, schema), schema, migrations: [] });
  const ran: string[] = [];
  const note = (what: string) => () => ran.push(what);

  beforeAll(async () => {
    await ensureDatabase(testInfrastructure.adminDatabaseUrl);
    await provisionServiceSchema(testInfrastructure.adminDatabaseUrl, schema);
    await dataSource.initialize();
  });

  beforeEach(() => ran.splice(0));

  afterAll(() => dataSource.destroy());

  it('runs the work once the transaction has committed, not before', async () => {
    await dataSource.transaction(async (tx) => {
      await tx.query('SELECT 1');
      afterCommit(tx, note('first'));
      afterCommit(tx, note('second'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['first', 'second']);
  });

  it('drops the work of a transaction that rolls back, and the next transaction on the connection starts clean', async () => {
    await expect(
      dataSource.transaction(async (tx) => {
        afterCommit(tx, note('undone'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await dataSource.transaction(async (tx) => afterCommit(tx, note('kept')));
    expect(ran).toEqual(['kept']);
  });

  it('drops the work of a savepoint rolled back inside a transaction that commits', async () => {
    const runner = dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      afterCommit(runner.manager, note('outer'));
      await runner.startTransaction();
      afterCommit(runner.manager, note('inner, undone'));
      await runner.rollbackTransaction();
      await runner.startTransaction();
      afterCommit(runner.manager, note('inner, kept'));
      await runner.commitTransaction();
      expect(ran).toEqual([]);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect(ran).toEqual(['outer', 'inner, kept']);
  });

  it('runs at once outside a transaction, where the statement has committed by itself', async () => {
    await dataSource.query('SELECT 1');
    afterCommit(dataSource, note('now'));
    afterCommit(dataSource.manager, note('now too'));
    expect(ran).toEqual(['now', 'now too']);
  });
});
