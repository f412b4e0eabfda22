import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Logger } from '@platform/observability';
import { Clock, CONFIG, LOGGER, ScheduledWork } from '@platform/service-kit';
import type { Config } from '../config';
import { OrderRepository, type ExpiredOrder } from './order.repository';
import { publishOutcome } from './order-events';

const BATCH = 200;

/**
 * Moves orders whose time ran out: a 3-D Secure screen left open past its window becomes
 * pending (the customer left; the bank has not answered), a hosted page past
 * hosted_expires_at fails (with payment_timed_out once a card was tried on it, with no reason
 * when none was: ADR 0045), and a pending order the bank never answered fails with
 * payment_timed_out after PENDING_MAX_SECONDS. Safe with several replicas (SKIP LOCKED).
 */
@Injectable()
export class OrderExpiryService extends ScheduledWork {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRepository,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    super();
    this.schedule('order expiry', config.EXPIRY_SWEEP_INTERVAL_MS, () => this.sweep(), logger);
  }

  /** One pass; returns how many orders it moved. */
  async sweep(): Promise<number> {
    const now = this.clock.now();
    let moved = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (tx) => {
        const due = await this.orders.claimExpired(tx, now, this.config.PENDING_MAX_SECONDS, BATCH);
        for (const order of due) await this.expire(tx, order);
        return due.length;
      });
      moved += count;
      if (count < BATCH) return moved;
    }
  }

  private async expire(tx: Parameters<OrderRepository['transition']>[0], order: ExpiredOrder): Promise<void> {
    const owner = { merchantCode: order.merchant_code, environment: order.environment };
    if (order.status === 'requires_action') {
      await this.orders.transition(tx, owner, order.id, { move: 'await_bank' });
      return;
    }
    const attempted = order.status !== 'requires_hosted' || order.card_attempted;
    const failed = await this.orders.transition(tx, owner, order.id, { move: 'fail', failure_reason_code: attempted ? 'payment_timed_out' : null });
    await publishOutcome(tx, failed);
  }
}
