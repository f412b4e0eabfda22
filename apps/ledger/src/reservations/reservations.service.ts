import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, type Caller, type Reservation, type Wallet, Errors } from '@platform/contracts';
import { Decimal, parseWireAmount } from '@platform/money';
import { ownerOf, type SqlExecutor } from '@platform/persistence';
import { Clock, MerchantSettings } from '@platform/service-kit';
import { SettlementRepository } from '../bookings/settlement.repository';
import { Journal } from '../journal/journal';
import { JournalRepository } from '../journal/journal.repository';
import { merchantAccount, platformAccount, transfer } from '../journal/postings';
import { ReservationRepository, type ReservationRow, type UnconfirmedPosition, type UnconfirmedReservation } from './reservation.repository';

type ReserveRequest = {
  operation_id: string;
  kind: 'refund' | 'withdrawal';
  wallet: Wallet;
  amount?: string;
  payment_reference?: string;
  confirm_within_seconds: number;
};

/**
 * Money set aside for a refund or a withdrawal: reserve moves it from available to
 * reserved (never more than is available, checked under the account lock), release moves
 * it back, consume lets it leave. Every call is idempotent by operation id.
 */
@Injectable()
export class ReservationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly journal: Journal,
    private readonly settings: MerchantSettings,
    private readonly clock: Clock,
    private readonly reservations: ReservationRepository = new ReservationRepository(),
    private readonly settlements: SettlementRepository = new SettlementRepository(),
    private readonly entries: JournalRepository = new JournalRepository(),
  ) {}

  async reserve(caller: Caller, request: ReserveRequest): Promise<Reservation> {
    const now = this.clock.now();
    const merchant = await this.settings.current(caller);
    if (!merchant) throw new ApiError(Errors.AuthCredentialsInvalid);
    const currency = merchant.base_currency;
    const source = request.payment_reference ? await this.paymentSource(caller, request.payment_reference) : await this.walletSource(request);
    try {
      return await this.dataSource.transaction(async (tx) => {
        const settlement = source.transactionId ? await this.settlements.lockFree(tx, caller, source.transactionId) : undefined;
        const part = settlement ? 'pending_settlement' : 'available';
        const from = merchantAccount(caller.merchantCode, caller.environment, request.wallet, part, currency);
        const reserved = merchantAccount(caller.merchantCode, caller.environment, request.wallet, 'reserved', currency);
        const [balance] = await this.journal.lockBalances(tx, [from, reserved]);
        const earlier = await this.assertNotRepeat(tx, caller, request, source.amount);
        if (earlier) return earlier;
        if (request.payment_reference && (await this.reservations.paymentReferenceTaken(tx, request.payment_reference))) {
          throw new ApiError(Errors.ResourceStateConflict, `${request.payment_reference} already has a reversal reserved`);
        }
        if (part === 'available' && balance!.lt(source.amount))
          throw new ApiError(Errors.BalanceInsufficient, `the ${request.wallet} wallet has ${balance!.toFixed(2)} ${currency} available`);
        await this.journal.post(tx, {
          kind: 'reserve',
          reference: request.operation_id,
          merchantCode: caller.merchantCode,
          environment: caller.environment,
          occurredAt: now,
          description: `${request.kind} ${request.operation_id}`,
          postings: transfer(from, reserved, source.amount),
        });
        if (settlement) await this.settlements.hold(tx, settlement.transaction_id, request.operation_id);
        const row = await this.reservations.insert(tx, caller, {
          operation_id: request.operation_id,
          kind: request.kind,
          wallet: request.wallet,
          currency,
          amount: source.amount.toFixed(2),
          confirm_by: new Date(now.getTime() + request.confirm_within_seconds * 1000),
          source_part: part,
          payment_reference: request.payment_reference ?? null,
        });
        return toReservation(row);
      });
    } catch (error) {
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code === '23505' && constraint === 'reservations_one_per_payment')
        throw new ApiError(Errors.ResourceStateConflict, `${request.payment_reference} already has a reversal reserved`);
      // The same operation reserved in parallel: the one that committed first is the answer.
      if (code === '23505') {
        const earlier = await this.assertNotRepeat(this.dataSource, caller, request, source.amount);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  private async walletSource(request: ReserveRequest): Promise<{ amount: Decimal; transactionId?: string }> {
    const amount = parseWireAmount(request.amount);
    if (!amount || amount.lte(0))
      throw new ApiError(Errors.RequestSchemaInvalid, 'amount must be a positive decimal string with exactly 2 decimals', {
        errors: { amount: ['must be positive with 2 decimals'] },
      });
    return { amount };
  }

  /** What the payment was booked at; it may be on its way from the payment event, so wait briefly. */
  private async paymentSource(caller: Caller, reference: string, waitMs = 3000): Promise<{ amount: Decimal; transactionId: string }> {
    for (let waited = 0; ; waited += 100) {
      const booked = await this.entries.ownerPosting(this.dataSource, caller, 'payment', reference);
      if (booked) return { amount: new Decimal(booked.amount), transactionId: booked.transaction_id };
      if (waited >= waitMs)
        throw new ApiError(Errors.ResourceStateConflict, 'The payment is not booked on the balance yet; repeat the request unchanged shortly', {
          metadata: { audit_event: 'ledger.payment_not_booked_yet', retry_class: 'retry_unchanged' },
        });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  confirm(caller: Caller, operationId: string): Promise<Reservation> {
    return this.dataSource.transaction(async (tx) => {
      const row = await this.owned(tx, caller, operationId);
      // A released or consumed reservation cannot be confirmed: the owner must not believe its money is still held.
      if (row.status !== 'reserved') throw new ApiError(Errors.ResourceStateConflict, `reservation ${row.operation_id} is already ${row.status}`);
      if (row.confirmed) return toReservation(row);
      return toReservation(await this.reservations.confirm(tx, caller, operationId));
    });
  }

  release(caller: Caller, operationId: string): Promise<Reservation> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => this.finish(tx, await this.owned(tx, caller, operationId), 'released', now));
  }

  consume(caller: Caller, operationId: string): Promise<Reservation> {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => this.finish(tx, await this.owned(tx, caller, operationId), 'consumed', now));
  }

  /**
   * Reservations whose owner has not confirmed them in time. The ledger never releases them
   * by itself: only the owner knows whether the operation committed (ADR 0012).
   */
  async unconfirmed(kind: 'refund' | 'withdrawal', dueBefore: Date, after?: UnconfirmedPosition): Promise<UnconfirmedReservation[]> {
    return this.reservations.unconfirmed(this.dataSource, kind, dueBefore, after);
  }

  private async finish(tx: SqlExecutor, row: ReservationRow, to: 'released' | 'consumed', now: Date): Promise<Reservation> {
    if (row.status === to) return toReservation(row);
    if (row.status !== 'reserved') throw new ApiError(Errors.ResourceStateConflict, `reservation ${row.operation_id} is already ${row.status}`);
    const reserved = merchantAccount(row.merchant_code, row.environment, row.wallet, 'reserved', row.currency);
    const destination =
      to === 'released'
        ? merchantAccount(row.merchant_code, row.environment, row.wallet, row.source_part, row.currency)
        : platformAccount(row.environment, row.kind === 'refund' ? 'refunds_paid' : 'payouts_sent', row.currency);
    await this.journal.post(tx, {
      kind: to === 'released' ? 'release' : 'consume',
      reference: row.operation_id,
      merchantCode: row.merchant_code,
      environment: row.environment,
      occurredAt: now,
      description: `${row.kind} ${row.operation_id}`,
      postings: transfer(reserved, destination, new Decimal(row.amount)),
    });
    // Released, the payment settles as planned; consumed, it never will.
    if (row.source_part === 'pending_settlement') await this.settlements.endHold(tx, row.operation_id, to, now);
    return toReservation(await this.reservations.finish(tx, ownerOf(row), row.operation_id, to, now));
  }

  private repeat(earlier: ReservationRow, caller: Caller, request: { kind: string; wallet: string }, amount: Decimal): Reservation {
    const same =
      earlier.merchant_code === caller.merchantCode &&
      earlier.environment === caller.environment &&
      earlier.kind === request.kind &&
      earlier.wallet === request.wallet &&
      new Decimal(earlier.amount).eq(amount);
    if (!same) throw new ApiError(Errors.ResourceStateConflict, `operation ${earlier.operation_id} already reserved a different amount`);
    return toReservation(earlier);
  }

  /** The caller's earlier reservation under this operation id, if it asked the same; another owner's use of the id is a conflict. */
  private async assertNotRepeat(
    tx: SqlExecutor,
    caller: Caller,
    request: { operation_id: string; kind: string; wallet: string },
    amount: Decimal,
  ): Promise<Reservation | undefined> {
    const earlier = await this.reservations.find(tx, caller, request.operation_id);
    if (earlier) return this.repeat(earlier, caller, request, amount);
    if (await this.reservations.isTaken(tx, request.operation_id))
      throw new ApiError(Errors.ResourceStateConflict, `operation ${request.operation_id} already reserved a different amount`);
    return undefined;
  }

  private async owned(tx: SqlExecutor, caller: Caller, operationId: string): Promise<ReservationRow> {
    const row = await this.reservations.find(tx, caller, operationId, true);
    if (!row) throw new ApiError(Errors.ResourceNotFound, 'No reservation for this operation');
    return row;
  }
}

function toReservation(row: ReservationRow): Reservation {
  return {
    operation_id: row.operation_id,
    kind: row.kind,
    wallet: row.wallet,
    amount: row.amount,
    currency_code: row.currency.trim(),
    status: row.status,
    confirmed: row.confirmed,
  };
}
