import { ApiError, type Caller, Errors } from '@platform/contracts';
import { SANDBOX_CARD_LIMIT_REACHED, SANDBOX_TEST_CARDS } from '@platform/card-processing';
import { Decimal } from '@platform/money';
import type { SqlExecutor } from '@platform/persistence';
import type { Config } from '../config';
import { VOLUME_REFUSED, type OrderRepository, type VolumeWindow } from './order.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export type CardLimitRule =
  { kind: 'exempt' } | { kind: 'reached' } | { kind: 'count'; cardFingerprint: string; scope: { environment: string; merchantCode: string | null } };

function volumeRefused(window: string): ApiError {
  return new ApiError(Errors.OrderAmountRefused, `The ${window} volume limit of the account is reached`, { amount_limit: null });
}

/** The API's refusal for an order whose commit a volume window refused; undefined for any other error. */
export function volumeRefusal(error: unknown): ApiError | undefined {
  return refusedByVolume(error) ? volumeRefused((error as { detail?: string }).detail ?? 'order') : undefined;
}

/** Whether a commit failed on a volume window (SQLSTATE {@link VOLUME_REFUSED}). */
export function refusedByVolume(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === VOLUME_REFUSED;
}

/** Volume limits of the account (0055235, amount_limit null) and daily limits of one card (0055221). */
export class OrderLimits {
  constructor(
    private readonly orders: OrderRepository,
    private readonly config: Config,
  ) {}

  /** The account's rolling volume windows as of `now`. */
  volumeWindows(now: Date): VolumeWindow[] {
    return [
      { days: 30, limit: this.config.VOLUME_MONTHLY_LIMIT, name: 'monthly' },
      { days: 7, limit: this.config.VOLUME_WEEKLY_LIMIT, name: 'weekly' },
      { days: 1, limit: this.config.VOLUME_DAILY_LIMIT, name: 'daily' },
    ].map((w) => ({ since: new Date(now.getTime() - w.days * DAY_MS), limit: w.limit, name: w.name }));
  }

  /**
   * Checks the account's volume before a new order is stored. The order's own commit checks it
   * again under the account's lock (`volumeWindows` given to the insert), so parallel orders
   * cannot pass a limit together: {@link volumeRefusal} turns that refusal into the API's.
   */
  async assertVolume(db: SqlExecutor, owner: Caller, amount: string, now: Date): Promise<void> {
    const windows = this.volumeWindows(now);
    const used = await this.orders.volumeSince(
      db,
      owner,
      windows.map((w) => w.since),
    );
    for (const [i, window] of windows.entries()) {
      if (new Decimal(used[i]!).plus(amount).gt(window.limit)) throw volumeRefused(window.name);
    }
  }

  /**
   * How a card's daily limits apply (ADR 0011). Live counts a card across the platform: card
   * velocity is a fraud control against a card tried at many shops. Sandbox counts per
   * merchant, never limits the spec's test cards, and always refuses the documented limit card,
   * so one merchant's test runs cannot break another's sandbox.
   */
  cardRule(owner: Caller, cardNumber: string, cardFingerprint: string): CardLimitRule {
    if (owner.environment === 'live') return { kind: 'count', cardFingerprint, scope: { environment: 'live', merchantCode: null } };
    if (cardNumber === SANDBOX_CARD_LIMIT_REACHED) return { kind: 'reached' };
    if (SANDBOX_TEST_CARDS.has(cardNumber)) return { kind: 'exempt' };
    return { kind: 'count', cardFingerprint, scope: { environment: 'sandbox', merchantCode: owner.merchantCode } };
  }

  async assertCard(tx: SqlExecutor, rule: CardLimitRule, amount: string, now: Date, besides: string | null = null): Promise<void> {
    if (rule.kind === 'exempt') return;
    if (rule.kind === 'reached') throw new ApiError(Errors.CardDailyLimitReached, 'Sandbox card 4355090000552210 always reaches its daily limit');
    const usage = await this.orders.cardUsageSince(tx, rule.scope, rule.cardFingerprint, new Date(now.getTime() - DAY_MS), besides);
    if (usage.attempts >= this.config.CARD_DAILY_ATTEMPTS) {
      throw new ApiError(Errors.CardDailyLimitReached, `This card reached its limit of ${this.config.CARD_DAILY_ATTEMPTS} attempts in 24 hours`);
    }
    if (new Decimal(usage.amount).plus(amount).gt(this.config.CARD_DAILY_AMOUNT)) {
      throw new ApiError(Errors.CardDailyLimitReached, `This card reached its limit of ${this.config.CARD_DAILY_AMOUNT} TRY in 24 hours`);
    }
  }
}
