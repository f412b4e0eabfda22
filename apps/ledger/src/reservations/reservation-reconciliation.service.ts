import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { ReservationsService } from './reservations.service';

/** Gives back money held for operations whose owner never confirmed them (it failed before committing). */
@Injectable()
export class ReservationReconciliation extends ScheduledWork {
  constructor(reservations: ReservationsService, @Inject(CONFIG) config: Config, @Inject(LOGGER) logger: Logger) {
    super();
    this.schedule(
      'reservation reconciliation',
      config.RECONCILIATION_INTERVAL_MS,
      async () => {
        for (let released = -1; released !== 0; ) {
          released = await reservations.releaseUnconfirmed();
          if (released > 0) logger.warn({ released }, 'released unconfirmed reservations');
        }
      },
      logger,
    );
  }
}
