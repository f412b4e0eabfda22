import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, type Caller, type ListOrders, type OrderRecord, type ReplyOf, type RequestOf, Errors, pageOf } from '@platform/contracts';
import { Clock, CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { OrderRepository } from './order.repository';
import { publishOutcome } from './order-events';
import { toOrderRecord } from './order-view';

@Injectable()
export class OrderQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRepository,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  async get(caller: Caller, merchantOrderId: string): Promise<OrderRecord> {
    const now = this.clock.now();
    const row = await this.orders.find(this.dataSource, caller, merchantOrderId);
    if (!row) throw new ApiError(Errors.OrderNotFound);
    return toOrderRecord(row, this.config.CHECKOUT_PUBLIC_URL, now);
  }

  /** A page of the owner's orders, newest first, as records like GetOrder's (the panel's list; ADR 0035). */
  async list(caller: Caller, request: RequestOf<typeof ListOrders>): Promise<ReplyOf<typeof ListOrders>> {
    const now = this.clock.now();
    const { rows, total } = await this.orders.list(
      this.dataSource,
      caller,
      {
        status: request.status,
        created_from: request.created_from === null ? null : new Date(request.created_from),
        created_to: request.created_to === null ? null : new Date(request.created_to),
        search: request.search,
      },
      request.per_page,
      (request.page - 1) * request.per_page,
    );
    return pageOf(
      rows.map((row) => toOrderRecord(row, this.config.CHECKOUT_PUBLIC_URL, now)),
      total,
      request.page,
      request.per_page,
    );
  }

  /** Sandbox only: closes a pending or hosted order as paid or failed (payment_declined), with its event. */
  async setSandboxResult(caller: Caller, merchantOrderId: string, result: 'paid' | 'failed'): Promise<OrderRecord> {
    const now = this.clock.now();
    if (caller.environment !== 'sandbox') throw new ApiError(Errors.RequestRouteUnknown, 'The sandbox result endpoint exists only in sandbox');
    const row = await this.dataSource.transaction(async (tx) => {
      const order = await this.orders.find(tx, caller, merchantOrderId, true);
      if (!order) throw new ApiError(Errors.OrderNotFound);
      if (order.status !== 'pending' && order.status !== 'requires_hosted') throw new ApiError(Errors.OrderStateConflict);
      const completed = await this.orders.transition(
        tx,
        caller,
        order.id,
        result === 'failed' ? { move: 'fail', failure_reason_code: 'payment_declined' } : { move: 'pay' },
      );
      await publishOutcome(tx, completed);
      return completed;
    });
    return toOrderRecord(row, this.config.CHECKOUT_PUBLIC_URL, now);
  }
}
