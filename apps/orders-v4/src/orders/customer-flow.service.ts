import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, type BinInfo, type MerchantEnvironment, type OrderRecord, Errors } from '@platform/contracts';
import {
  cardDataKey,
  cardFingerprintKey,
  Clock,
  CONFIG,
  eachIndependently,
  hostedCardSealContext,
  MaintenanceFlags,
  masterKey,
  MerchantSettings,
} from '@platform/service-kit';
import type { SqlExecutor } from '@platform/persistence';
import { BinLookupService } from '../bins/bin-lookup.service';
import { OrderFingerprints } from './order-fingerprints';
import { OrderLimits } from './order-limits';
import {
  CARD_PROCESSORS,
  CardProcessors,
  notExpired,
  openSealedCard,
  passesLuhn,
  type AuthorisationOutcome,
  type CardForAuthorisation,
  type ChallengeAnswer,
} from '@platform/card-processing';
import type { Config } from '../config';
import { OrderRepository, type CardSummary, type OrderRow } from './order.repository';
import { publishOutcome } from './order-events';
import { toOrderRecord } from './order-view';
import { returnAddress } from './return-address';

/**
 * What the customer's browser does with an order: open the 3-D Secure screen and leave it
 * with the bank's answer. A paid or failed order publishes its event in the same
 * transaction and tells checkout where to send the browser.
 */
/** What a direct order's refusal becomes for a card typed on the hosted page (a decline reason the customer sees). */
const HOSTED_REFUSALS: Partial<Record<string, string>> = {
  [Errors.BinUnknown]: 'card_brand_not_supported',
  [Errors.BinNoChannel]: 'payment_not_permitted',
  [Errors.CardIssuerUnavailable]: 'bank_unavailable',
  [Errors.CardDailyLimitReached]: 'card_limit_reached',
};

@Injectable()
export class CustomerFlowService {
  private readonly masterKey: Buffer;
  private readonly cardKey: Buffer;
  private readonly fingerprints: OrderFingerprints;
  private readonly limits: OrderLimits;

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRepository,
    private readonly settings: MerchantSettings,
    private readonly binLookup: BinLookupService,
    @Inject(CARD_PROCESSORS) private readonly processors: CardProcessors,
    private readonly clock: Clock,
    private readonly maintenance: MaintenanceFlags,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.masterKey = masterKey(config);
    this.cardKey = cardDataKey(config);
    this.fingerprints = new OrderFingerprints(cardFingerprintKey(config));
    this.limits = new OrderLimits(orders, config);
  }

  async view(token: string): Promise<{
    order: OrderRecord;
    environment: 'sandbox' | 'live';
    merchant_name: string;
    three_ds_open: boolean;
    bank_page: string | null;
    frame_origins: string[];
  }> {
    const now = this.clock.now();
    const row = await this.orders.findByCustomerToken(this.dataSource, token);
    if (!row) throw new ApiError(Errors.ResourceNotFound, 'No payment for this address');
    return {
      order: toOrderRecord(row, this.config.CHECKOUT_PUBLIC_URL, now),
      environment: row.environment,
      merchant_name: this.merchantOf(row)?.name ?? row.merchant_code,
      three_ds_open: this.threeDsOpen(row, now),
      bank_page: this.threeDsOpen(row, now) || this.hostedOpen(row, now) ? row.bank_page : null,
      frame_origins: this.merchantOf(row)?.hosted_page_frame_origins ?? [],
    };
  }

  /**
   * The customer is back from 3-D Secure: from our sandbox test screen (its button) or from a
   * live bank (the fields the bank posted). Each route serves only its own kind of processor.
   */
  async completeThreeDs(
    token: string,
    input: { source: 'test_screen' | 'bank_return'; answer: ChallengeAnswer },
  ): Promise<{ order: OrderRecord; return_url: string | null; attempt_failure: string | null }> {
    const now = this.clock.now();
    let attemptFailure: string | null = null;
    const row = await this.dataSource.transaction(async (tx) => {
      const order = await this.orders.findByCustomerToken(tx, token, true);
      if (!order) throw new ApiError(Errors.ResourceNotFound, 'No payment for this address');
      const hostedAtBank = this.hostedOpen(order, now) && order.attempt_card !== null;
      // A second submit, or one after the window closed, changes nothing and shows the order as it is.
      if ((!this.threeDsOpen(order, now) && !hostedAtBank) || !order.processor_state) return order;
      if ((order.processor === 'sandbox') !== (input.source === 'test_screen')) return order;
      const owner = { merchantCode: order.merchant_code, environment: order.environment };
      const outcome = await this.processors.named(order.processor, order.environment).finish(order.processor_state, input.answer);
      if (hostedAtBank && outcome.status === 'failed') {
        attemptFailure = outcome.reason;
        return this.orders.recordAttempt(tx, owner, order.id, {
          processor: order.processor!,
          processor_state: null,
          bank_page: null,
          attempt_card: null,
          three_d: false,
        });
      }
      return this.settle(tx, order, outcome, hostedAtBank ? order.attempt_card : null);
    });
    return {
      order: toOrderRecord(row, this.config.CHECKOUT_PUBLIC_URL, now),
      return_url: returnAddress(row, this.merchantOf(row), this.masterKey, now),
      attempt_failure: attemptFailure,
    };
  }

  /** Asks live processors about orders left pending; returns how many it asked about. */
  async lookUpPending(limit = 50): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const due = await this.orders.claimPendingLookups(tx, limit);
      // A processor that cannot answer for one order must not hold up the others.
      return eachIndependently(
        due,
        async (order) => {
          const outcome = await this.processors.named(order.processor, order.environment).lookUp(order.processor_state!);
          if (outcome.status !== 'pending') await this.settle(tx, order, outcome, order.attempt_card);
        },
        (order) => `order ${order.order_code}`,
      );
    });
  }

  /** A processor's outcome on the order: paid or failed publish their event; pending waits for a lookup. */
  private async settle(
    tx: Parameters<OrderRepository['transition']>[0],
    order: OrderRow,
    outcome: AuthorisationOutcome,
    hostedCard: CardSummary | null,
  ): Promise<OrderRow> {
    const owner = { merchantCode: order.merchant_code, environment: order.environment };
    if (outcome.status === 'pending') return this.orders.transition(tx, owner, order.id, { move: 'await_bank' });
    const completed =
      outcome.status === 'paid' && hostedCard
        ? await this.orders.transition(tx, owner, order.id, { move: 'pay_hosted', card: hostedCard })
        : await this.orders.transition(
            tx,
            owner,
            order.id,
            outcome.status === 'failed' ? { move: 'fail', failure_reason_code: outcome.reason } : { move: 'pay' },
          );
    await publishOutcome(tx, completed);
    return completed;
  }

  /** One card attempt on the hosted page, while the order waits there and before its expiry. */
  async hostedAttempt(
    token: string,
    sealedCard: string,
  ): Promise<{ order: OrderRecord; return_url: string | null; attempt_failure: string | null; at_bank: boolean }> {
    const now = this.clock.now();
    const card = openSealedCard(sealedCard, this.cardKey, hostedCardSealContext(token));
    this.maintenance.assertOpen('api_collection');
    let attemptFailure: string | null = null;
    const row = await this.dataSource.transaction(async (tx) => {
      const order = await this.orders.findByCustomerToken(tx, token, true);
      if (!order) throw new ApiError(Errors.ResourceNotFound, 'No payment for this address');
      if (!this.hostedOpen(order, now)) return order;
      if (!passesLuhn(card.number)) {
        attemptFailure = 'card_details_invalid';
        return order;
      }
      if (!notExpired(card.expiryMonth, card.expiryYear, now)) {
        attemptFailure = 'card_expiry_invalid';
        return order;
      }
      const owner = { merchantCode: order.merchant_code, environment: order.environment };
      const processor = this.processors.for(order.environment);
      const bin = card.number.slice(0, 6);
      // The same checks as a direct order's card, and a cap per page: a hosted page is no free card-testing tool.
      const checked = await this.checkHostedCard(tx, order, card, now);
      if ('refused' in checked) {
        attemptFailure = checked.refused;
        return order;
      }
      const summary: CardSummary = {
        holder_name: card.holderName,
        bin,
        last_four: card.number.slice(-4),
        network: checked.info.network,
        program: checked.info.card_program,
        issuer_bank_name: checked.info.bank_name,
      };
      const started = await processor.start({
        reference: `ord_${randomUUID()}`,
        amount: order.amount,
        currency: 'TRY',
        card,
        callbackUrl: `${this.config.CHECKOUT_PUBLIC_URL}/v4/hosted/${token}/bank-return`,
        channel: 'hosted_page',
      });
      switch (started.kind) {
        case 'declined':
          attemptFailure = started.reason;
          return order;
        case 'challenge':
          return this.orders.recordAttempt(tx, owner, order.id, {
            processor: processor.name,
            processor_state: started.state,
            bank_page: started.bankPage,
            attempt_card: summary,
            three_d: true,
          });
        case 'no_answer': {
          const waiting = await this.orders.recordAttempt(tx, owner, order.id, {
            processor: processor.name,
            processor_state: started.state,
            bank_page: null,
            attempt_card: summary,
            three_d: false,
          });
          return this.orders.transition(tx, owner, waiting.id, { move: 'await_bank' });
        }
        case 'approved':
          return this.settle(tx, order, { status: 'paid' }, summary);
      }
    });
    return {
      order: toOrderRecord(row, this.config.CHECKOUT_PUBLIC_URL, now),
      return_url: returnAddress(row, this.merchantOf(row), this.masterKey, now),
      attempt_failure: attemptFailure,
      at_bank: this.hostedOpen(row, now) && row.bank_page !== null,
    };
  }

  /** The BIN's information of a hosted-page card that may go to the bank, or why not (a decline reason). */
  private async checkHostedCard(tx: SqlExecutor, order: OrderRow, card: CardForAuthorisation, now: Date): Promise<{ info: BinInfo } | { refused: string }> {
    const owner = { merchantCode: order.merchant_code, environment: order.environment };
    const fingerprint = this.fingerprints.card(card);
    const attempts = await this.orders.countPageAttempt(tx, owner, order.id);
    if (attempts > this.config.HOSTED_PAGE_ATTEMPTS) return { refused: 'security_declined' };
    let info: BinInfo;
    try {
      info = await this.binLookup.lookupChargeable(owner, card.number.slice(0, 6), order.amount);
      // The order itself is not counted: it carries the card of its last attempt, and its amount is the one asked for now.
      await this.limits.assertCard(tx, this.limits.cardRule(owner, card.number, fingerprint), order.amount, now, order.id);
    } catch (error) {
      if (error instanceof ApiError && error.code in HOSTED_REFUSALS) return { refused: HOSTED_REFUSALS[error.code]! };
      throw error;
    }
    await this.orders.setCardFingerprint(tx, owner, order.id, fingerprint);
    return { info };
  }

  private hostedOpen(order: OrderRow, now: Date): boolean {
    return order.status === 'requires_hosted' && order.hosted_expires_at !== null && now.getTime() < new Date(order.hosted_expires_at).getTime();
  }

  private threeDsOpen(order: OrderRow, now: Date): boolean {
    return order.status === 'requires_action' && order.three_ds_expires_at !== null && now.getTime() < new Date(order.three_ds_expires_at).getTime();
  }

  private merchantOf(order: OrderRow): MerchantEnvironment | undefined {
    return this.settings.get(order.merchant_code, order.environment);
  }
}
