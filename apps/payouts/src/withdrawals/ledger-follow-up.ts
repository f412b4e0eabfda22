import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { WithdrawalService } from './withdrawal.service';

/** Repeats ledger steps lost between a commit and the ledger call, and settles reservations left unconfirmed. */
@Injectable()
export class LedgerFollowUp extends ScheduledWork {
  constructor(withdrawals: WithdrawalService, @Inject(CONFIG) config: Config, @Inject(LOGGER) logger: Logger) {
    super();
    this.schedule(
      'withdrawal ledger follow-up',
      config.LEDGER_FOLLOW_UP_INTERVAL_MS,
      async () => {
        try {
          await withdrawals.completeLedgerSteps();
        } finally {
          await withdrawals.reconcileReservations();
        }
      },
      logger,
    );
  }
}
