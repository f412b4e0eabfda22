import {
  ConfirmReservation,
  ConsumeReservation,
  ListUnconfirmedReservations,
  ReleaseReservation,
  assertReservationAfter,
  type Caller,
} from '@platform/contracts';
import type { RpcClient } from '@platform/messaging';
import { eachIndependently } from './periodic-task';

export type ReservationStep = 'confirm' | 'consume' | 'release';

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

  async take(caller: Caller, operationId: string, step: ReservationStep): Promise<void> {
    const command = step === 'confirm' ? ConfirmReservation : step === 'consume' ? ConsumeReservation : ReleaseReservation;
    assertReservationAfter(step, await this.ledger.request(command, { operation_id: operationId }, { caller }));
  }

  async reconcile(
    now: Date,
    decide: (reservation: { operation_id: string; payment_reference: string | null }, owner: Caller) => Promise<ReservationStep>,
  ): Promise<number> {
    const due = await this.ledger.request(ListUnconfirmedReservations, { kind: this.kind, due_before: now.toISOString() }, {});
    return eachIndependently(
      due,
      async (reservation) => {
        const owner: Caller = { merchantCode: reservation.merchant_code, environment: reservation.environment };
        await this.take(owner, reservation.operation_id, await decide(reservation, owner));
      },
      (reservation) => `reservation ${reservation.operation_id}`,
    );
  }
}
