import { EventSubscriber, type EntitySubscriberInterface, type QueryRunner, type TransactionCommitEvent, type TransactionRollbackEvent } from 'typeorm';
import type { SqlExecutor } from './sql-executor';

interface Pending {
  /** The transaction's depth when the work was asked for: a rollback to a savepoint above it drops it. */
  depth: number;
  work: () => void;
}

const PENDING = Symbol('after-commit');
type RunnerWithPending = QueryRunner & { [PENDING]?: Pending[] };

// TypeORM keeps the nesting depth (savepoints) protected; it is what tells a savepoint from the transaction.
const depthOf = (runner: QueryRunner) => (runner as unknown as { transactionDepth: number }).transactionDepth;

function transactionOf(executor: SqlExecutor): RunnerWithPending | undefined {
  const runner = (executor as { queryRunner?: QueryRunner }).queryRunner;
  return runner?.isTransactionActive ? runner : undefined;
}

/**
 * Runs `work` once what `executor` has written so far is committed: at its transaction's
 * commit, never after a rollback; at once outside a transaction, where each statement commits
 * by itself. For what must not count work that may still be undone (metrics, signals).
 * `work` must not throw; a failure in it would not undo the commit.
 */
export function afterCommit(executor: SqlExecutor, work: () => void): void {
  const runner = transactionOf(executor);
  if (!runner) return work();
  (runner[PENDING] ??= []).push({ depth: depthOf(runner), work });
}

/** Registered on every service's data source: runs and drops what `afterCommit` left on a transaction. */
@EventSubscriber()
export class AfterCommitSubscriber implements EntitySubscriberInterface {
  afterTransactionCommit(event: TransactionCommitEvent): void {
    const runner = event.queryRunner as RunnerWithPending;
    if (runner.isTransactionActive) return;
    const pending = runner[PENDING] ?? [];
    delete runner[PENDING];
    for (const { work } of pending) work();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    const runner = event.queryRunner as RunnerWithPending;
    if (!runner.isTransactionActive) delete runner[PENDING];
    else runner[PENDING] = runner[PENDING]?.filter((pending) => pending.depth <= depthOf(runner));
  }
}
