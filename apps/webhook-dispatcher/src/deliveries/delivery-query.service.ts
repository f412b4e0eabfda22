import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import {
  ApiError,
  pageOf,
  type Caller,
  type IdempotencyKeyUse,
  type RequestDigest,
  type WebhookDeliveryDetailSchema,
  type WebhookDeliverySchema,
  Errors,
} from '@platform/contracts';
import { deliveryErrorMessage } from './delivery-errors';
import { DeliveryRepository, type DeliveryRow } from './delivery.repository';
import { Clock } from '@platform/service-kit';
import { IdempotencyStore, type IdempotentRequest } from '@platform/persistence';
import { DATABASE } from '../database';

const keys = new IdempotencyStore(DATABASE.schema);

type Delivery = z.infer<typeof WebhookDeliverySchema>;
type DeliveryDetail = z.infer<typeof WebhookDeliveryDetailSchema>;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toDelivery(row: DeliveryRow, acceptLanguage: string | undefined): Delivery {
  return {
    id: row.id,
    event: row.event_type,
    status: row.status,
    payment_code: row.payment_code,
    attempt_count: row.made_attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    last_error_code: row.last_error_code,
    last_error_message: deliveryErrorMessage(row.last_error_code, acceptLanguage),
    next_attempt_at: iso(row.next_attempt_at),
    delivered_at: iso(row.delivered_at),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function toDetail(row: DeliveryRow, acceptLanguage: string | undefined): DeliveryDetail {
  return { ...toDelivery(row, acceptLanguage), url: row.url, payload: JSON.parse(row.body) as unknown };
}

/** The merchant's view of its v3 deliveries, and the retry of a failed one. */
@Injectable()
export class DeliveryQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: DeliveryRepository,
    private readonly clock: Clock,
  ) {}

  async list(caller: Caller, query: { page: number; per_page: number; status: DeliveryRow['status'] | null; accept_language?: string }) {
    const { rows, total } = await this.deliveries.list(this.dataSource, caller, query.status, query.per_page, (query.page - 1) * query.per_page);
    return pageOf(
      rows.map((row) => toDelivery(row, query.accept_language)),
      total,
      query.page,
      query.per_page,
    );
  }

  async get(caller: Caller, id: string, acceptLanguage?: string): Promise<DeliveryDetail> {
    const row = await this.deliveries.find(this.dataSource, caller, id);
    if (!row) throw new ApiError(Errors.ResourceNotFound, 'No delivery with this id');
    return toDetail(row, acceptLanguage);
  }

  /** The caller's uses of a key for delivery retries (ADR 0034). */
  keyUses(caller: Caller, key: string): Promise<IdempotencyKeyUse[]> {
    return keys.inspect(this.dataSource, caller, key, ['delivery.retry']);
  }

  /**
   * Re-queues a failed delivery for one attempt now. The same Idempotency-Key returns the
   * first answer and queues nothing more; a key used for another delivery is 409 9000039.
   */
  async retry(caller: Caller, id: string, idempotencyKey: string, acceptLanguage?: string, digest?: RequestDigest): Promise<DeliveryDetail> {
    const request: IdempotentRequest = {
      scope: 'delivery.retry',
      key: idempotencyKey,
      fingerprint: `retry:${id}`,
      scenario: null,
      target: id,
      conflictDetail: 'This Idempotency-Key was used to retry another delivery',
      digest,
    };
    return this.dataSource.transaction(async (tx) => {
      const earlier = await keys.earlier(tx, caller, request);
      if (earlier) return earlier.response as DeliveryDetail;
      const row = await this.deliveries.find(tx, caller, id, true);
      if (!row) throw new ApiError(Errors.ResourceNotFound, 'No delivery with this id');
      // A repeat that waited on the row lock for the first use of its key answers as the first did.
      const raced = await keys.earlier(tx, caller, request);
      if (raced) return raced.response as DeliveryDetail;
      if (row.status !== 'failed') throw new ApiError(Errors.ResourceStateConflict, `only a failed delivery can be retried; this one is ${row.status}`);
      if (!(await keys.claim(tx, caller, request))) throw new ApiError(Errors.IdempotencyConflict, 'A retry with this Idempotency-Key is still running');
      const detail = toDetail(await this.deliveries.requeue(tx, caller, id, this.clock.now()), acceptLanguage);
      await keys.complete(tx, caller, request, detail);
      return detail;
    });
  }
}
