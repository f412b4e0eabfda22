import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, PeriodicTask } from '@platform/service-kit';
import type { Config } from '../config';
import { WithdrawalService } from './withdrawal.service';

/** Repeats ledger steps lost between a commit and the ledger call, well within the ledger's 300 s window. */
@Injectable()
export class LedgerFollowUp implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly task: PeriodicTask;

  constructor(withdrawals: WithdrawalService, @Inject(CONFIG) config: Config, @Inject(LOGGER) logger: Logger) {
    this.task = new PeriodicTask('withdrawal ledger follow-up', config.LEDGER_FOLLOW_UP_INTERVAL_MS, () => withdrawals.completeLedgerSteps(), logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }
}
