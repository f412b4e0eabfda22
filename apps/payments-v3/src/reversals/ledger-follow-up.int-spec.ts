import { randomBytes, randomUUID } from 'node:crypto';
import type { TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { ApiError, Errors, PaymentRefundedV1, ReserveFunds, type Owner } from '@platform/contracts';
import { RpcClient } from '@platform/messaging';
import { Clock } from '@platform/service-kit';
import { FakeReservationLedger, FakeRpcClient, TestClock, ownerAndStrangers } from '@platform/testing';
import { compileService } from '@platform/service-testing';
import { PAYMENTS_V3_SERVICE } from '../payments-v3.service';
import { PaymentExpiryService } from '../payments/payment-expiry.service';
import { PaymentRepository } from '../payments/payment.repository';
import { PendingAttemptLookup } from '../payment-page/pending-attempt-lookup';
import { ReversalLedgerFollowUp } from './ledger-follow-up';
import { ReversalRepository } from './reversal.repository';
import { ReversalService } from './reversal.service';

/**
 * A refund's debit lost between its commit and the ledger call, on payments-v3 as main.ts wires
 * it (Nest testing module, real Postgres and Kafka) with a fake ledger that can be unreachable
 * and a clock the test moves.
 */
describe('refund ledger steps across crashes and outages', () => {
  const { owner } = ownerAndStrangers();
  const clock = new TestClock(new Date());
  const ledger = new FakeRpcClient();
  const reservations = new FakeReservationLedger(ledger, clock);
  let service: TestingModule;
  let dataSource: DataSource;
  let reversals: ReversalService;

  const paidPayment = async (caller: Owner, amount: string) => {
    const payments = service.get(PaymentRepository);
    const payment = await payments.insert(dataSource, caller, {
      code: randomBytes(6).toString('hex'),
      merchant_reference: null,
      amount,
      currency_code: 'TRY',
      merchant_name: 'Shop',
      webhook_url: null,
      return_url: null,
      page_token: randomUUID(),
      created_at: clock.now(),
      expires_at: new Date(clock.now().getTime() + 3_600_000),
    });
    await payments.transition(dataSource, caller, payment.id, {
      move: 'pay',
      card: { bin: '435509', last_four: '4242', network: 'visa' },
      paid_at: clock.now(),
    });
    return payment;
  };

  /** A sandbox refund of the whole payment, asked with `key`: call it again to repeat the request unchanged. */
  const refundOf = (payment: { code: string; amount: string }, key: string) => () =>
    reversals.request(
      owner,
      { body: { payment_code: payment.code, operation_type: 'refund', reason: 'repeated' }, fingerprint: `POST refund ${payment.amount}`, scenario: null },
      key,
    );
  /** The first attempt: the ledger reserves, payments-v3 never hears so (a timeout, or it died) and commits nothing. */
  const replyLost = async (ask: () => Promise<unknown>) => {
    reservations.loseReserveReplies = 1;
    await expect(ask()).rejects.toThrow('reply lost');
  };

  beforeAll(async () => {
    ({ module: service } = await compileService(PAYMENTS_V3_SERVICE, {
      override: (builder) =>
        builder
          .overrideProvider(RpcClient)
          .useValue(ledger)
          .overrideProvider(Clock)
          .useValue(clock)
          // The test takes each follow-up pass itself; the other sweeps have nothing to do here.
          .overrideProvider(ReversalLedgerFollowUp)
          .useValue({})
          .overrideProvider(PaymentExpiryService)
          .useValue({})
          .overrideProvider(PendingAttemptLookup)
          .useValue({}),
    }));
    dataSource = service.get(DataSource);
    reversals = service.get(ReversalService);
  });

  afterAll(async () => {
    await service?.close();
  });

  it('debits a completed sandbox refund whose consume was lost after the commit, once, on the next pass after the grace period', async () => {
    const payment = await paidPayment(owner, '45.00');
    const key = randomUUID();
    const ask = () =>
      reversals.request(
        owner,
        { body: { payment_code: payment.code, operation_type: 'refund', reason: 'lost step' }, fingerprint: 'POST refund 45.00', scenario: null },
        key,
      );
    reservations.down = true;
    try {
      await expect(ask()).rejects.toThrow('ledger unreachable');
    } finally {
      reservations.down = false;
    }
    // The refund committed with its payment.refunded event; a repeat answers it without asking the ledger again.
    const { reversal } = await ask();
    expect(reversal.status).toBe('completed');
    const refunded = await dataSource.query(`SELECT count(*)::int AS n FROM payments.outbox WHERE event_type = $1 AND payload->>'refund_id' = $2`, [
      PaymentRefundedV1.type,
      reversal.id,
    ]);
    expect(refunded[0].n).toBe(1);
    expect(reservations.get(reversal.id)).toMatchObject({ status: 'reserved', confirmed: false });
    await reservations.expectLostStepTakenOnce({
      operationId: reversal.id,
      step: 'consume',
      after: { status: 'consumed', confirmed: true },
      followUp: () => reversals.completeLedgerSteps(),
      clock,
    });
    expect((await service.get(ReversalRepository).find(dataSource, owner, reversal.id))?.ledger_step).toBeNull();
  });

  it('completes a refund repeated after the ledger reserved and the reply was lost, under the same reservation, instead of refusing it', async () => {
    const payment = await paidPayment(owner, '61.00');
    const ask = refundOf(payment, randomUUID());
    await replyLost(ask);
    // The merchant repeats the request unchanged, as the spec tells it to.
    const { reversal } = await ask();
    expect(reversal.status).toBe('completed');
    expect(reservations.get(reversal.id)).toMatchObject({ status: 'consumed', confirmed: true });
    // Both attempts reserved under one operation: the ledger holds one reservation for the payment.
    const operations = ledger.sentOf(ReserveFunds).filter((request) => request.payment_reference === `v3:${payment.code}`);
    expect(operations).toHaveLength(2);
    expect(new Set(operations.map((request) => request.operation_id))).toEqual(new Set([reversal.id]));
  });

  it('refuses a repeat while the first refund with its key still runs, so that the two never answer differently', async () => {
    // The first request waits at the ledger, which then finds the wallet short; money arriving
    // meanwhile would let a repeat that had waited its turn run afresh and be completed.
    const payment = await paidPayment(owner, '63.00');
    const ask = refundOf(payment, randomUUID());
    const { first, repeat } = await ledger.repeatWhileHeld(
      ReserveFunds,
      new ApiError(Errors.BalanceInsufficient, 'the api wallet has 5.00 TRY available'),
      ask,
    );
    await expect(repeat).rejects.toMatchObject({ code: '9000039' });
    await expect(first).rejects.toMatchObject({ code: '9000020' });

    // A refusal keeps no key: once the first has finished, the repeat runs afresh.
    const { reversal } = await ask();
    expect(reversal.status).toBe('completed');
  });

  it('reserves anew for a refund repeated after the earlier attempt’s reservation was released, and debits once', async () => {
    const payment = await paidPayment(owner, '62.00');
    const ask = refundOf(payment, randomUUID());
    await replyLost(ask);
    const first = ledger.sentOf(ReserveFunds).at(-1)!.operation_id;
    // Past the window, nothing committed: the money goes back to the merchant.
    clock.advance(301_000);
    await reversals.reconcileReservations();
    expect(reservations.get(first)).toMatchObject({ status: 'released' });
    const { reversal } = await ask();
    expect(reversal.status).toBe('completed');
    expect(reversal.id).not.toBe(first);
    expect(reservations.get(reversal.id)).toMatchObject({ status: 'consumed', confirmed: true });
    expect(reservations.get(first)).toMatchObject({ status: 'released' });
  });

  it('reaches a newer owed debit however many older ones keep failing, and all of them once the cause passed', async () => {
    const repository = service.get(ReversalRepository);
    const owedStep = async (id: string) => (await repository.find(dataSource, owner, id))?.ledger_step;
    // Completed refunds owing a debit whose every try fails (released behind their owner's back), more than a page of them.
    const stuck: { id: string; paymentId: string }[] = [];
    for (let i = 0; i < 201; i++) {
      const payment = await paidPayment(owner, '5.00');
      const id = randomUUID();
      stuck.push({ id, paymentId: payment.id });
      reservations.refused.add(id);
      await repository.insert(dataSource, {
        id,
        payment_id: payment.id,
        merchant_code: owner.merchantCode,
        environment: owner.environment,
        operation: 'refund',
        status: 'completed',
        amount: '5.00',
        currency: 'TRY',
        reason: 'stuck',
        provider_reference: 'SBX-STUCK',
        provider_refunded_at: clock.now(),
        created_at: clock.now(),
        updated_at: clock.now(),
        ledger_step: 'consume',
      });
    }
    clock.advance(1000);
    const payment = await paidPayment(owner, '5.00');
    reservations.down = true;
    try {
      await expect(refundOf(payment, randomUUID())()).rejects.toThrow('ledger unreachable');
    } finally {
      reservations.down = false;
    }
    const newer = ledger.sentOf(ReserveFunds).at(-1)!.operation_id;
    clock.advance(11_000);
    try {
      await expect(reversals.completeLedgerSteps()).rejects.toThrow(/^201 of \d+ failed: reversal /);
      expect(reservations.get(newer)).toMatchObject({ status: 'consumed', confirmed: true });
      expect(await owedStep(newer)).toBeNull();
      for (const { id } of stuck) reservations.refused.delete(id);
      expect(await reversals.completeLedgerSteps()).toBeGreaterThanOrEqual(201);
      expect(await Promise.all(stuck.map(({ id }) => owedStep(id)))).toEqual(stuck.map(() => null));
    } finally {
      // Not left in the shared database, where operators' lists would show them in later runs.
      await dataSource.query('DELETE FROM payments.reversals WHERE id = ANY($1::uuid[])', [stuck.map(({ id }) => id)]);
      await dataSource.query('DELETE FROM payments.payments WHERE id = ANY($1::bigint[])', [stuck.map(({ paymentId }) => paymentId)]);
    }
  });
});
