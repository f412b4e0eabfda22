/** The one thing repositories and the messaging tables need from a connection or a transaction. */
export interface SqlExecutor {
  // TypeORM's EntityManager.query returns any; callers narrow the rows they read.
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * The rows of a query. TypeORM's Postgres driver answers UPDATE and DELETE with
 * `[rows, affectedCount]` instead of the rows, so RETURNING results are unwrapped here.
 */
export async function queryRows<T>(executor: SqlExecutor, sql: string, parameters?: unknown[]): Promise<T[]> {
  const result = await executor.query(sql, parameters);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}
