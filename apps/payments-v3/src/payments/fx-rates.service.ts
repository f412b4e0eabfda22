import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, FxRateChanged, Errors } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import { PaymentRepository } from './payment.repository';

const outbox = new OutboxWriter(DATABASE.schema);

const RATE = /^(0|[1-9]\d{0,9})(\.\d{1,10})?$/;

/**
 * The rates limits are converted with; USD is the quote currency and stays 1. Every
 * change, and every rate at start, goes on the compacted rates topic for the ledger,
 * which books a payment at the rate in force when it was paid.
 */
@Injectable()
export class FxRatesService implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
  ) {}

  async set(currency: string, usdPerUnit: string) {
    if (!RATE.test(usdPerUnit) || Number(usdPerUnit) <= 0) {
      throw new ApiError(Errors.RequestSchemaInvalid, 'usd_per_unit must be a positive decimal string', {
        errors: { usd_per_unit: ['must be a positive decimal string with at most 10 decimals'] },
      });
    }
    if (currency === 'USD' && Number(usdPerUnit) !== 1) {
      throw new ApiError(Errors.RequestSchemaInvalid, 'USD is the quote currency; its rate is 1', { errors: { usd_per_unit: ['must be 1 for USD'] } });
    }
    const { before, after } = await this.dataSource.transaction(async (tx) => {
      const changed = await this.payments.setRate(tx, currency, usdPerUnit);
      await this.broadcast(tx);
      return changed;
    });
    return { before: before === null ? null : { currency_code: currency, usd_per_unit: before }, after: { currency_code: currency, usd_per_unit: after } };
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.dataSource.transaction((tx) => this.broadcast(tx));
  }

  private async broadcast(tx: SqlExecutor): Promise<void> {
    for (const rate of await this.payments.rateHistoryHeads(tx)) {
      await outbox.append(tx, { event: FxRateChanged, key: rate.currency_code, payload: rate });
    }
  }
}
