import { Inject, Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, Metrics, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { TrialBalance } from './trial-balance';

/**
 * Runs the trial balance on a schedule and publishes its verdict for the alert that must
 * never fire: 1 balanced, 0 not (the operator's `GET /admin/v1/ledger/trial-balance` names
 * the transactions and accounts), with the time of the last check so a stuck check shows too.
 */
@Injectable()
export class TrialBalanceWatch extends ScheduledWork {
  private gauges?: { balanced: Gauge; checkedAt: Gauge };

  constructor(
    private readonly trialBalance: TrialBalance,
    @Inject(CONFIG) config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {
    super();
    this.schedule('trial balance', config.TRIAL_BALANCE_INTERVAL_MS, () => this.check(), logger);
  }

  /** Registered at the first check: a gauge without labels reads 0 before it is set, which would say "not balanced". */
  private published(): { balanced: Gauge; checkedAt: Gauge } {
    const registers = [this.metrics.registry];
    this.gauges ??= {
      balanced: new Gauge({ name: 'ledger_trial_balance_balanced', help: '1 when the last trial balance proved the books, 0 when not', registers }),
      checkedAt: new Gauge({ name: 'ledger_trial_balance_checked_timestamp_seconds', help: 'When the trial balance last ran', registers }),
    };
    return this.gauges;
  }

  async check(): Promise<boolean> {
    const result = await this.trialBalance.run();
    const gauges = this.published();
    gauges.balanced.set(result.balanced ? 1 : 0);
    gauges.checkedAt.set(Date.now() / 1000);
    if (!result.balanced) {
      this.logger.error(
        { unbalanced_transactions: result.unbalanced_transactions, mismatched_accounts: result.mismatched_accounts, totals: result.totals },
        'trial balance does not balance',
      );
    }
    return result.balanced;
  }
}
