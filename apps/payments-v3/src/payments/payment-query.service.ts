import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, type Caller, type PaymentRecord, Errors } from '@platform/contracts';
import { Clock, CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { PaymentRepository } from './payment.repository';
import { toPaymentRecord } from './payment-view';

@Injectable()
export class PaymentQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    @Inject(CONFIG) private readonly config: Config,
    private readonly clock: Clock,
  ) {}

  /** Only the owner's payments, in the environment of the signing key. */
  async get(caller: Caller, code: string): Promise<PaymentRecord> {
    const now = this.clock.now();
    const row = await this.payments.findByCode(this.dataSource, caller, code);
    if (!row) throw new ApiError(Errors.ResourceNotFound, 'No payment with this code');
    return toPaymentRecord(row, this.config.CHECKOUT_PUBLIC_URL, now);
  }
}
