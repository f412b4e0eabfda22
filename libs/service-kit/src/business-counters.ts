import { Inject, Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import type { Environment } from '@platform/contracts';
import { afterCommit, type SqlExecutor } from '@platform/persistence';
import { Metrics } from './metrics';

/** The records whose states are counted. */
export type CountedRecord = 'payment' | 'order' | 'refund' | 'void' | 'withdrawal' | 'dispute';

/**
 * The business counters (docs/observability.md): records created (`status="created"`) and
 * entering each status, at creation or later, and ledger transactions by kind. Each is counted at
 * the commit that made it true, never for work rolled back.
 */
@Injectable()
export class BusinessCounters {
  private readonly records: Counter<'record' | 'status' | 'environment'>;
  private readonly ledgerTransactions: Counter<'kind' | 'environment'>;

  constructor(@Inject(Metrics) metrics: Metrics) {
    this.records = new Counter({
      name: 'business_records_total',
      help: 'Records entering a status (creation included), counted at the commit',
      labelNames: ['record', 'status', 'environment'],
      registers: [metrics.registry],
    });
    this.ledgerTransactions = new Counter({
      name: 'ledger_transactions_total',
      help: 'Balanced transactions posted to the journal, counted at the commit',
      labelNames: ['kind', 'environment'],
      registers: [metrics.registry],
    });
  }

  /** A record created by what `tx` wrote, in its first status (counted once it commits). */
  created(tx: SqlExecutor, record: CountedRecord, status: string, environment: Environment): void {
    this.entered(tx, record, 'created', environment);
    if (status !== 'created') this.entered(tx, record, status, environment);
  }

  /** `count` records of `record` entered `status` in what `tx` wrote (counted once it commits). */
  entered(tx: SqlExecutor, record: CountedRecord, status: string, environment: Environment, count = 1): void {
    if (count > 0) afterCommit(tx, () => this.records.inc({ record, status, environment }, count));
  }

  posted(tx: SqlExecutor, kind: string, environment: Environment): void {
    afterCommit(tx, () => this.ledgerTransactions.inc({ kind, environment }));
  }
}
