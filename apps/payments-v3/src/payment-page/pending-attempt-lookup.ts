import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { PaymentPageService } from './payment-page.service';

/** Asks the live processor about payment-page attempts whose bank answer is awaited. */
@Injectable()
export class PendingAttemptLookup extends ScheduledWork {
  constructor(pages: PaymentPageService, @Inject(CONFIG) config: Config, @Inject(LOGGER) logger: Logger) {
    super();
    this.schedule('pending attempt lookup', config.PENDING_LOOKUP_INTERVAL_MS, () => pages.lookUpPending(), logger);
  }
}
