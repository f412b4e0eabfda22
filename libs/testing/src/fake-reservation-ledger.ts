import {
  ApiError,
  ConfirmReservation,
  Errors,
  ConsumeReservation,
  ListUnconfirmedReservations,
  ReleaseReservation,
  ReserveFunds,
  type Owner,
  type Reservation,
} from '@platform/contracts';
import type { FakeRpcClient } from './fake-rpc-client';

interface HeldReservation {
  reservation: Reservation;
  owner: Owner;
  confirmBy: number;
  paymentReference?: string | null;
}

/**
 * The ledger's reservation commands (ADR 0012) answered on a FakeRpcClient, for a reservation
 * owner under test (payouts, payments-v3): reserve, confirm, consume, release and the list of
 * reservations left unconfirmed past their window, by the test's clock. The ledger can be
 * unreachable (`down`) or refuse every step of some reservations (`refused`).
 */
export class FakeReservationLedger {
  /** While set, confirm, consume and release fail as if the ledger were unreachable (reserving still works). */
  down = false;
  /** Reservations whose every step fails, as one released behind its owner's back would. */
  readonly refused = new Set<string>();
  /** How many of the next reservations are made and their reply lost, as when the owner's call times out or the owner dies. */
  loseReserveReplies = 0;
  private readonly held = new Map<string, HeldReservation>();

  constructor(
    private readonly rpc: FakeRpcClient,
    private readonly clock: { now(): Date },
  ) {
    rpc
      .answer(ReserveFunds, (request, meta) => {
        // As the ledger: the same operation again is answered with what it holds; a second
        // operation for a payment that has one reserved or consumed is refused.
        const earlier = this.held.get(request.operation_id);
        if (earlier) return earlier.reservation;
        const other = [...this.held.values()].find(
          (held) => request.payment_reference && held.paymentReference === request.payment_reference && held.reservation.status !== 'released',
        );
        if (other) throw new ApiError(Errors.ResourceStateConflict, `${request.payment_reference} already has a reversal reserved`);
        const reservation: Reservation = {
          operation_id: request.operation_id,
          kind: request.kind,
          wallet: request.wallet,
          amount: request.amount ?? '1.00',
          currency_code: 'TRY',
          status: 'reserved',
          confirmed: false,
        };
        const owner = (meta as { caller: Owner }).caller;
        this.held.set(request.operation_id, {
          reservation,
          owner,
          confirmBy: this.clock.now().getTime() + request.confirm_within_seconds * 1000,
          paymentReference: request.payment_reference,
        });
        if (this.loseReserveReplies > 0) {
          this.loseReserveReplies -= 1;
          throw new Error('reply lost');
        }
        return reservation;
      })
      .answer(ConfirmReservation, (request, meta) => this.step(request.operation_id, meta, 'reserved', true))
      .answer(ConsumeReservation, (request, meta) => this.step(request.operation_id, meta, 'consumed', true))
      .answer(ReleaseReservation, (request, meta) => this.step(request.operation_id, meta, 'released', false))
      // As the ledger: oldest due first, two at a time after the position asked for (the ledger's
      // pages are of 200), so an owner's sweep walks pages here too.
      .answer(ListUnconfirmedReservations, (request) => {
        const position = (confirmBy: string, operationId: string) => `${confirmBy} ${operationId}`;
        return [...this.held.values()]
          .filter((held) => held.reservation.kind === request.kind && held.reservation.status === 'reserved' && !held.reservation.confirmed)
          .filter((held) => held.confirmBy <= new Date(request.due_before).getTime())
          .map(({ reservation, owner, confirmBy }) => ({
            operation_id: reservation.operation_id,
            merchant_code: owner.merchantCode,
            environment: owner.environment,
            payment_reference: null,
            confirm_by: new Date(confirmBy).toISOString(),
          }))
          .sort((a, b) => position(a.confirm_by, a.operation_id).localeCompare(position(b.confirm_by, b.operation_id)))
          .filter((due) => !request.after || position(due.confirm_by, due.operation_id) > position(request.after.confirm_by, request.after.operation_id))
          .slice(0, 2);
      });
  }

  /** How many times a step was asked for one reservation, failed attempts included. */
  stepsAsked(step: 'confirm' | 'consume' | 'release', operationId: string): number {
    const command = step === 'confirm' ? ConfirmReservation : step === 'consume' ? ConsumeReservation : ReleaseReservation;
    return this.rpc.sentOf(command).filter((request) => request.operation_id === operationId).length;
  }

  /**
   * A step lost between its owner's commit and the ledger call: the owner's follow-up leaves it
   * alone during the 10 s a request may still be taking it, then takes it exactly once.
   */
  async expectLostStepTakenOnce(options: {
    operationId: string;
    step: 'confirm' | 'consume' | 'release';
    after: Partial<Reservation>;
    followUp: () => Promise<unknown>;
    clock: { advance(milliseconds: number): unknown };
  }): Promise<void> {
    const { operationId, step, followUp } = options;
    const askedBefore = this.stepsAsked(step, operationId);
    await followUp();
    expect(this.get(operationId)).toMatchObject({ status: 'reserved' });
    options.clock.advance(11_000);
    await followUp();
    expect(this.get(operationId)).toMatchObject(options.after);
    await followUp();
    expect(this.stepsAsked(step, operationId)).toBe(askedBefore + 1);
  }

  /** The reservation as the ledger holds it now. */
  get(operationId: string): Reservation | undefined {
    return this.held.get(operationId)?.reservation;
  }

  private step(operationId: string, meta: unknown, status: Reservation['status'], confirmed: boolean): Reservation {
    if (this.down) throw new Error('ledger unreachable');
    if (this.refused.has(operationId)) throw new Error(`reservation ${operationId} was released`);
    // Rows other specs left in the same schema may be owed a step too: they are answered as the ledger would.
    const held = this.held.get(operationId) ?? {
      reservation: { operation_id: operationId, kind: 'withdrawal', wallet: 'api', amount: '1.00', currency_code: 'TRY', status, confirmed },
      owner: (meta as { caller: Owner }).caller,
      confirmBy: 0,
    };
    held.reservation = { ...held.reservation, status, confirmed };
    this.held.set(operationId, held);
    return held.reservation;
  }
}
