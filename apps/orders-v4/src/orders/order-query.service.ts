import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ApiError,
  type Caller,
  type ListOrders,
  MerchantOrderIdSchema,
  type OrderRecord,
  type ReplyOf,
  type RequestOf,
  Errors,
  pageOf,
} from '@platform/contracts';
import { BatchedCalls } from '@platform/persistence';
import { Clock, CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { OrderRepository, type OrderRead, type OrderRow } from './order.repository';
import { publishOutcome } from './order-events';
import { toOrderRecord } from './order-view';

function readKey(merchantCode: string, environment: string, merchantOrderId: string): string {
  return JSON.stringify([merchantCode, environment, merchantOrderId]);
}

@Injectable()
export class OrderQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrderRepository,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** The reads of one turn are one statement; each answer is the row of its caller's own key. */
  private readonly byOwnerAndId = new BatchedCalls<OrderRead, OrderRow>(
    async (reads) =>
      new Map(
        (await this.orders.findByOwnersAndIds(this.dataSource, reads)).map((row) => [readKey(row.merchant_code, row.environment, row.merchant_order_id), row]),
      ),
    (read) => readKey(read.owner.merchantCode, read.owner.environment, read.merchantOrderId),
  );

  async get(caller: Caller, merchantOrderId: string): Promise<OrderRecord> {
    // An id no order can have never joins the others' statement, where Postgres might refuse it for them all.
    const row = MerchantOrderIdSchema.safeParse(merchantOrderId).success ? await this.byOwnerAndId.call({ owner: caller, merchantOrderId }) : undefined;
    if (!row) throw new ApiError(Errors.OrderNotFound);
    const now = this.clock.now();
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
