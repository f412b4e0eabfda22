import { Injectable } from '@nestjs/common';
import type { MerchantEnvironment } from '@platform/contracts';
import { Decimal } from '@platform/money';
import type { SqlExecutor } from '@platform/persistence';
import { FxRates } from '../journal/fx-rates';
import { Journal } from '../journal/journal';
import { JournalRepository } from '../journal/journal.repository';
import { merchantAccount, platformAccount, transfer } from '../journal/postings';
import { SettlementRepository } from './settlement.repository';

export interface CollectedPayment {
  /** `v3:<payment code>` or `v4:<order code>`: a payment is booked once whatever carries it. */
  reference: string;
  merchantCode: string;
  environment: 'sandbox' | 'live';
  amount: string;
  currency: string;
  occurredAt: Date;
}

const DAY_MS = 86_400_000;

export interface DisputeEvent {
  id: string;
  merchantCode: string;
  environment: 'sandbox' | 'live';
  /** In the dispute's own currency, as the bank reported it. */
  amount: string;
  currency: string;
  occurredAt: Date;
}

/**
 * What money events do to a merchant's API wallet. Live: a paid payment waits in
 * pending settlement until its settlement date; sandbox: it is available at once (the
 * virtual API wallet). Amounts are converted into the account's base currency.
 */
@Injectable()
export class Bookings {
  constructor(
    private readonly journal: Journal,
    private readonly rates: FxRates,
    private readonly settlements: SettlementRepository = new SettlementRepository(),
    private readonly entries: JournalRepository = new JournalRepository(),
  ) {}

  async collect(tx: SqlExecutor, payment: CollectedPayment, merchant: Pick<MerchantEnvironment, 'base_currency' | 'settlement_delay_days'>): Promise<boolean> {
    const base = merchant.base_currency;
    const converted = await this.rates.convert(tx, new Decimal(payment.amount), payment.currency, base, payment.occurredAt);
    if (converted.amount.lte(0)) return false;
    const live = payment.environment === 'live';
    const to = merchantAccount(payment.merchantCode, payment.environment, 'api', live ? 'pending_settlement' : 'available', base);
    const posted = await this.journal.post(tx, {
      kind: 'payment',
      reference: payment.reference,
      merchantCode: payment.merchantCode,
      environment: payment.environment,
      occurredAt: payment.occurredAt,
      description: `card payment ${payment.reference}`,
      fx: converted.fx,
      postings: transfer(platformAccount(payment.environment, 'card_clearing', base), to, converted.amount),
    });
    if (posted.created && live) {
      const dueAt = new Date(payment.occurredAt.getTime() + merchant.settlement_delay_days * DAY_MS);
      await this.settlements.schedule(tx, payment, { transactionId: posted.id, currency: base, amount: converted.amount.toFixed(2), dueAt });
    }
    return posted.created;
  }

  /**
   * A recorded dispute's amount, converted into the base currency at the rate of its time,
   * leaves the API wallet. An amount that converts to 0.00 books nothing (there is nothing
   * to move, and a posting of zero is refused).
   */
  async recordDispute(tx: SqlExecutor, dispute: DisputeEvent, baseCurrency: string): Promise<boolean> {
    const converted = await this.rates.convert(tx, new Decimal(dispute.amount), dispute.currency, baseCurrency, dispute.occurredAt);
    if (converted.amount.lte(0)) return false;
    return this.dispute(tx, 'debit', { ...dispute, amount: converted.amount, currency: baseCurrency });
  }

  /** A won dispute gives back exactly what its recording took, never a conversion at today's rate. */
  async winDispute(tx: SqlExecutor, dispute: Pick<DisputeEvent, 'id' | 'merchantCode' | 'environment' | 'occurredAt'>): Promise<boolean> {
    const debited = await this.entries.ownerPosting(tx, dispute, 'dispute_debit', dispute.id);
    if (!debited) return false;
    return this.dispute(tx, 'credit', { ...dispute, amount: new Decimal(debited.amount).abs(), currency: debited.currency.trim() });
  }

  /**
   * A recorded dispute takes its amount off the available balance, which may go negative
   * (`debit`); a won dispute gives it back (`credit`). Once per dispute and direction.
   */
  async dispute(
    tx: SqlExecutor,
    direction: 'debit' | 'credit',
    dispute: { id: string; merchantCode: string; environment: 'sandbox' | 'live'; amount: Decimal; currency: string; occurredAt: Date },
  ): Promise<boolean> {
    const available = merchantAccount(dispute.merchantCode, dispute.environment, 'api', 'available', dispute.currency);
    const platform = platformAccount(dispute.environment, 'disputes', dispute.currency);
    const posted = await this.journal.post(tx, {
      kind: direction === 'debit' ? 'dispute_debit' : 'dispute_credit',
      reference: dispute.id,
      merchantCode: dispute.merchantCode,
      environment: dispute.environment,
      occurredAt: dispute.occurredAt,
      postings: direction === 'debit' ? transfer(available, platform, dispute.amount) : transfer(platform, available, dispute.amount),
    });
    return posted.created;
  }

  /** An operator's correction: credit or debit any wallet's available part, with a reason. */
  async adjust(
    tx: SqlExecutor,
    input: {
      reference: string;
      merchantCode: string;
      environment: 'sandbox' | 'live';
      wallet: string;
      direction: 'credit' | 'debit';
      amount: Decimal;
      currency: string;
      reason: string;
      actor: string;
      now: Date;
    },
  ): Promise<{ id: string; created: boolean }> {
    const wallet = merchantAccount(input.merchantCode, input.environment, input.wallet, 'available', input.currency);
    const platform = platformAccount(input.environment, 'adjustments', input.currency);
    return this.journal.post(tx, {
      kind: 'adjustment',
      reference: input.reference,
      merchantCode: input.merchantCode,
      environment: input.environment,
      occurredAt: input.now,
      description: `${input.direction} by ${input.actor}: ${input.reason}`,
      postings: input.direction === 'credit' ? transfer(platform, wallet, input.amount) : transfer(wallet, platform, input.amount),
    });
  }
}
