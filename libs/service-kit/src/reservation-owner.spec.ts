import { ConfirmReservation, ListUnconfirmedReservations, ReleaseReservation } from '@platform/contracts';
import { FakeRpcClient } from '@platform/testing';
import type { RpcClient } from '@platform/messaging';
import { ReservationOwner } from './reservation-owner';

describe('settling the reservations the ledger lists as unconfirmed', () => {
  const due = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      operation_id: `op-${String(i).padStart(3, '0')}`,
      merchant_code: 'MRC-000001',
      environment: 'sandbox' as const,
      payment_reference: null,
      confirm_by: `2026-11-26 10:00:00.${String(i).padStart(6, '0')}+00`,
    }));
  const ledgerListing = (reservations: ReturnType<typeof due>, answer: (page: ReturnType<typeof due>) => unknown[]) => {
    const rpc = new FakeRpcClient()
      .answer(ListUnconfirmedReservations, (request) => {
        const from = request.after ? reservations.findIndex((r) => r.operation_id === request.after!.operation_id) + 1 : 0;
        return answer(reservations.slice(from, from + 200)) as never;
      })
      .answer(ReleaseReservation, (request) => ({
        operation_id: request.operation_id,
        kind: 'withdrawal',
        wallet: 'api',
        amount: '1.00',
        currency_code: 'TRY',
        status: 'released',
        confirmed: false,
      }));
    return { rpc, owner: new ReservationOwner(rpc as unknown as RpcClient, 'withdrawal') };
  };

  it('asks for the page after the last one it was given until the ledger has no more, and settles every reservation', async () => {
    const reservations = due(450);
    const { rpc, owner } = ledgerListing(reservations, (page) => page);
    expect(await owner.reconcile(new Date(), async () => 'release')).toBe(450);
    expect(rpc.sentOf(ListUnconfirmedReservations).map((request) => request.after?.operation_id)).toEqual([undefined, 'op-199', 'op-399', 'op-449']);
    expect(rpc.sentOf(ListUnconfirmedReservations)[1]!.after).toEqual({ operation_id: 'op-199', confirm_by: reservations[199]!.confirm_by });
    expect(rpc.sentOf(ReleaseReservation).map((request) => request.operation_id)).toEqual(reservations.map((r) => r.operation_id));
    expect(rpc.sentOf(ConfirmReservation)).toEqual([]);
  });

  it('settles the one page a ledger of an earlier release answers (no positions), without asking again', async () => {
    const { rpc, owner } = ledgerListing(due(250), (page) => page.map(({ confirm_by: _, ...earlier }) => earlier));
    expect(await owner.reconcile(new Date(), async () => 'release')).toBe(200);
    expect(rpc.sentOf(ListUnconfirmedReservations)).toHaveLength(1);
  });
});
