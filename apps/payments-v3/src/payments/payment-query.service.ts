import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, PAYMENT_CODE, type Caller, type ListPayments, type PaymentRecord, type ReplyOf, type RequestOf, Errors, pageOf } from '@platform/contracts';
import { BatchedCalls } from '@platform/persistence';
import { Clock, CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { PaymentRepository, type PaymentRow } from './payment.repository';
import { toPaymentRecord } from './payment-view';

@Injectable()
export class PaymentQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** Codes are unique across owners: the reads of one turn are one query, and each answer is checked against its caller. */
  private readonly byCode = new BatchedCalls<string, PaymentRow>(
    async (codes) => new Map((await this.payments.findByCodes(this.dataSource, codes)).map((row) => [row.code, row])),
    (code) => code,
  );

  /** Only the owner's payments, in the environment of the signing key. */
  async get(caller: Caller, code: string): Promise<PaymentRecord> {
    // A code no payment can have never joins the others' statement, where Postgres might refuse it for them all.
    const row = PAYMENT_CODE.test(code) ? await this.byCode.call(code) : undefined;
    if (!row || row.merchant_code !== caller.merchantCode || row.environment !== caller.environment) {
      throw new ApiError(Errors.ResourceNotFound, 'No payment with this code');
    }
    const now = this.clock.now();
    return toPaymentRecord(row, this.config.CHECKOUT_PUBLIC_URL, now);
  }

  /** A page of the owner's payments, newest first, as records like GetPayment's (the panel's list; ADR 0035). */
  async list(caller: Caller, request: RequestOf<typeof ListPayments>): Promise<ReplyOf<typeof ListPayments>> {
    const now = this.clock.now();
    const { rows, total } = await this.payments.list(
      this.dataSource,
      caller,
      {
        status: request.status,
        created_from: request.created_from === null ? null : new Date(request.created_from),
        created_to: request.created_to === null ? null : new Date(request.created_to),
        search: request.search,
      },
      now,
      request.per_page,
      (request.page - 1) * request.per_page,
    );
    return pageOf(
      rows.map((row) => toPaymentRecord(row, this.config.CHECKOUT_PUBLIC_URL, now)),
      total,
      request.page,
      request.per_page,
    );
  }
}
