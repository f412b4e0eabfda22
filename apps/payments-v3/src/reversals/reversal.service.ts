import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, ReserveFunds, pageOf, type Caller, type RequestDigest, type Reversal, Errors } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import {
  canMove,
  IdempotencyStore,
  ownerOf,
  type IdempotencyRecord,
  type IdempotentRequest,
  type OperatorFilter,
  type SqlExecutor,
} from '@platform/persistence';
import {
  checkFourEyes,
  Clock,
  CONFIG,
  eachIndependentlyInPages,
  type OwedReservationStep,
  operationIdFor,
  recordOperatorAction,
  ReservationOwner,
} from '@platform/service-kit';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { PaymentRepository } from '../payments/payment.repository';
import { publishRefunded } from './refund-events';
import { ReversalRepository, toReversal, type LedgerStep, type ReversalRow } from './reversal.repository';
import { REVERSAL_MOVES, type ReversalUpdate } from './reversal-transitions';

type Scenario = 'completed' | 'rejected';

type ListFilter = { status: string | null; operation: string | null; page: number; perPage: number };

interface ReversalRequest {
  body: { payment_code: string; operation_type: 'refund' | 'void'; reason: string };
  fingerprint: string;
  scenario: Scenario | null;
  request_digest?: RequestDigest;
}

/** What a committed reversal in each state does with its reservation; any other state releases it. */
const HELD_BY: Partial<Record<Reversal['status'], LedgerStep>> = { awaiting_provider_manual: 'confirm', completed: 'consume' };

/**
 * Refunds and voids of paid payments, always of the full amount. Live: requested, then
 * the operator approves (ledger reservation), records the provider's reference (ledger
 * debit, payment.refunded) or rejects/cancels (reservation released). Sandbox: completed
 * at once against the virtual wallet, or rejected, by scenario. The payment's row lock
 * serialises requests, so a payment has at most one open or completed reversal.
 */
@Injectable()
export class ReversalService {
  private readonly keys = new IdempotencyStore(DATABASE.schema);

  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    private readonly reversals: ReversalRepository,
    private readonly ledger: RpcClient,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    this.reservations = new ReservationOwner(ledger, 'refund');
  }

  private readonly reservations: ReservationOwner;

  async request(caller: Caller, input: ReversalRequest, idempotencyKey: string): Promise<{ reversal: Reversal; scenario: Scenario | null }> {
    const now = this.clock.now();
    if (caller.environment === 'live' && input.scenario)
      throw new ApiError(Errors.RequestSchemaInvalid, 'X-CAV-Sandbox-Scenario is for sandbox keys only', {
        errors: { 'X-CAV-Sandbox-Scenario': ['is for sandbox keys only'] },
      });
    const request: IdempotentRequest = {
      scope: 'reversal.request',
      key: idempotencyKey,
      fingerprint: input.fingerprint,
      scenario: input.scenario,
      digest: input.request_digest,
    };
    const earlier = await this.keys.earlier(this.dataSource, caller, request);
    if (earlier) return replay(earlier);
    const scenario: Scenario | null = caller.environment === 'sandbox' ? (input.scenario ?? 'completed') : null;
    const answer = await this.dataSource.transaction(async (tx) => {
      await this.keys.holdWhileRunning(tx, caller, request);
      const payment = await this.payments.findByCode(tx, caller, input.body.payment_code, true);
      if (!payment) throw new ApiError(Errors.ResourceNotFound, 'No payment with this code');
      // A parallel request with the same key committed while this one waited for the row.
      const raced = await this.keys.earlier(tx, caller, request);
      if (raced) return { repeat: raced };
      // The key is claimed before any work: a parallel request with it (for another payment) waits here, then loses.
      if (!(await this.keys.claim(tx, caller, request))) return { lostRace: true };
      if (payment.status !== 'paid') throw new ApiError(Errors.ReversalPaymentNotPaid, `payment ${payment.code} is ${payment.status}`);
      if (await this.reversals.openOrCompletedFor(tx, caller, payment.id))
        throw new ApiError(Errors.ReversalAlreadyExists, `payment ${payment.code} already has an open or completed reversal`);
      let id = operationIdFor('refund', caller, idempotencyKey);
      // The virtual wallet is debited: what the payment was booked at is reserved now (released
      // by reconcileReservations should this transaction not commit) and consumed after the commit.
      if (scenario === 'completed') id = await this.reservations.reserveForRequest(caller, idempotencyKey, { payment_reference: `v3:${payment.code}` });
      const base = {
        id,
        payment_id: payment.id,
        merchant_code: caller.merchantCode,
        environment: caller.environment,
        operation: input.body.operation_type,
        amount: payment.amount,
        currency: payment.currency_code,
        reason: input.body.reason,
        created_at: now,
      };
      if (scenario === 'completed') {
        await this.reversals.insert(tx, {
          ...base,
          status: 'completed',
          provider_reference: `SBX-${randomBytes(8).toString('hex').toUpperCase()}`,
          provider_refunded_at: now,
          updated_at: now,
          ledger_step: 'consume',
        });
      } else {
        await this.reversals.insert(tx, {
          ...base,
          status: scenario === 'rejected' ? 'rejected' : 'requested',
          provider_reference: null,
          provider_refunded_at: null,
          updated_at: scenario ? now : null,
          ledger_step: null,
        });
      }
      const row = (await this.reversals.find(tx, caller, id))!;
      // A sandbox refund is created completed: it had no status before.
      if (row.status === 'completed') await publishRefunded(tx, row, payment, null, now);
      const response = { reversal: toReversal(row), scenario };
      await this.keys.complete(tx, caller, request, response, row.id);
      return { response };
    });
    if ('lostRace' in answer) return replay((await this.keys.earlier(this.dataSource, caller, request))!);
    if ('repeat' in answer) return replay(answer.repeat!);
    if (answer.response.reversal.status === 'completed') await this.takeLedgerStep(caller, answer.response.reversal.id, 'consume');
    return answer.response;
  }

  /** Repeats the ledger steps lost between a commit and the ledger call; returns how many were done. */
  async completeLedgerSteps(): Promise<number> {
    const now = this.clock.now();
    const olderThan = new Date(now.getTime() - 10_000);
    return eachIndependentlyInPages<OwedReservationStep>(
      (after) => this.reversals.owingLedgerStep(this.dataSource, olderThan, after),
      (row) => this.takeLedgerStep({ merchantCode: row.merchant_code, environment: row.environment }, row.id, row.ledger_step),
      (row) => `reversal ${row.id} ${row.ledger_step}`,
    );
  }

  /**
   * Settles the refund reservations the ledger holds unconfirmed past their window. Only this
   * service knows whether the operation committed: a request holds the payment's row and a
   * decision the reversal's from before they reserve until they commit, so under both locks a
   * reversal that holds the money keeps it (its step is taken) and anything else releases it.
   */
  async reconcileReservations(): Promise<number> {
    const now = this.clock.now();
    return this.reservations.reconcile(now, async (reservation, owner) => {
      const row = await this.dataSource.transaction(async (tx) => {
        const paymentCode = reservation.payment_reference?.replace(/^v3:/, '');
        if (paymentCode) await this.payments.findByCode(tx, owner, paymentCode, true);
        return this.reversals.find(tx, owner, reservation.operation_id, true);
      });
      return row ? (row.ledger_step ?? HELD_BY[row.status] ?? 'release') : 'release';
    });
  }

  private async takeLedgerStep(caller: Caller, id: string, step: LedgerStep): Promise<void> {
    await this.reservations.take(caller, id, step);
    await this.reversals.clearLedgerStep(this.dataSource, caller, id);
  }

  /** Reserves what the payment was booked at under the reversal's id, unconfirmed until the reversal has committed. */
  private async reserve(caller: Caller, id: string, paymentCode: string): Promise<void> {
    await this.ledger.request(
      ReserveFunds,
      { operation_id: id, kind: 'refund', wallet: 'api', payment_reference: `v3:${paymentCode}`, confirm_within_seconds: 300 },
      { caller },
    );
  }

  async get(caller: Caller, id: string): Promise<Reversal> {
    const row = await this.reversals.find(this.dataSource, caller, id);
    if (!row) throw new ApiError(Errors.ResourceNotFound, 'No reversal with this id');
    return toReversal(row);
  }

  async list(owner: Caller, filter: ListFilter) {
    const { rows, total } = await this.reversals.list(this.dataSource, { ...filter, owner }, filter.perPage, (filter.page - 1) * filter.perPage);
    return pageOf(rows.map(toReversal), total, filter.page, filter.perPage);
  }

  /** Every merchant's reversals, each with its merchant code. */
  async listForOperator(filter: OperatorFilter<ListFilter>) {
    const { rows, total } = await this.reversals.listForOperator(this.dataSource, filter, filter.perPage, (filter.page - 1) * filter.perPage);
    return pageOf(
      rows.map((row) => ({ ...toReversal(row), merchant_code: row.merchant_code, approved_by: row.approved_by ?? null })),
      total,
      filter.page,
      filter.perPage,
    );
  }

  /**
   * An operator's decision; the ledger call is idempotent by the reversal id, so a repeated
   * decision is safe. From its currency's FOUR_EYES_MIN_AMOUNTS, the approver may not be the
   * one who completes it.
   */
  async decide(
    id: string,
    decision: ({ action: 'approve' } | { action: 'complete'; provider_reference: string } | { action: 'reject' } | { action: 'cancel' }) & { operator: string },
  ) {
    const now = this.clock.now();
    const result = await this.dataSource.transaction(async (tx) => {
      const row = await this.reversals.findForOperator(tx, id, true);
      if (!row) throw new ApiError(Errors.ResourceNotFound, 'No reversal with this id');
      const caller = ownerOf(row);
      const conflict = () => new ApiError(Errors.ResourceStateConflict, `cannot ${decision.action} a reversal that is ${row.status}`);
      const update: ReversalUpdate =
        decision.action === 'complete'
          ? { move: 'complete', provider_reference: decision.provider_reference, provider_refunded_at: now }
          : { move: decision.action };
      if (!canMove(REVERSAL_MOVES, update.move, row.status)) throw conflict();
      if (update.move === 'complete')
        checkFourEyes(
          this.config.FOUR_EYES_MIN_AMOUNTS,
          { amount: row.amount, currency: row.currency, approvedBy: row.approved_by ?? null },
          decision.operator,
          'completed',
        );
      switch (update.move) {
        case 'approve':
          await this.reserve(caller, row.id, row.payment_code);
          break;
        case 'complete':
          await this.reservations.take(caller, row.id, 'consume');
          break;
        case 'reject':
        case 'cancel':
          if (row.status === 'awaiting_provider_manual') await this.reservations.take(caller, row.id, 'release');
          break;
      }
      if (!(await this.reversals.transition(tx, caller, row.id, update, now))) throw conflict();
      if (update.move === 'approve') await this.reversals.recordApprover(tx, row.id, decision.operator);
      const after = (await this.reversals.find(tx, caller, id))!;
      if (after.status === 'completed') await this.publishCompleted(tx, caller, after, row.status, now);
      const [before, changed] = [toReversal(row), { ...toReversal(after), merchant_code: row.merchant_code, approved_by: after.approved_by ?? null }];
      // The audit entry leaves with the change or not at all.
      await recordOperatorAction(tx, DATABASE.schema, {
        actor: decision.operator,
        action: `reversal.${decision.action}`,
        target: `${row.merchant_code}/reversals/${row.id}`,
        before,
        after: changed,
      });
      return { before, after: changed, caller };
    });
    if (decision.action === 'approve') await this.takeLedgerStep(result.caller, id, 'confirm');
    return { before: result.before, after: result.after };
  }

  private async publishCompleted(tx: SqlExecutor, caller: Caller, row: ReversalRow, previousStatus: ReversalRow['status'], now: Date): Promise<void> {
    const payment = (await this.payments.findByCode(tx, caller, row.payment_code))!;
    await publishRefunded(tx, row, payment, previousStatus, now);
  }
}

/** A repeat of a request answers what the first one answered. */
function replay(earlier: IdempotencyRecord): { reversal: Reversal; scenario: Scenario | null } {
  return earlier.response as { reversal: Reversal; scenario: Scenario | null };
}
