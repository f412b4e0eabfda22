import type { DataSource, QueryRunner } from 'typeorm';

/** A transaction of its own, left open so that another can race it. */
export async function openTransaction(dataSource: DataSource): Promise<QueryRunner> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  return runner;
}

/** Rolls back whatever is still open and gives the connections back. */
export async function finishTransactions(...runners: QueryRunner[]): Promise<void> {
  for (const runner of runners) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
}
