import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, FxRateChanged, Errors } from '@platform/contracts';
import { OutboxWriter } from '@platform/messaging';
import { ChangeSignals, type SqlExecutor } from '@platform/persistence';
import { recordOperatorAction } from '@platform/service-kit';
import { DATABASE } from '../database';
import { PaymentRepository } from './payment.repository';

const outbox = new OutboxWriter(DATABASE.schema);

const RATE = /^(0|[1-9]\d{0,9})(\.\d{1,10})?$/;
/** How long a replica converts limits with the rates it read, should a change's signal be missed. */
const RATES_FRESH_MS = 1000;
const RATES_CHANGED = 'payments_fx_rates_changed';

/**
 * The rates limits are converted with; USD is the quote currency and stays 1. Every
 * change, and every rate at start, goes on the compacted rates topic for the ledger,
 * which books a payment at the rate in force when it was paid. Payment creation reads the
 * rates from memory; a change signals every replica at its commit to read them again (and
 * they are read again at most a second later in any case).
 */
@Injectable()
export class FxRatesService implements OnApplicationBootstrap, OnApplicationShutdown {
  private cached?: { rates: Promise<Map<string, string>>; readAt: number };
  private readonly signals: ChangeSignals;

  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
  ) {
    this.signals = new ChangeSignals(dataSource);
  }

  async set(currency: string, usdPerUnit: string, operator: string) {
    if (!RATE.test(usdPerUnit) || Number(usdPerUnit) <= 0) {
      throw new ApiError(Errors.RequestSchemaInvalid, 'usd_per_unit must be a positive decimal string', {
        errors: { usd_per_unit: ['must be a positive decimal string with at most 10 decimals'] },
      });
    }
    if (currency === 'USD' && Number(usdPerUnit) !== 1) {
      throw new ApiError(Errors.RequestSchemaInvalid, 'USD is the quote currency; its rate is 1', { errors: { usd_per_unit: ['must be 1 for USD'] } });
    }
    const result = await this.dataSource.transaction(async (tx) => {
      const { before, after } = await this.payments.setRate(tx, currency, usdPerUnit);
      await this.broadcast(tx);
      await ChangeSignals.signal(tx, RATES_CHANGED);
      const changed = {
        before: before === null ? null : { currency_code: currency, usd_per_unit: before },
        after: { currency_code: currency, usd_per_unit: after },
      };
      await recordOperatorAction(tx, DATABASE.schema, { actor: operator, action: 'fx_rate.set', target: `fx-rates/${currency}`, ...changed });
      return changed;
    });
    this.cached = undefined;
    return result;
  }

  /** Every current rate as stored, with the moment it took effect (the operators' list). */
  async current() {
    return { data: await this.payments.rateHistoryHeads(this.dataSource) };
  }

  /** The USD value of one unit of each currency, as of at most a second ago. */
  usdPerUnit(): Promise<Map<string, string>> {
    const now = Date.now();
    if (!this.cached || now - this.cached.readAt > RATES_FRESH_MS) {
      const rates = this.payments.usdPerUnit(this.dataSource);
      this.cached = { rates, readAt: now };
      // A failed read is not kept: the next payment reads again.
      rates.catch(() => {
        if (this.cached?.rates === rates) this.cached = undefined;
      });
    }
    return this.cached.rates;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.signals.on(RATES_CHANGED, () => (this.cached = undefined));
    await this.dataSource.transaction((tx) => this.broadcast(tx));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.signals.close();
  }

  private async broadcast(tx: SqlExecutor): Promise<void> {
    for (const rate of await this.payments.rateHistoryHeads(tx)) {
      await outbox.append(tx, { event: FxRateChanged, key: rate.currency_code, payload: rate });
    }
  }
}
