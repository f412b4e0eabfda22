import { ApiError, type Caller } from '@platform/contracts';
import { Decimal } from '@platform/money';
import type { SqlExecutor } from '@platform/persistence';
import type { Config } from '../config';
import type { OrderRepository } from './order.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Volume limits of the account (0055235, amount_limit null) and daily limits of one card (0055221). */
export class OrderLimits {
  constructor(
    private readonly orders: OrderRepository,
    private readonly config: Config,
  ) {}

  async assertVolume(tx: SqlExecutor, owner: Caller, amount: string, now: Date): Promise<void> {
    // Longest window first: the query scans from its start.
    const windows = [
      { days: 30, limit: this.config.VOLUME_MONTHLY_LIMIT, name: 'monthly' },
      { days: 7, limit: this.config.VOLUME_WEEKLY_LIMIT, name: 'weekly' },
      { days: 1, limit: this.config.VOLUME_DAILY_LIMIT, name: 'daily' },
    ];
    const used = await this.orders.volumeSince(tx, owner, windows.map((w) => new Date(now.getTime() - w.days * DAY_MS)));
    for (const [i, window] of windows.entries()) {
      if (new Decimal(used[i]!).plus(amount).gt(window.limit)) {
        throw new ApiError('0055235', `The ${window.name} volume limit of the account is reached`, { amount_limit: null });
      }
    }
  }

  async assertCard(tx: SqlExecutor, environment: string, cardFingerprint: string, amount: string, now: Date): Promise<void> {
    const usage = await this.orders.cardUsageSince(tx, environment, cardFingerprint, new Date(now.getTime() - DAY_MS));
    if (usage.attempts >= this.config.CARD_DAILY_ATTEMPTS || new Decimal(usage.amount).plus(amount).gt(this.config.CARD_DAILY_AMOUNT)) {
      throw new ApiError('0055221');
    }
  }
}
