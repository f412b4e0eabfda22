import { createHash } from 'node:crypto';
import { DatabaseError } from 'pg';
import { DataSource, EntityManager } from 'typeorm';

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

type NamedQuery = { name: string; text: string; values?: unknown[] };

interface PgClient {
  query(config: NamedQuery): Promise<{ rows: unknown[] }>;
}

interface PgPooledClient extends PgClient {
  release(error?: Error): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
}

interface PgPool {
  connect(): Promise<PgPooledClient>;
}

/** Where a named statement goes: a client of TypeORM's pool, or a transaction's own client. */
type PgTarget = { pool: PgPool } | { client: PgClient };

/** The node-postgres pool or client under a TypeORM data source or transaction; undefined for anything else. */
function pgOf(executor: SqlExecutor): PgTarget | undefined {
  if (executor instanceof DataSource) {
    const pool = (executor.driver as unknown as { master?: PgPool }).master;
    return preparedStatementsOff.has(executor) || !pool ? undefined : { pool };
  }
  if (executor instanceof EntityManager) {
    const runner = executor.queryRunner;
    if (!runner) return pgOf(executor.connection);
    const client = (runner as unknown as { databaseConnection?: PgClient }).databaseConnection;
    // A released runner's client is back in the pool, maybe in another transaction: TypeORM refuses it, and so do we.
    if (runner.isReleased || !client || preparedStatementsOff.has(executor.connection)) return undefined;
    return { client };
  }
  return undefined;
}

/**
 * SQLSTATEs after which a connection is not worth keeping: the session is ending (08…, 57P…), or
 * a named statement on it fails the same way on every later call (a migration changed what it
 * returns, it was deallocated, its name is taken): node-postgres keeps believing it is prepared.
 */
const UNUSABLE_AFTER = /^(08|57P|0A000$|26000$|42P05$)/;

/** An error Postgres answered, after which the connection and its named statements work as before. */
function keepsConnection(error: unknown): boolean {
  return error instanceof DatabaseError && typeof error.code === 'string' && !UNUSABLE_AFTER.test(error.code);
}

/**
 * An error one row of a statement can cause (data, integrity, a deadlock with another statement),
 * not one of the connection or the server: the statement's other rows may well go in alone.
 */
export function causedByARow(error: unknown): boolean {
  return error instanceof DatabaseError && typeof error.code === 'string' && /^(22|23|40)/.test(error.code);
}

/**
 * One statement on a client of the pool. The pool's own `query` hands every error back to the
 * pool, which then closes the connection and its named statements; a refused insert (a unique
 * key, a volume limit) must not cost a reconnect.
 */
async function onPoolClient(pool: PgPool, query: NamedQuery): Promise<unknown[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  // A connection that fails while checked out emits 'error', which would end the process unheard.
  const onConnectionError = (error: Error) => (broken = error);
  client.on('error', onConnectionError);
  try {
    return (await client.query(query)).rows;
  } catch (error) {
    if (!keepsConnection(error)) broken ??= error instanceof Error ? error : new Error(String(error));
    throw error;
  } finally {
    client.removeListener('error', onConnectionError);
    client.release(broken);
  }
}

const preparedStatementsOff = new WeakSet<DataSource>();

/** Behind a pooler that cannot keep named statements (PgBouncer in transaction mode before 1.21), every statement is sent unnamed. */
export function sendStatementsUnnamed(dataSource: DataSource): void {
  preparedStatementsOff.add(dataSource);
}

const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `p_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * `queryRows` for a hot statement of fixed text: sent as a named statement, which Postgres parses
 * and plans once per connection instead of on every call (the payment insert with its key claim
 * cost 0.46 ms of Postgres CPU unnamed and 0.15–0.19 ms named). Its text must name its columns:
 * a statement prepared before a migration changes what `*` returns fails with "cached plan must
 * not change result type".
 */
export async function queryPrepared<T>(executor: SqlExecutor, sql: string, parameters: unknown[]): Promise<T[]> {
  const target = pgOf(executor);
  if (!target) return queryRows<T>(executor, sql, parameters);
  const query = { name: statementName(sql), text: sql, values: parameters };
  return ('pool' in target ? await onPoolClient(target.pool, query) : (await target.client.query(query)).rows) as T[];
}
