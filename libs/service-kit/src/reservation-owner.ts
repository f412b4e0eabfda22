import { createHash, randomUUID } from 'node:crypto';
import {
  ConfirmReservation,
  ConsumeReservation,
  ListUnconfirmedReservations,
  ReleaseReservation,
  ReserveFunds,
  assertReservationAfter,
  type Caller,
  type Owner,
} from '@platform/contracts';
import type { RpcClient } from '@platform/messaging';
import { eachIndependentlyInPages } from './periodic-task';

export type ReservationStep = 'confirm' | 'consume' | 'release';

/** An operation whose reservation step its owner still owes (its process stopped between the commit and the call). */
export interface OwedReservationStep {
  id: string;
  merchant_code: string;
  environment: 'sandbox' | 'live';
  ledger_step: ReservationStep;
  /** The row's time as Postgres prints it, microseconds kept: where the follow-up's walk goes on from. */
  owed_since: string;
}

/**
 * The id of the operation a merchant's request makes, the same for every repeat of its
 * Idempotency-Key: the ledger may have reserved for an attempt whose owner never committed (the
 * reply lost, the owner killed), and a repeat then reserves under the same operation, which the
 * ledger answers with what it holds, instead of a second reservation or a refusal. A UUID
 * (version 8) of a hash of the kind, the merchant environment and the key.
 */
export function operationIdFor(kind: 'refund' | 'withdrawal', owner: Owner, idempotencyKey: string): string {
  const hex = createHash('sha256').update(`${kind}\0${owner.merchantCode}\0${owner.environment}\0${idempotencyKey}`).digest('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The owner's side of ledger reservations (ADR 0012): take a step and check the ledger's
 * reply; settle the reservations left unconfirmed past their window, each as the owner's
 * own records say (`decide`, which must hold the lock the owner's request path holds).
 */
export class ReservationOwner {
  constructor(
    private readonly ledger: RpcClient,
    private readonly kind: 'refund' | 'withdrawal',
  ) {}

  /**
   * Reserves for a merchant's request, unconfirmed for 300 s, under the operation of its
   * Idempotency-Key (`operationIdFor`): a repeat finds its earlier attempt's reservation; when that
   * one was already released (its window passed), a new operation reserves. Answers the operation
   * that holds the money.
   */
  async reserveForRequest(caller: Caller, idempotencyKey: string, what: { amount: string } | { payment_reference: string }): Promise<string> {
    const reserve = (operationId: string) =>
      this.ledger.request(ReserveFunds, { operation_id: operationId, kind: this.kind, wallet: 'api', confirm_within_seconds: 300, ...what }, { caller });
    const id = operationIdFor(this.kind, caller, idempotencyKey);
    if ((await reserve(id)).status !== 'released') return id;
    const fresh = randomUUID();
    await reserve(fresh);
    return fresh;
  }

  async take(caller: Caller, operationId: string, step: ReservationStep): Promise<void> {
    const command = step === 'confirm' ? ConfirmReservation : step === 'consume' ? ConsumeReservation : ReleaseReservation;
    assertReservationAfter(step, await this.ledger.request(command, { operation_id: operationId }, { caller }));
  }

  async reconcile(
    now: Date,
    decide: (reservation: { operation_id: string; payment_reference: string | null }, owner: Caller) => Promise<ReservationStep>,
  ): Promise<number> {
    const list = (after?: { operation_id: string; confirm_by: string }) =>
      this.ledger.request(ListUnconfirmedReservations, { kind: this.kind, due_before: now.toISOString(), after }, {});
    const pageAfter = async (last?: { operation_id: string; confirm_by?: string }) => {
      if (!last) return list();
      // A ledger of an earlier release answers without positions: what it lists is its one page.
      return last.confirm_by === undefined ? [] : list({ operation_id: last.operation_id, confirm_by: last.confirm_by });
    };
    return eachIndependentlyInPages(
      pageAfter,
      async (reservation) => {
        const owner: Caller = { merchantCode: reservation.merchant_code, environment: reservation.environment };
        await this.take(owner, reservation.operation_id, await decide(reservation, owner));
      },
      (reservation) => `reservation ${reservation.operation_id}`,
    );
  }
}
