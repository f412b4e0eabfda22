import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError } from '@platform/contracts';
import { PaymentRepository } from './payment.repository';

const RATE = /^(0|[1-9]\d{0,9})(\.\d{1,10})?$/;

/** The rates limits are converted with; USD is the quote currency and stays 1. */
@Injectable()
export class FxRatesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
  ) {}

  async set(currency: string, usdPerUnit: string) {
    if (!RATE.test(usdPerUnit) || Number(usdPerUnit) <= 0) {
      throw new ApiError('1000001', 'usd_per_unit must be a positive decimal string', { errors: { usd_per_unit: ['must be a positive decimal string with at most 10 decimals'] } });
    }
    if (currency === 'USD' && Number(usdPerUnit) !== 1) {
      throw new ApiError('1000001', 'USD is the quote currency; its rate is 1', { errors: { usd_per_unit: ['must be 1 for USD'] } });
    }
    const { before, after } = await this.dataSource.transaction((tx) => this.payments.setRate(tx, currency, usdPerUnit));
    return { before: before === null ? null : { currency_code: currency, usd_per_unit: before }, after: { currency_code: currency, usd_per_unit: after } };
  }
}
