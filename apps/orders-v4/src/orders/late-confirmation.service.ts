import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, Errors, orderBody } from '@platform/contracts';
import { Clock, CONFIG, recordOperatorAction } from '@platform/service-kit';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { OrderRepository } from './order.repository';
import { publishOutcome } from './order-events';
import { toOrderRecord } from './order-view';

/**
 * A bank's late confirmation: a failed or pending order becomes paid, and
 * checkout.order.succeeded follows (merchants are told to treat paid as the truth and
 * ignore a failed event after it). Repeating it changes nothing.
 */
@Injectable()
export class LateConfirmationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRepository,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  async confirmPaid(orderCode: string, operator: string) {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => {
      const order = await this.orders.findForOperator(tx, orderCode, true);
      if (!order) throw new ApiError(Errors.ResourceNotFound, 'No order with this code');
      const before = toOrderRecord(order, this.config.CHECKOUT_PUBLIC_URL, now);
      if (order.status === 'paid') return { merchant_code: order.merchant_code, before, after: before };
      if (order.status !== 'failed' && order.status !== 'pending') {
        throw new ApiError(Errors.ResourceStateConflict, `order ${orderCode} is ${order.status}; the customer has not finished with it`);
      }
      const owner = { merchantCode: order.merchant_code, environment: order.environment };
      const paid = await this.orders.transition(tx, owner, order.id, { move: 'confirm_late' });
      await publishOutcome(tx, paid);
      const after = toOrderRecord(paid, this.config.CHECKOUT_PUBLIC_URL, now);
      // The audit entry leaves with the change or not at all; confirming a paid order changes nothing and records nothing.
      await recordOperatorAction(tx, DATABASE.schema, {
        actor: operator,
        action: 'order.bank_confirmation',
        target: `${order.merchant_code}/orders/${orderCode}`,
        before: orderBody(before),
        after: orderBody(after),
      });
      return { merchant_code: order.merchant_code, before, after };
    });
  }
}
