import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { ReversalService } from './reversal.service';

/** Repeats reversal ledger steps lost between a commit and the ledger call, and settles reservations left unconfirmed. */
@Injectable()
export class ReversalLedgerFollowUp extends ScheduledWork {
  constructor(reversals: ReversalService, @Inject(CONFIG) config: Config, @Inject(LOGGER) logger: Logger) {
    super();
    this.schedule(
      'reversal ledger follow-up',
      config.LEDGER_FOLLOW_UP_INTERVAL_MS,
      async () => {
        try {
          await reversals.completeLedgerSteps();
        } finally {
          await reversals.reconcileReservations();
        }
      },
      logger,
    );
  }
}
