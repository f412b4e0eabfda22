import { randomUUID } from 'node:crypto';
import type { TestingModule } from '@nestjs/testing';
import { GetWithdrawableBalance, ReserveFunds, type Owner, Errors } from '@platform/contracts';
import { DataSource } from 'typeorm';
import { RpcClient } from '@platform/messaging';
import type { SqlExecutor } from '@platform/persistence';
import { Clock } from '@platform/service-kit';
import {
  FakeReservationLedger,
  FakeRpcClient,
  TestClock,
  merchantEnvironmentFixture,
  ownerAndStrangers,
  publishFxRates,
  publishMerchantSettings,
} from '@platform/testing';
import { compileService } from '@platform/service-testing';
import { PAYOUTS_SERVICE } from '../payouts.service';
import { LedgerFollowUp } from './ledger-follow-up';
import { tronAddress } from './tron-address';
import { WithdrawalRepository } from './withdrawal.repository';
import { WithdrawalService } from './withdrawal.service';

/** A repository whose inserts fail while `failing` is set: the request dies after the ledger reserved, before its commit. */
class FailingInserts extends WithdrawalRepository {
  failing = false;
  override async insert(tx: SqlExecutor, row: Parameters<WithdrawalRepository['insert']>[1]): Promise<void> {
    if (this.failing) throw new Error('injected failure before commit');
    return super.insert(tx, row);
  }
}

/**
 * The crash windows of a withdrawal's ledger steps, on the payouts service as main.ts wires it
 * (Nest testing module, real Postgres and Kafka) with the ledger replaced by a fake that can be
 * down or refuse one reservation, and a clock the test moves. The ledger's own side (it never
 * releases by itself, ADR 0012) is in apps/ledger/src/ledger.int-spec.ts.
 */
describe('withdrawal ledger steps across crashes and outages', () => {
  const { owner: sandbox, otherEnvironment: live } = ownerAndStrangers();
  const address = tronAddress(Buffer.alloc(20, 9));
  const clock = new TestClock(new Date());
  const repository = new FailingInserts();
  const ledger = new FakeRpcClient().answer(GetWithdrawableBalance, () => ({
    currency_code: 'TRY',
    withdrawable_amount: '1000.00',
    can_withdraw: true,
    environment: 'live',
  }));
  const reservations = new FakeReservationLedger(ledger, clock);
  let service: TestingModule;
  let withdrawals: WithdrawalService;
  const lastReserved = () => ledger.sentOf(ReserveFunds).at(-1)!.operation_id;

  const ask = (caller: Owner, amount: string, key: string, scenario: 'sent' | 'rejected' | null = null) =>
    withdrawals.request(caller, { body: { amount, address, address_acknowledged: true }, fingerprint: `POST /api/v3/withdrawals ${amount}`, scenario }, key);
  /** A request made while the ledger is unreachable: it fails after its reservation, and returns the reservation's id. */
  const askWithLedgerDown = async (caller: Owner, amount: string, scenario: 'sent' | 'rejected' | null = null, key = randomUUID()): Promise<string> => {
    reservations.down = true;
    try {
      await expect(ask(caller, amount, key, scenario)).rejects.toThrow('ledger unreachable');
    } finally {
      reservations.down = false;
    }
    return lastReserved();
  };
  /** An attempt that reserves in the ledger and fails before its commit (its process died there). */
  const failBeforeCommit = async (amount: string, key: string) => {
    repository.failing = true;
    try {
      await expect(ask(sandbox, amount, key)).rejects.toThrow('injected failure before commit');
    } finally {
      repository.failing = false;
    }
  };
  const owedStep = async (owner: Owner, id: string) => (await repository.find(service.get(DataSource), owner, id))?.ledger_step;

  beforeAll(async () => {
    const settings = (owner: Owner) =>
      merchantEnvironmentFixture({
        merchant_code: owner.merchantCode,
        environment: owner.environment,
        version: 1,
        withdrawal_min_amount: '10.00',
        withdrawal_daily_limit: '100000.00',
      });
    ({ module: service } = await compileService(PAYOUTS_SERVICE, {
      env: { LEDGER_FOLLOW_UP_INTERVAL_MS: '120000' },
      prepare: async (topicPrefix) => {
        await publishMerchantSettings(topicPrefix, [settings(sandbox), settings(live)]);
        await publishFxRates(topicPrefix, { TRY: '0.03', USDT: '1' });
      },
      override: (builder) =>
        builder
          .overrideProvider(RpcClient)
          .useValue(ledger)
          .overrideProvider(Clock)
          .useValue(clock)
          .overrideProvider(WithdrawalRepository)
          .useValue(repository)
          // The test takes each follow-up pass itself, at the moment it chooses.
          .overrideProvider(LedgerFollowUp)
          .useValue({}),
    }));
    withdrawals = service.get(WithdrawalService);
  });

  afterAll(async () => {
    await service?.close();
  });

  it('releases a sandbox rejection whose release was lost between the commit and the ledger call, once the grace period passed', async () => {
    const key = randomUUID();
    await askWithLedgerDown(sandbox, '30.00', 'rejected', key);
    // The request committed: a repeat answers it, without asking the ledger again.
    const { withdrawal } = await ask(sandbox, '30.00', key, 'rejected');
    expect(withdrawal.status).toBe('rejected');
    expect(reservations.get(withdrawal.id)).toMatchObject({ status: 'reserved', confirmed: false });
    // Within 10 s the request that committed may still be taking the step itself.
    await reservations.expectLostStepTakenOnce({
      operationId: withdrawal.id,
      step: 'release',
      after: { status: 'released' },
      followUp: () => withdrawals.completeLedgerSteps(),
      clock,
    });
  });

  it('keeps a live request reserved through a ledger outage longer than the confirmation window, and confirms it after', async () => {
    const id = await askWithLedgerDown(live, '80.00');
    clock.advance(60 * 60 * 1000);
    // The ledger lists it as unconfirmed long past its window; payouts has the row, so it keeps the money.
    await withdrawals.reconcileReservations();
    expect(reservations.get(id)).toMatchObject({ status: 'reserved', confirmed: true });
    expect(reservations.stepsAsked('release', id)).toBe(0);
    expect((await withdrawals.get({ ...live }, id)).status).toBe('requested');
  });

  it('finishes the other ledger steps while one keeps failing, and keeps that one owed for the next pass', async () => {
    const stuck = await askWithLedgerDown(live, '10.00');
    reservations.refused.add(stuck);
    const rejected = await askWithLedgerDown(sandbox, '60.00', 'rejected');
    clock.advance(11_000);
    await expect(withdrawals.completeLedgerSteps()).rejects.toThrow(`withdrawal ${stuck} confirm`);
    expect(reservations.get(rejected)).toMatchObject({ status: 'released' });
    expect(await owedStep(sandbox, rejected)).toBeNull();
    expect(await owedStep(live, stuck)).toBe('confirm');
    reservations.refused.delete(stuck);
    await withdrawals.completeLedgerSteps();
    expect(await owedStep(live, stuck)).toBeNull();
    expect(reservations.get(stuck)).toMatchObject({ status: 'reserved', confirmed: true });
  });

  it('reaches a newer owed step however many older ones keep failing, and all of them once the cause passed', async () => {
    // Rows left owing a confirm whose every try fails (released behind their owner's back), more than a page of them.
    const stuck = Array.from({ length: 201 }, () => randomUUID());
    const dataSource = service.get(DataSource);
    for (const id of stuck) {
      reservations.refused.add(id);
      await repository.insert(dataSource, {
        id,
        merchant_code: live.merchantCode,
        environment: live.environment,
        status: 'requested',
        amount: '10.00',
        currency: 'TRY',
        address,
        usdt_amount: '0.300000',
        usdt_rate: '0.03',
        tx_hash: null,
        rejection_reason: null,
        requested_at: clock.now(),
        processed_at: null,
        created_at: clock.now(),
        ledger_step: 'confirm',
      });
    }
    clock.advance(1000);
    const newer = await askWithLedgerDown(sandbox, '60.00', 'rejected');
    clock.advance(11_000);
    try {
      await expect(withdrawals.completeLedgerSteps()).rejects.toThrow(/^201 of \d+ failed: withdrawal /);
      expect(reservations.get(newer)).toMatchObject({ status: 'released' });
      expect(await owedStep(sandbox, newer)).toBeNull();
      for (const id of stuck) reservations.refused.delete(id);
      expect(await withdrawals.completeLedgerSteps()).toBeGreaterThanOrEqual(201);
      expect(await Promise.all(stuck.map((id) => owedStep(live, id)))).toEqual(stuck.map(() => null));
    } finally {
      // Not left in the shared database, where operators' queues would list them in later runs.
      await dataSource.query('DELETE FROM payouts.withdrawals WHERE id = ANY($1::uuid[])', [stuck]);
    }
  });

  it('releases the money of a request that reserved but never committed, once its window passed', async () => {
    await failBeforeCommit('25.00', randomUUID());
    const orphan = lastReserved();
    expect(reservations.get(orphan)).toMatchObject({ status: 'reserved', confirmed: false });
    await withdrawals.reconcileReservations();
    expect(reservations.get(orphan)).toMatchObject({ status: 'reserved' });
    clock.advance(301_000);
    await withdrawals.reconcileReservations();
    expect(reservations.get(orphan)).toMatchObject({ status: 'released' });
    await expect(withdrawals.get(sandbox, orphan)).rejects.toMatchObject({ code: Errors.ResourceNotFound });
  });

  it('holds the amount once when a request that reserved and never committed is repeated with its key', async () => {
    const key = randomUUID();
    await failBeforeCommit('27.00', key);
    const reservedBefore = ledger.sentOf(ReserveFunds).length;
    const { withdrawal } = await ask(sandbox, '27.00', key);
    expect(withdrawal.status).toBe('sent');
    // The repeat reserved under the first attempt's operation, which the ledger already held: one amount held, then consumed.
    expect(
      ledger
        .sentOf(ReserveFunds)
        .slice(reservedBefore - 1)
        .map((request) => request.operation_id),
    ).toEqual([withdrawal.id, withdrawal.id]);
    expect(reservations.get(withdrawal.id)).toMatchObject({ status: 'consumed', confirmed: true });
  });

  it('reserves anew for a request repeated after the earlier attempt’s reservation was released', async () => {
    const key = randomUUID();
    await failBeforeCommit('28.00', key);
    const first = lastReserved();
    clock.advance(301_000);
    await withdrawals.reconcileReservations();
    expect(reservations.get(first)).toMatchObject({ status: 'released' });
    const { withdrawal } = await ask(sandbox, '28.00', key);
    expect(withdrawal.status).toBe('sent');
    expect(withdrawal.id).not.toBe(first);
    expect(reservations.get(withdrawal.id)).toMatchObject({ status: 'consumed', confirmed: true });
  });
});
