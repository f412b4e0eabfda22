import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Decimal } from '@platform/money';
import type { Logger } from '@platform/observability';
import { queryRows } from '@platform/persistence';
import { Clock, CONFIG, LOGGER, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { Journal } from '../journal/journal';
import { merchantAccount, transfer } from '../journal/postings';

interface DueSettlement {
  transaction_id: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  wallet: string;
  currency: string;
  amount: string;
}

const BATCH = 200;

/**
 * On its settlement date a live payment moves from pending settlement to available.
 * Replicas skip each other's rows; a settlement is one transaction, booked once.
 */
@Injectable()
export class SettlementService extends ScheduledWork {
  constructor(
    private readonly dataSource: DataSource,
    private readonly journal: Journal,
    @Inject(CONFIG) config: Config,
    private readonly clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    super();
    this.schedule('settlement', config.SETTLEMENT_SWEEP_INTERVAL_MS, () => this.settleDue(), logger);
  }

  async settleDue(): Promise<number> {
    const now = this.clock.now();
    let total = 0;
    for (;;) {
      const settled = await this.dataSource.transaction(async (tx) => {
        const due = await queryRows<DueSettlement>(
          tx,
          `SELECT transaction_id, merchant_code, environment, wallet, currency, amount::text AS amount FROM ledger.settlements
            WHERE settled_at IS NULL AND held_by IS NULL AND due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [now.toISOString(), BATCH],
        );
        for (const row of due) {
          const pending = merchantAccount(row.merchant_code, row.environment, row.wallet, 'pending_settlement', row.currency);
          const available = merchantAccount(row.merchant_code, row.environment, row.wallet, 'available', row.currency);
          await this.journal.post(tx, {
            kind: 'settlement',
            reference: row.transaction_id,
            merchantCode: row.merchant_code,
            environment: row.environment,
            occurredAt: now,
            postings: transfer(pending, available, new Decimal(row.amount)),
          });
          await tx.query('UPDATE ledger.settlements SET settled_at = $2 WHERE transaction_id = $1', [row.transaction_id, now.toISOString()]);
        }
        return due.length;
      });
      total += settled;
      if (settled < BATCH) return total;
    }
  }
}
