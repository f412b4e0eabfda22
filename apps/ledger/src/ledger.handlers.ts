import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AdjustWallet,
  ApiError,
  DisputeRecorded,
  DisputeWon,
  ConfirmReservation,
  ConsumeReservation,
  FxRateChanged,
  GetBalance,
  GetWalletBalances,
  GetWithdrawableBalance,
  ListParkedEvents,
  ListUnconfirmedReservations,
  ReplayParkedEvent,
  OrderSucceededV1,
  PaymentPaidV1,
  ReleaseReservation,
  ReserveFunds,
  TrialBalance as TrialBalanceCommand,
  type RequestOf,
  Errors,
} from '@platform/contracts';
import { EventConsumer, RpcServer, callerOf } from '@platform/messaging';
import { parseWireAmount } from '@platform/money';
import type { SqlExecutor } from '@platform/persistence';
import { MerchantSettings, Clock, recordOperatorAction } from '@platform/service-kit';
import { DATABASE } from './database';
import { BalanceService } from './balances/balance.service';
import { Bookings, type CollectedPayment } from './bookings/bookings.service';
import { collectedFromOrder, collectedFromPayment } from './bookings/collected-payments';
import { FxRates } from './journal/fx-rates';
import { TrialBalance } from './journal/trial-balance';
import { ReservationsService } from './reservations/reservations.service';

/** The ledger's commands and the money events it books, each exactly once (inbox). */
@Injectable()
export class LedgerHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly events: EventConsumer,
    private readonly dataSource: DataSource,
    private readonly settings: MerchantSettings,
    private readonly bookings: Bookings,
    private readonly rates: FxRates,
    private readonly balances: BalanceService,
    private readonly reservations: ReservationsService,
    private readonly trialBalance: TrialBalance,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(GetBalance, (_, context) => this.balances.balance(callerOf(context)));
    this.rpc.handle(GetWithdrawableBalance, (_, context) => this.balances.withdrawable(callerOf(context)));
    this.rpc.handle(ReserveFunds, (request, context) => this.reservations.reserve(callerOf(context), request));
    this.rpc.handle(ConfirmReservation, (request, context) => this.reservations.confirm(callerOf(context), request.operation_id));
    this.rpc.handle(ReleaseReservation, (request, context) => this.reservations.release(callerOf(context), request.operation_id));
    this.rpc.handle(ConsumeReservation, (request, context) => this.reservations.consume(callerOf(context), request.operation_id));
    this.rpc.handle(ListParkedEvents, (query) => this.events.parked({ page: query.page, perPage: query.per_page, eventId: query.event_id }));
    // The audit entry commits with the replay's booking and its replayed mark (applied false: it had been booked before).
    this.rpc.handle(ReplayParkedEvent, (request) =>
      this.events.replay(request.id, (tx, applied) =>
        recordOperatorAction(tx, DATABASE.schema, {
          actor: request.operator,
          action: 'ledger.parked_event.replay',
          target: `ledger/parked-events/${request.id}`,
          before: null,
          after: { id: request.id, applied },
        }),
      ),
    );
    this.rpc.handle(ListUnconfirmedReservations, (request) => this.reservations.unconfirmed(request.kind, new Date(request.due_before), request.after));
    this.rpc.handle(GetWalletBalances, (request) => this.balances.wallets(request.merchant_code, request.environment));
    this.rpc.handle(TrialBalanceCommand, () => this.trialBalance.run());
    this.rpc.handle(AdjustWallet, (request) => this.adjust(request));

    this.events.on(PaymentPaidV1, (event, tx) => this.collect(tx, collectedFromPayment(event)));
    this.events.on(OrderSucceededV1, (event, tx) => this.collect(tx, collectedFromOrder(event)));
    this.events.on(DisputeRecorded, (event, tx) => this.dispute(tx, 'debit', event.payload, new Date(event.occurredAt)));
    this.events.on(DisputeWon, (event, tx) => this.dispute(tx, 'credit', event.payload, new Date(event.occurredAt)));
    this.events.on(FxRateChanged, (event, tx) => this.rates.record(tx, event.payload.currency_code, event.payload.usd_per_unit, event.payload.effective_at));
  }

  private async collect(tx: SqlExecutor, payment: CollectedPayment): Promise<void> {
    const merchant = await this.settings.current({ merchantCode: payment.merchantCode, environment: payment.environment });
    // Thrown, the event is retried: the merchant's settings may still be on their way.
    if (!merchant) throw new Error(`no settings for ${payment.merchantCode}/${payment.environment}`);
    await this.bookings.collect(tx, payment, merchant);
  }

  /** A recorded dispute leaves the API wallet at the rate of its time; a won one returns exactly what left. */
  private async dispute(
    tx: SqlExecutor,
    direction: 'debit' | 'credit',
    dispute: { dispute_id: string; merchant_code: string; environment: 'sandbox' | 'live'; amount: string; currency: string },
    occurredAt: Date,
  ): Promise<void> {
    const event = {
      id: dispute.dispute_id,
      merchantCode: dispute.merchant_code,
      environment: dispute.environment,
      amount: dispute.amount,
      currency: dispute.currency,
      occurredAt,
    };
    if (direction === 'credit') {
      await this.bookings.winDispute(tx, event);
      return;
    }
    const merchant = await this.settings.current({ merchantCode: dispute.merchant_code, environment: dispute.environment });
    if (!merchant) throw new Error(`no settings for ${dispute.merchant_code}/${dispute.environment}`);
    await this.bookings.recordDispute(tx, event, merchant.base_currency);
  }

  private async adjust(request: RequestOf<typeof AdjustWallet>) {
    const amount = parseWireAmount(request.amount);
    if (!amount || amount.lte(0))
      throw new ApiError(Errors.RequestSchemaInvalid, 'amount must be a positive decimal string with exactly 2 decimals', {
        errors: { amount: ['must be positive with 2 decimals'] },
      });
    // A merchant provisioned a moment ago may not have reached this copy yet: wait briefly for it.
    const merchant = await this.settings.current({ merchantCode: request.merchant_code, environment: request.environment });
    if (!merchant) throw new ApiError(Errors.ResourceNotFound, 'No such merchant environment');
    const posted = await this.dataSource.transaction(async (tx) => {
      const booked = await this.bookings.adjust(tx, {
        reference: `${request.merchant_code}:${request.environment}:${request.idempotency_key}`,
        merchantCode: request.merchant_code,
        environment: request.environment,
        wallet: request.wallet,
        direction: request.direction,
        amount,
        currency: merchant.base_currency,
        reason: request.reason,
        actor: request.actor,
        now: this.clock.now(),
      });
      // The audit entry leaves with the booking or not at all; a repeat under the same key books and announces nothing.
      if (booked.created)
        await recordOperatorAction(tx, DATABASE.schema, {
          actor: request.actor,
          action: 'wallet.adjust',
          target: `${request.merchant_code}/${request.environment}/wallets/${request.wallet}`,
          before: null,
          after: { wallet: request.wallet, direction: request.direction, amount: request.amount, reason: request.reason, transaction_id: booked.id },
        });
      return booked;
    });
    return { transaction_id: posted.id, created: posted.created };
  }
}
