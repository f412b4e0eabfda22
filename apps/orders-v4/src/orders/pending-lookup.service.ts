import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { CustomerFlowService } from './customer-flow.service';

/** Asks the live processor about orders left pending by a bank that did not answer in time. */
@Injectable()
export class PendingLookup extends ScheduledWork {
  constructor(customers: CustomerFlowService, @Inject(CONFIG) config: Config, @Inject(LOGGER) logger: Logger) {
    super();
    this.schedule('pending order lookup', config.PENDING_LOOKUP_INTERVAL_MS, () => customers.lookUpPending(), logger);
  }
}
