import type { DataSource } from 'typeorm';
import type { SqlExecutor } from '@platform/persistence';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/**
 * How many rows of `table` the statements that `work` sends read, by Postgres's own count:
 * each statement runs as EXPLAIN ANALYZE in a transaction that is rolled back, and every scan
 * of the table adds the rows it kept and those its filters threw away. Work that grows with a
 * table's history shows here however fast the machine is. `work` sees no rows come back.
 */
export async function rowsRead(dataSource: DataSource, table: string, work: (executor: SqlExecutor) => Promise<unknown>): Promise<number> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  let read = 0;
  try {
    await runner.startTransaction();
    const explaining: SqlExecutor = {
      async query(sql, parameters) {
        const [row] = (await runner.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, parameters)) as { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
        read += rowsScanned(row!['QUERY PLAN'][0].Plan, table);
        return [];
      },
    };
    await work(explaining);
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    await runner.release();
  }
  return read;
}

function rowsScanned(node: PlanNode, table: string): number {
  const here =
    node['Relation Name'] === table && node['Node Type'].endsWith('Scan')
      ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1)
      : 0;
  return here + (node.Plans ?? []).reduce((sum, child) => sum + rowsScanned(child, table), 0);
}
