import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, type MerchantEnvironment, type Order } from '@platform/contracts';
import { CONFIG, MaintenanceFlags, MerchantSettings, cardDataKey, hostedCardSealContext, masterKey } from '@platform/service-kit';
import { BinRepository } from '../bins/bin.repository';
import { CARD_PROCESSOR, notExpired, openSealedCard, passesLuhn, type CardProcessor, type ThreeDsChoice } from '@platform/card-processing';
import type { Config } from '../config';
import { OrderRepository, type OrderRow } from './order.repository';
import { publishOutcome } from './order-events';
import { toOrder } from './order-view';
import { returnAddress } from './return-address';

/**
 * What the customer's browser does with an order: open the 3-D Secure screen and leave it
 * with the bank's answer. A paid or failed order publishes its event in the same
 * transaction and tells checkout where to send the browser.
 */
@Injectable()
export class CustomerFlowService {
  private readonly masterKey: Buffer;
  private readonly cardKey: Buffer;

  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRepository,
    private readonly settings: MerchantSettings,
    private readonly bins: BinRepository,
    @Inject(CARD_PROCESSOR) private readonly processor: CardProcessor,
    private readonly maintenance: MaintenanceFlags,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.masterKey = masterKey(config);
    this.cardKey = cardDataKey(config);
  }

  async view(
    token: string,
    now = new Date(),
  ): Promise<{ order: Order; environment: 'sandbox' | 'live'; merchant_name: string; three_ds_open: boolean; frame_origins: string[] }> {
    const row = await this.orders.findByCustomerToken(this.dataSource, token);
    if (!row) throw new ApiError('1000011', 'No payment for this address');
    return {
      order: toOrder(row, this.config.CHECKOUT_PUBLIC_URL, now),
      environment: row.environment,
      merchant_name: this.merchantOf(row)?.name ?? row.merchant_code,
      three_ds_open: this.threeDsOpen(row, now),
      frame_origins: this.merchantOf(row)?.hosted_page_frame_origins ?? [],
    };
  }

  async completeThreeDs(token: string, choice: ThreeDsChoice, now = new Date()): Promise<{ order: Order; return_url: string | null }> {
    const row = await this.dataSource.transaction(async (tx) => {
      const order = await this.orders.findByCustomerToken(tx, token, true);
      if (!order) throw new ApiError('1000011', 'No payment for this address');
      // A second submit, or one after the window closed, changes nothing and shows the order as it is.
      if (!this.threeDsOpen(order, now) || !order.three_ds_scenario) return order;
      const owner = { merchantCode: order.merchant_code, environment: order.environment };
      const outcome = this.processor.finishThreeDs(order.three_ds_scenario, choice);
      if (outcome.status === 'pending') return this.orders.markPending(tx, owner, order.id);
      const completed = await this.orders.complete(tx, owner, order.id, outcome.status, outcome.status === 'failed' ? outcome.reason : null);
      await publishOutcome(tx, completed);
      return completed;
    });
    return {
      order: toOrder(row, this.config.CHECKOUT_PUBLIC_URL, now),
      return_url: returnAddress(row, this.merchantOf(row), this.masterKey, now),
    };
  }

  /** One card attempt on the hosted page, while the order waits there and before its expiry. */
  async hostedAttempt(token: string, sealedCard: string, now = new Date()): Promise<{ order: Order; return_url: string | null; attempt_failure: string | null }> {
    const card = openSealedCard(sealedCard, this.cardKey, hostedCardSealContext(token));
    this.maintenance.assertOpen('api_collection');
    let attemptFailure: string | null = null;
    const row = await this.dataSource.transaction(async (tx) => {
      const order = await this.orders.findByCustomerToken(tx, token, true);
      if (!order) throw new ApiError('1000011', 'No payment for this address');
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
      const outcome = this.processor.hostedAttempt(card);
      if (outcome.status === 'attempt_failed') {
        attemptFailure = outcome.reason;
        return order;
      }
      if (outcome.status === 'pending') return this.orders.markPending(tx, owner, order.id);
      const bin = card.number.slice(0, 6);
      const info = await this.bins.find(order.environment, bin);
      const paid = await this.orders.completeHosted(tx, owner, order.id, {
        holder_name: card.holderName,
        bin,
        last_four: card.number.slice(-4),
        network: info?.network ?? null,
        program: info?.card_program ?? null,
        issuer_bank_name: info?.bank_name ?? null,
      });
      await publishOutcome(tx, paid);
      return paid;
    });
    return {
      order: toOrder(row, this.config.CHECKOUT_PUBLIC_URL, now),
      return_url: returnAddress(row, this.merchantOf(row), this.masterKey, now),
      attempt_failure: attemptFailure,
    };
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
