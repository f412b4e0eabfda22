import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ApiError, FxRateChanged, Errors } from '@platform/contracts';
import { KafkaConnection, ReferenceDataReader } from '@platform/messaging';
import { Decimal } from '@platform/money';
import type { Logger } from '@platform/observability';
import { LOGGER } from '@platform/service-kit';

/**
 * The operator's current rates (USD per unit) from the compacted rates topic, kept in
 * memory: what a withdrawal's `usdt_amount` is computed with.
 */
@Injectable()
export class UsdtRates implements OnApplicationShutdown {
  private readonly reader: ReferenceDataReader<{ currency_code: string; usd_per_unit: string; effective_at: string }>;
  private started?: Promise<void>;

  constructor(kafka: KafkaConnection, @Inject(LOGGER) logger: Logger) {
    this.reader = new ReferenceDataReader(kafka, FxRateChanged, logger.child({ component: 'usdt-rates' }));
  }

  /** USDT for `amount` of `currency`, exactly 6 decimals, rounded down; and the rate used. */
  async convert(amount: Decimal, currency: string): Promise<{ usdt: string; rate: string }> {
    // Commands are answered only after the service lifecycle ensured the topics.
    this.started ??= this.reader.start().then(() => this.reader.ready);
    await this.started;
    const from = this.reader.get(currency)?.usd_per_unit;
    const usdt = this.reader.get('USDT')?.usd_per_unit;
    if (!from || !usdt) throw new ApiError(Errors.PlatformUnavailable, 'exchange rates are not available yet; try again shortly');
    const rate = new Decimal(from).div(usdt);
    return { usdt: amount.mul(rate).toFixed(6, Decimal.ROUND_DOWN), rate: rate.toDecimalPlaces(12).toString() };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.started) await this.reader.stop();
  }
}
