import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ApiError,
  GetWithdrawableBalance,
  pageOf,
  type Caller,
  type IdempotencyKeyUse,
  type RequestDigest,
  type Withdrawal,
  Errors,
} from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { Decimal, parseWireAmount } from '@platform/money';
import { IdempotencyStore, type IdempotencyRecord, type IdempotentRequest } from '@platform/persistence';
import {
  checkFourEyes,
  Clock,
  CONFIG,
  eachIndependentlyInPages,
  type OwedReservationStep,
  MaintenanceFlags,
  MerchantSettings,
  ReservationOwner,
  recordOperatorAction,
} from '@platform/service-kit';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { BURN_ADDRESSES, tronAccountId } from './tron-address';
import { UsdtRates } from './usdt-rates';
import { canMove, ownerOf, type OperatorFilter } from '@platform/persistence';
import { WithdrawalRepository, toWithdrawal, type LedgerStep } from './withdrawal.repository';
import { WITHDRAWAL_MOVES, type WithdrawalUpdate } from './withdrawal-transitions';

type Scenario = 'sent' | 'rejected';

type ListFilter = { status: string | null; page: number; perPage: number };

interface WithdrawalRequest {
  body: { amount: string; address: string; address_acknowledged: true };
  fingerprint: string;
  scenario: Scenario | null;
  request_digest?: RequestDigest;
}

export const SANDBOX_REJECTION = 'Sandbox scenario: rejected';

/** Live waits for an operator (the reservation is kept); sandbox sends (debited) or rejects (released) at once. */
const OUTCOMES: Record<'live' | Scenario, { status: Withdrawal['status']; ledgerStep: LedgerStep }> = {
  live: { status: 'requested', ledgerStep: 'confirm' },
  sent: { status: 'sent', ledgerStep: 'consume' },
  rejected: { status: 'rejected', ledgerStep: 'release' },
};

/**
 * USDT (TRC20) withdrawals from the API wallet. The amount is reserved in the ledger (never
 * more than is available); live waits for an operator to send or reject, sandbox is sent
 * (synthetic hash, debited) or rejected (released) at once. A merchant environment's
 * requests are serialised, so the daily limit holds under parallel requests.
 */
@Injectable()
export class WithdrawalService {
  private readonly keys = new IdempotencyStore(DATABASE.schema);

  constructor(
    private readonly dataSource: DataSource,
    private readonly withdrawals: WithdrawalRepository,
    private readonly settings: MerchantSettings,
    private readonly maintenance: MaintenanceFlags,
    private readonly rates: UsdtRates,
    private readonly ledger: RpcClient,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.reservations = new ReservationOwner(ledger, 'withdrawal');
  }

  private readonly reservations: ReservationOwner;

  async request(caller: Caller, input: WithdrawalRequest, idempotencyKey: string): Promise<{ withdrawal: Withdrawal; scenario: Scenario | null }> {
    const now = this.clock.now();
    if (caller.environment === 'live' && input.scenario)
      throw new ApiError(Errors.RequestSchemaInvalid, 'X-CAV-Sandbox-Scenario is for sandbox keys only', {
        errors: { 'X-CAV-Sandbox-Scenario': ['is for sandbox keys only'] },
      });
    const request: IdempotentRequest = {
      scope: 'withdrawal.request',
      key: idempotencyKey,
      fingerprint: input.fingerprint,
      scenario: input.scenario,
      digest: input.request_digest,
    };
    const earlier = await this.keys.earlier(this.dataSource, caller, request);
    if (earlier) return replay(earlier);
    this.maintenance.assertOpen('withdrawals');
    const merchant = await this.settings.current(caller);
    if (!merchant) throw new ApiError(Errors.AuthCredentialsInvalid);
    const { amount, address } = this.checkRequest(caller, input.body);
    if (amount.lt(merchant.withdrawal_min_amount) || amount.lte(0))
      throw new ApiError(Errors.WithdrawalBelowMinimum, `the minimum withdrawal is ${merchant.withdrawal_min_amount} ${merchant.base_currency}`);
    const scenario: Scenario | null = caller.environment === 'sandbox' ? (input.scenario ?? 'sent') : null;
    const usdt = await this.rates.convert(amount, merchant.base_currency);
    const answer = await this.dataSource.transaction(async (tx) => {
      await this.keys.holdWhileRunning(tx, caller, request);
      await this.withdrawals.lockMerchant(tx, caller);
      const raced = await this.keys.earlier(tx, caller, request);
      if (raced) return { response: replay(raced), fresh: false };
      // Under the merchant's lock no other request can hold the key.
      if (!(await this.keys.claim(tx, caller, request))) throw new Error(`Idempotency-Key ${idempotencyKey} held outside the merchant lock`);
      const today = new Decimal(await this.withdrawals.withdrawnToday(tx, caller, now));
      if (today.plus(amount).gt(merchant.withdrawal_daily_limit)) {
        throw new ApiError(
          Errors.WithdrawalAboveDailyLimit,
          `the daily limit is ${merchant.withdrawal_daily_limit} ${merchant.base_currency}; ${today.toFixed(2)} requested today`,
        );
      }
      const balance = await this.ledger.request(GetWithdrawableBalance, {}, { caller });
      if (!balance.can_withdraw)
        throw new ApiError(Errors.WithdrawalBlockedNegativeBalance, 'a wallet balance is negative; withdrawals are blocked until it is settled');
      // Reserved now, unconfirmed: should this transaction not commit, reconcileReservations releases it.
      const id = await this.reservations.reserveForRequest(caller, idempotencyKey, { amount: amount.toFixed(2) });
      const outcome = OUTCOMES[scenario ?? 'live'];
      await this.withdrawals.insert(tx, {
        id,
        merchant_code: caller.merchantCode,
        environment: caller.environment,
        status: outcome.status,
        amount: amount.toFixed(2),
        currency: merchant.base_currency,
        address,
        usdt_amount: usdt.usdt,
        usdt_rate: usdt.rate,
        tx_hash: outcome.status === 'sent' ? randomBytes(32).toString('hex') : null,
        rejection_reason: outcome.status === 'rejected' ? SANDBOX_REJECTION : null,
        requested_at: now,
        processed_at: outcome.status === 'requested' ? null : now,
        created_at: now,
        ledger_step: outcome.ledgerStep,
      });
      const response = { withdrawal: toWithdrawal((await this.withdrawals.find(tx, caller, id))!), scenario };
      await this.keys.complete(tx, caller, request, response, id);
      return { response, fresh: true };
    });
    if (answer.fresh) await this.takeLedgerStep(caller, answer.response.withdrawal.id, OUTCOMES[scenario ?? 'live'].ledgerStep);
    return answer.response;
  }

  /** The caller's uses of a key for withdrawal requests (ADR 0034). */
  keyUses(caller: Caller, key: string): Promise<IdempotencyKeyUse[]> {
    return this.keys.inspect(this.dataSource, caller, key, ['withdrawal.request']);
  }

  /** Repeats the ledger steps lost between a commit and the ledger call; returns how many were done. */
  async completeLedgerSteps(): Promise<number> {
    const now = this.clock.now();
    const olderThan = new Date(now.getTime() - 10_000);
    return eachIndependentlyInPages<OwedReservationStep>(
      (after) => this.withdrawals.owingLedgerStep(this.dataSource, olderThan, after),
      (row) => this.takeLedgerStep({ merchantCode: row.merchant_code, environment: row.environment }, row.id, row.ledger_step),
      (row) => `withdrawal ${row.id} ${row.ledger_step}`,
    );
  }

  /**
   * Settles the withdrawal reservations the ledger holds unconfirmed past their window. Only
   * this service knows whether a request committed: under the merchant's lock (which a request
   * holds from before it reserves until it commits) a withdrawal row means keep the money and
   * take the row's step; no row means the request never committed, so the money is released.
   */
  async reconcileReservations(): Promise<number> {
    const now = this.clock.now();
    return this.reservations.reconcile(now, async (reservation, owner) => {
      const row = await this.dataSource.transaction(async (tx) => {
        await this.withdrawals.lockMerchant(tx, owner);
        return this.withdrawals.find(tx, owner, reservation.operation_id);
      });
      return !row ? 'release' : (row.ledger_step ?? (row.status === 'requested' ? 'confirm' : row.status === 'sent' ? 'consume' : 'release'));
    });
  }

  /** Confirms, consumes or releases the reservation of a withdrawal; each is idempotent, and the reply is checked. */
  private async takeLedgerStep(caller: Caller, id: string, step: LedgerStep): Promise<void> {
    await this.reservations.take(caller, id, step);
    await this.withdrawals.setLedgerStep(this.dataSource, caller, id, null);
  }

  async get(caller: Caller, id: string): Promise<Withdrawal> {
    const row = await this.withdrawals.find(this.dataSource, caller, id);
    if (!row) throw new ApiError(Errors.ResourceNotFound, 'No withdrawal with this id');
    return toWithdrawal(row);
  }

  async list(owner: Caller, filter: ListFilter) {
    const { rows, total } = await this.withdrawals.list(this.dataSource, { ...filter, owner }, filter.perPage, (filter.page - 1) * filter.perPage);
    return pageOf(rows.map(toWithdrawal), total, filter.page, filter.perPage);
  }

  /** Every merchant's withdrawals, each with its merchant code. */
  async listForOperator(filter: OperatorFilter<ListFilter>) {
    const { rows, total } = await this.withdrawals.listForOperator(this.dataSource, filter, filter.perPage, (filter.page - 1) * filter.perPage);
    return pageOf(
      rows.map((row) => ({ ...toWithdrawal(row), merchant_code: row.merchant_code, approved_by: row.approved_by ?? null })),
      total,
      filter.page,
      filter.perPage,
    );
  }

  /**
   * An operator's decision in one transaction with the four-eyes rule: the USDT sent
   * (reservation consumed) or rejected (released); an approval records who
   * approved (once); from its currency's FOUR_EYES_MIN_AMOUNTS, a withdrawal is sent only after
   * an approval, by another operator than the approver.
   */
  async decide(
    id: string,
    decision: ({ action: 'approve' } | { action: 'send'; tx_hash: string } | { action: 'reject'; reason: string }) & { operator: string },
  ) {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => {
      const row = await this.withdrawals.findForOperator(tx, id, true);
      if (!row) throw new ApiError(Errors.ResourceNotFound, 'No withdrawal with this id');
      const conflict = () => new ApiError(Errors.ResourceStateConflict, `cannot ${decision.action} a withdrawal that is ${row.status}`);
      const caller = ownerOf(row);
      if (decision.action === 'approve') {
        if (row.status !== 'requested') throw conflict();
        if (row.approved_by && row.approved_by !== decision.operator)
          throw new ApiError(Errors.ResourceStateConflict, `${row.approved_by} approved this withdrawal already`);
        if (!row.approved_by) await this.withdrawals.approve(tx, row.id, decision.operator, now);
      } else {
        const update: WithdrawalUpdate =
          decision.action === 'send' ? { move: 'send', tx_hash: decision.tx_hash } : { move: 'reject', rejection_reason: decision.reason };
        if (!canMove(WITHDRAWAL_MOVES, update.move, row.status)) throw conflict();
        if (update.move === 'send')
          checkFourEyes(
            this.config.FOUR_EYES_MIN_AMOUNTS,
            { amount: row.amount, currency: row.currency, approvedBy: row.approved_by ?? null },
            decision.operator,
            'sent',
          );
        await this.reservations.take(caller, row.id, update.move === 'send' ? 'consume' : 'release');
        if (!(await this.withdrawals.transition(tx, caller, row.id, update, now))) throw conflict();
      }
      const after = (await this.withdrawals.find(tx, caller, id))!;
      const result = { before: toWithdrawal(row), after: { ...toWithdrawal(after), merchant_code: row.merchant_code, approved_by: after.approved_by ?? null } };
      // The audit entry leaves with the change or not at all.
      await recordOperatorAction(tx, DATABASE.schema, {
        actor: decision.operator,
        action: `withdrawal.${decision.action}`,
        target: `${row.merchant_code}/withdrawals/${row.id}`,
        before: result.before,
        after: result.after,
      });
      return result;
    });
  }

  private checkRequest(caller: Caller, body: WithdrawalRequest['body']): { amount: Decimal; address: string } {
    const amount = parseWireAmount(body.amount);
    if (!amount)
      throw new ApiError(Errors.RequestSchemaInvalid, 'amount must be a decimal string with exactly 2 decimals', {
        errors: { amount: ['must be a positive amount with exactly 2 decimals'] },
      });
    if (!tronAccountId(body.address))
      throw new ApiError(Errors.RequestSchemaInvalid, 'address is not a valid TRON address', { errors: { address: ['must be a valid TRON (TRC20) address'] } });
    if (caller.environment === 'live' && BURN_ADDRESSES.has(body.address))
      throw new ApiError(Errors.WithdrawalBurnAddressRefused, 'USDT sent to a burn address is lost');
    return { amount, address: body.address };
  }
}

/** A repeat of a request answers what the first one answered. */
function replay(earlier: IdempotencyRecord): { withdrawal: Withdrawal; scenario: Scenario | null } {
  return earlier.response as { withdrawal: Withdrawal; scenario: Scenario | null };
}
