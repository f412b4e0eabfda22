import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ApiError,
  DisputeRecorded,
  DisputeWon,
  GetPayment,
  pageOf,
  type Caller,
  type Dispute,
  type IdempotencyKeyUse,
  type RequestDigest,
  type RequestOf,
  type RecordDispute,
  Errors,
} from '@platform/contracts';
import { OutboxWriter, RpcClient } from '@platform/messaging';
import { canMove, IdempotencyStore, ownerOf, type IdempotentRequest, type OperatorFilter, type SqlExecutor } from '@platform/persistence';
import { DATABASE } from '../database';
import { DisputeRepository, toDispute, type DisputeRow } from './dispute.repository';
import { DISPUTE_MOVES, type DisputeUpdate } from './dispute-transitions';
import { Clock, recordOperatorAction } from '@platform/service-kit';

const outbox = new OutboxWriter(DATABASE.schema);
const keys = new IdempotencyStore(DATABASE.schema);
const SANDBOX_EVIDENCE_DAYS = 7;
const CLOSED = new Set<Dispute['status']>(['won', 'lost']);

type ListFilter = { status: string | null; page: number; perPage: number };

/**
 * Disputes: recorded by operators from the banks (or in sandbox by the merchant), moved to
 * review and resolved by operators, answered with evidence by merchants. Recording debits
 * the balance and winning credits it back, through events the ledger books once.
 */
@Injectable()
export class DisputeService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly disputes: DisputeRepository,
    private readonly rpc: RpcClient,
    private readonly clock: Clock,
  ) {}

  async get(caller: Caller, id: string): Promise<Dispute> {
    const row = await this.disputes.find(this.dataSource, caller, id);
    if (!row) throw new ApiError(Errors.ResourceNotFound, 'No dispute with this id');
    return toDispute(row);
  }

  async list(owner: Caller, filter: ListFilter) {
    const { rows, total } = await this.disputes.list(this.dataSource, { ...filter, owner }, filter.perPage, (filter.page - 1) * filter.perPage);
    return pageOf(rows.map(toDispute), total, filter.page, filter.perPage);
  }

  /** Every merchant's disputes, each with its merchant code. */
  async listForOperator(filter: OperatorFilter<ListFilter>) {
    const { rows, total } = await this.disputes.listForOperator(this.dataSource, filter, filter.perPage, (filter.page - 1) * filter.perPage);
    return pageOf(
      rows.map((row) => ({ ...toDispute(row), merchant_code: row.merchant_code })),
      total,
      filter.page,
      filter.perPage,
    );
  }

  /**
   * The merchant's evidence note: before `evidence_due_at`, while the dispute is not resolved.
   * The same key and note return the first answer; a new key replaces the note; the status stays.
   */
  async submitEvidence(caller: Caller, id: string, note: string, fingerprint: string, key: string, digest?: RequestDigest): Promise<Dispute> {
    const now = this.clock.now();
    const request: IdempotentRequest = { scope: 'dispute.evidence', key, fingerprint, scenario: null, target: id, digest };
    const answer = await this.dataSource.transaction(async (tx): Promise<Dispute | undefined> => {
      const earlier = await keys.earlier(tx, caller, request);
      if (earlier) return earlier.response as Dispute;
      const row = await this.disputes.find(tx, caller, id, true);
      if (!row) throw new ApiError(Errors.ResourceNotFound, 'No dispute with this id');
      const raced = await keys.earlier(tx, caller, request);
      if (raced) return raced.response as Dispute;
      if (CLOSED.has(row.status)) throw new ApiError(Errors.ResourceStateConflict, `the dispute is ${row.status}; evidence is no longer accepted`);
      if (row.evidence_due_at && now.getTime() >= new Date(row.evidence_due_at).getTime()) {
        throw new ApiError(Errors.ResourceStateConflict, `evidence was due by ${new Date(row.evidence_due_at).toISOString()}`);
      }
      // The key is claimed before the note is written: a parallel request with it (for another dispute) waits here, then loses.
      if (!(await keys.claim(tx, caller, request))) return undefined;
      await this.disputes.setEvidence(tx, caller, id, note, now);
      const dispute = toDispute((await this.disputes.find(tx, caller, id))!);
      await keys.complete(tx, caller, request, dispute);
      return dispute;
    });
    return answer ?? ((await keys.earlier(this.dataSource, caller, request))!.response as Dispute);
  }

  /** A sandbox dispute on a paid payment of the caller's own sandbox key, created in the scenario's state. */
  async createSandbox(
    caller: Caller,
    body: { payment_code: string; scenario?: 'open' | 'won' | 'lost'; reason: Dispute['reason'] },
    fingerprint: string,
    key: string,
    digest?: RequestDigest,
  ): Promise<Dispute> {
    const now = this.clock.now();
    if (caller.environment !== 'sandbox') throw new ApiError(Errors.AuthCredentialsInvalid, 'Sandbox disputes are for sandbox keys only', {}, 403);
    const request: IdempotentRequest = { scope: 'dispute.sandbox', key, fingerprint, scenario: null, digest };
    const earlier = await keys.earlier(this.dataSource, caller, request);
    if (earlier) return this.get(caller, earlier.resource_id!);
    const payment = await this.paidPayment(caller, body.payment_code);
    const scenario = body.scenario ?? 'open';
    const created = await this.dataSource.transaction(async (tx) => {
      const id = randomUUID();
      const row = {
        id,
        merchant_code: caller.merchantCode,
        environment: caller.environment,
        service: 'api' as const,
        payment_code: payment.payment_code,
        amount: payment.amount,
        currency: payment.currency,
        status: scenario,
        reason: body.reason,
        reason_note: null,
        occurred_on: now.toISOString().slice(0, 10),
        evidence_due_at: new Date(now.getTime() + SANDBOX_EVIDENCE_DAYS * 86_400_000),
        resolved_at: scenario === 'open' ? null : now,
        created_at: now,
      };
      if (!(await keys.claimCompleted(tx, caller, request, id))) return undefined;
      await this.disputes.insert(tx, row);
      await this.publish(tx, 'recorded', row);
      if (scenario === 'won') await this.publish(tx, 'won', row);
      return id;
    });
    if (!created) return this.get(caller, (await keys.earlier(this.dataSource, caller, request))!.resource_id!);
    return toDispute((await this.disputes.find(this.dataSource, caller, created))!);
  }

  /** The caller's uses of a key for evidence and sandbox disputes; the operator's `dispute.record` keys are not the merchant's (ADR 0034). */
  keyUses(caller: Caller, key: string): Promise<IdempotencyKeyUse[]> {
    return keys.inspect(this.dataSource, caller, key, ['dispute.evidence', 'dispute.sandbox']);
  }

  /** A dispute a bank raised, recorded by an operator: the amount is debited at once, once per Idempotency-Key. */
  async record(request: RequestOf<typeof RecordDispute>) {
    const now = this.clock.now();
    const caller: Caller = { merchantCode: request.merchant_code, environment: request.environment };
    const { idempotency_key: key, fingerprint, operator: _operator, ...body } = request;
    const keyed: IdempotentRequest = { scope: 'dispute.record', key, fingerprint, scenario: null };
    const earlier = await keys.earlier(this.dataSource, caller, keyed);
    if (earlier) return this.repeatRecord(caller, earlier.resource_id!);
    if (body.payment_code) await this.paidPayment(caller, body.payment_code);
    const id = randomUUID();
    const created = await this.dataSource.transaction(async (tx) => {
      // A parallel retry with the same key waits here, then answers as a repeat.
      if (!(await keys.claimCompleted(tx, caller, keyed, id))) return false;
      const row = {
        id,
        merchant_code: body.merchant_code,
        environment: body.environment,
        service: body.service,
        payment_code: body.payment_code ?? null,
        amount: body.amount,
        currency: body.currency,
        status: 'open' as const,
        reason: body.reason,
        reason_note: body.reason_note ?? null,
        occurred_on: body.occurred_on ?? now.toISOString().slice(0, 10),
        evidence_due_at: body.evidence_due_at ? new Date(body.evidence_due_at) : null,
        resolved_at: null,
        created_at: now,
      };
      await this.disputes.insert(tx, row);
      await this.publish(tx, 'recorded', row);
      // The audit entry leaves with the change or not at all; a repeat records nothing.
      await recordOperatorAction(tx, DATABASE.schema, {
        actor: request.operator,
        action: 'dispute.record',
        target: `${row.merchant_code}/disputes/${id}`,
        before: null,
        after: { ...toDispute((await this.disputes.find(tx, caller, id))!), merchant_code: row.merchant_code },
      });
      return true;
    });
    if (!created) return this.repeatRecord(caller, (await keys.earlier(this.dataSource, caller, keyed))!.resource_id!);
    return { ...toDispute((await this.disputes.find(this.dataSource, caller, id))!), merchant_code: body.merchant_code, created: true };
  }

  private async repeatRecord(caller: Caller, disputeId: string) {
    return { ...(await this.get(caller, disputeId)), merchant_code: caller.merchantCode, created: false };
  }

  async advance(
    id: string,
    step: ({ action: 'under_review' } | { action: 'evidence_submitted' } | { action: 'resolve'; outcome: 'won' | 'lost' }) & { operator: string },
  ) {
    const now = this.clock.now();
    return this.dataSource.transaction(async (tx) => {
      const row = await this.disputes.findForOperator(tx, id, true);
      if (!row) throw new ApiError(Errors.ResourceNotFound, 'No dispute with this id');
      if (CLOSED.has(row.status)) throw new ApiError(Errors.ResourceStateConflict, `the dispute is already ${row.status}`);
      const update: DisputeUpdate =
        step.action === 'resolve'
          ? { move: 'resolve', outcome: step.outcome, resolved_at: now }
          : step.action === 'evidence_submitted'
            ? { move: 'evidence_submitted', evidence_submitted_at: now }
            : { move: 'under_review' };
      const owner = ownerOf(row);
      if (!canMove(DISPUTE_MOVES, update.move, row.status) || !(await this.disputes.transition(tx, owner, id, update)))
        throw new ApiError(Errors.ResourceStateConflict, `the dispute is ${row.status}`);
      if (update.move === 'resolve' && update.outcome === 'won') await this.publish(tx, 'won', row);
      const after = (await this.disputes.find(tx, owner, id))!;
      const result = { before: toDispute(row), after: { ...toDispute(after), merchant_code: row.merchant_code } };
      await recordOperatorAction(tx, DATABASE.schema, {
        actor: step.operator,
        action: `dispute.${step.action}`,
        target: `${row.merchant_code}/disputes/${id}`,
        ...result,
      });
      return result;
    });
  }

  private async paidPayment(caller: Caller, code: string) {
    const payment = await this.rpc.request(GetPayment, { code }, { caller });
    if (payment.status !== 'paid') throw new ApiError(Errors.ReversalPaymentNotPaid, `payment ${code} is ${payment.status}`);
    return payment;
  }

  private async publish(
    tx: SqlExecutor,
    what: 'recorded' | 'won',
    row: Pick<DisputeRow, 'id' | 'merchant_code' | 'environment' | 'amount' | 'currency' | 'payment_code'>,
  ): Promise<void> {
    await outbox.append(tx, {
      event: what === 'recorded' ? DisputeRecorded : DisputeWon,
      key: row.merchant_code,
      payload: {
        dispute_id: row.id,
        merchant_code: row.merchant_code,
        environment: row.environment,
        amount: row.amount,
        currency: row.currency,
        payment_reference: row.payment_code ? `v3:${row.payment_code}` : null,
      },
    });
  }
}
