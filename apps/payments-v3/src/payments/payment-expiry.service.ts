import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from '@platform/observability';
import { Clock, CONFIG, LOGGER, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { PaymentRepository } from './payment.repository';

const BATCH = 500;

/** Unpaid payments become `expired` at `expires_at`; there is no extension. */
@Injectable()
export class PaymentExpiryService extends ScheduledWork {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    @Inject(CONFIG) config: Config,
    private readonly clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    super();
    this.schedule('payment expiry', config.EXPIRY_SWEEP_INTERVAL_MS, () => this.sweep(), logger);
  }

  async sweep(): Promise<number> {
    const now = this.clock.now();
    let total = 0;
    for (;;) {
      const expired = await this.dataSource.transaction((tx) => this.payments.expireDue(tx, now, BATCH));
      total += expired;
      if (expired < BATCH) return total;
    }
  }
}
