import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, PeriodicTask } from '@platform/service-kit';
import type { Config } from '../config';
import { ReservationsService } from './reservations.service';

/** Gives back money held for operations whose owner never confirmed them (it failed before committing). */
@Injectable()
export class ReservationReconciliation implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: PeriodicTask;

  constructor(reservations: ReservationsService, @Inject(CONFIG) config: Config, @Inject(LOGGER) logger: Logger) {
    this.task = new PeriodicTask(
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

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
