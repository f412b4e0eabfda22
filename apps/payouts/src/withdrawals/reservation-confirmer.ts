import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@platform/observability';
import { LOGGER, PeriodicTask } from '@platform/service-kit';
import { WithdrawalService } from './withdrawal.service';

/** Repeats lost reservation confirmations well within the ledger's 300 s confirmation window. */
@Injectable()
export class ReservationConfirmer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: PeriodicTask;

  constructor(withdrawals: WithdrawalService, @Inject(LOGGER) logger: Logger) {
    this.task = new PeriodicTask('withdrawal reservation confirmation', 30_000, () => withdrawals.confirmPending(), logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
