import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Decimal } from '@platform/money';
import type { Logger } from '@platform/observability';
import { Clock, CONFIG, LOGGER, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { Journal } from '../journal/journal';
import { merchantAccount, transfer } from '../journal/postings';
import { SettlementRepository } from './settlement.repository';

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
    private readonly settlements: SettlementRepository = new SettlementRepository(),
  ) {
    super();
    this.schedule('settlement', config.SETTLEMENT_SWEEP_INTERVAL_MS, () => this.settleDue(), logger);
  }

  async settleDue(): Promise<number> {
    const now = this.clock.now();
    let total = 0;
    for (;;) {
      const settled = await this.dataSource.transaction(async (tx) => {
        const due = await this.settlements.claimDue(tx, now, BATCH);
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
          await this.settlements.markSettled(tx, row.transaction_id, now);
        }
        return due.length;
      });
      total += settled;
      if (settled < BATCH) return total;
    }
  }
}
