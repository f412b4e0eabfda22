import { randomInt, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { ApiError, TOPIC_SPECS, type Caller, type MerchantEnvironment } from '@platform/contracts';
import { KafkaConnection } from '@platform/messaging';
import { Decimal } from '@platform/money';
import { createLogger } from '@platform/observability';
import { createServiceDataSource, queryRows, serviceDatabaseUrl } from '@platform/persistence';
import { MerchantSettings, SystemClock } from '@platform/service-kit';
import { TestClock, merchantEnvironmentFixture, publishMerchantSettings, recordRunTopicPrefix, testInfrastructure } from '@platform/testing';
import { BalanceService } from './balances/balance.service';
import { Bookings } from './bookings/bookings.service';
import { SettlementService } from './bookings/settlement.service';
import type { Config } from './config';
import { DATABASE } from './database';
import { FxRates } from './journal/fx-rates';
import { Journal } from './journal/journal';
import { TrialBalance } from './journal/trial-balance';
import { ReservationsService } from './reservations/reservations.service';

/**
 * The ledger's services on the real ledger schema (migrated by the test setup) with a
 * real merchant-settings copy read from Kafka: property-based sequences of every money
 * movement keep the books balanced and match a simple model, and parallel reservations
 * never overdraw.
 */
const logger = createLogger('ledger-it', 'warn');
const run = randomUUID().slice(0, 8);
const topicPrefix = `it-ledger-${run}.`;
recordRunTopicPrefix(topicPrefix);
const config = { SETTLEMENT_SWEEP_INTERVAL_MS: 60000 } as Config;

describe('ledger on real Postgres', () => {
  let kafka: KafkaConnection;
  let dataSource: DataSource;
  let settings: MerchantSettings;
  let journal: Journal;
  let bookings: Bookings;
  let reservations: ReservationsService;
  let balances: BalanceService;
  let settlement: SettlementService;
  /** Settlement runs at whatever time a test sets; the rest of the ledger keeps real time. */
  const settlementClock = new TestClock(new Date());
  const settleAt = (at: Date) => {
    settlementClock.set(at);
    return settlement.settleDue();
  };
  let trialBalance: TrialBalance;
  let version = 0;

  async function publishSettings(merchant: MerchantEnvironment): Promise<void> {
    await publishMerchantSettings(topicPrefix, [merchant]);
    await settings.current({ merchantCode: merchant.merchant_code, environment: merchant.environment, settingsVersion: merchant.version }, 10000);
  }

  async function newMerchant(environment: 'sandbox' | 'live', baseCurrency = 'TRY', delayDays = 2): Promise<Caller> {
    const merchantCode = `MRC-${randomInt(100000, 999999)}-${run}`;
    version += 1;
    await publishSettings(
      merchantEnvironmentFixture({ merchant_code: merchantCode, environment, base_currency: baseCurrency, settlement_delay_days: delayDays, version }),
    );
    return { merchantCode, environment };
  }

  beforeAll(async () => {
    kafka = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `ledger-it-${run}`, topicPrefix }, logger);
    await kafka.ensureTopics(TOPIC_SPECS);
    settings = new MerchantSettings(kafka, logger);
    await settings.start();
    await settings.ready;
    dataSource = createServiceDataSource({
      url: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, DATABASE.schema),
      schema: DATABASE.schema,
      migrations: [],
    });
    await dataSource.initialize();
    journal = new Journal();
    const rates = new FxRates();
    await dataSource.transaction(async (tx) => {
      for (const [currency, rate] of [
        ['EUR', '1.08'],
        ['AED', '0.2723'],
        ['TRY', '0.029'],
      ] as const)
        await rates.record(tx, currency, rate, '2020-01-01T00:00:00.000Z');
    });
    bookings = new Bookings(journal, rates);
    reservations = new ReservationsService(dataSource, journal, settings, new SystemClock());
    balances = new BalanceService(dataSource, journal, settings);
    settlement = new SettlementService(dataSource, journal, config, settlementClock, logger);
    trialBalance = new TrialBalance(dataSource);
  });

  afterAll(async () => {
    await settings?.stop();
    await kafka?.close();
    await dataSource?.destroy();
  });

  /** Books a payment of the caller, paid now unless the test says when. */
  const collect = (caller: Caller, reference: string, amount: string, currency = 'TRY', paidAt?: Date) =>
    dataSource.transaction(async (tx) =>
      bookings.collect(
        tx,
        { reference, merchantCode: caller.merchantCode, environment: caller.environment, amount, currency, occurredAt: paidAt ?? new Date() },
        (await settings.current(caller))!,
      ),
    );

  /** The pages of reservations due before `dueBefore`, each asked after the last of the one before, as an owner's sweep asks. */
  const pagesDue = async (kind: 'refund' | 'withdrawal', dueBefore: Date) => {
    const pages = [await reservations.unconfirmed(kind, dueBefore)];
    while (pages.at(-1)!.length > 0) {
      // A list that ignored the position would answer its first page forever.
      if (pages.length > 1000) throw new Error('more than 1,000 pages of due reservations: the list does not advance');
      pages.push(await reservations.unconfirmed(kind, dueBefore, pages.at(-1)!.at(-1)));
    }
    return pages;
  };
  const everyDue = async (kind: 'refund' | 'withdrawal', dueBefore: Date) => (await pagesDue(kind, dueBefore)).flat();

  const wallets = async (caller: Caller) =>
    (await balances.wallets(caller.merchantCode, caller.environment)).wallets.find((wallet) => wallet.wallet === 'api')!;

  describe('disputes', () => {
    it('gives back exactly what a recorded dispute took, however the rate moved since', async () => {
      const caller = await newMerchant('sandbox');
      await collect(caller, `v3:${randomUUID()}`, '1000.00');
      const dispute = {
        id: randomUUID(),
        merchantCode: caller.merchantCode,
        environment: caller.environment,
        amount: '10.00',
        currency: 'USD',
        occurredAt: new Date(),
      };
      await dataSource.transaction((tx) => bookings.recordDispute(tx, dispute, 'TRY'));
      // 10.00 USD at 0.029 USD per TRY.
      expect((await wallets(caller)).available).toBe('655.17');
      // The dispute is won when the rate is another one.
      const later = new Date('2099-06-01T00:00:00.000Z');
      await dataSource.transaction((tx) => new FxRates().record(tx, 'TRY', '0.025', '2099-01-01T00:00:00.000Z'));
      await dataSource.transaction((tx) => bookings.winDispute(tx, { ...dispute, occurredAt: later }));
      await dataSource.transaction((tx) => bookings.winDispute(tx, { ...dispute, occurredAt: later }));
      expect((await wallets(caller)).available).toBe('1000.00');
    });

    it('books nothing, and throws nothing, for a dispute that converts to 0.00 or a win with nothing taken', async () => {
      const caller = await newMerchant('sandbox', 'USD');
      const tiny = {
        id: randomUUID(),
        merchantCode: caller.merchantCode,
        environment: caller.environment,
        amount: '0.01',
        currency: 'TRY',
        occurredAt: new Date(),
      };
      await expect(dataSource.transaction((tx) => bookings.recordDispute(tx, tiny, 'USD'))).resolves.toBe(false);
      await expect(dataSource.transaction((tx) => bookings.winDispute(tx, tiny))).resolves.toBe(false);
      expect((await wallets(caller)).available).toBe('0.00');
    });
  });

  describe('journal integrity', () => {
    it('refuses to change or delete a posted transaction or posting', async () => {
      const caller = await newMerchant('sandbox');
      await collect(caller, `v3:${randomUUID()}`, '10.00');
      const [posting] = await queryRows<{ id: string; transaction_id: string }>(
        dataSource,
        `SELECT p.id::text AS id, p.transaction_id FROM ledger.postings p JOIN ledger.accounts a ON a.id = p.account_id WHERE a.owner = $1`,
        [caller.merchantCode],
      );
      await expect(dataSource.query('UPDATE ledger.postings SET amount = 1000 WHERE id = $1', [posting!.id])).rejects.toThrow(/append-only/);
      await expect(dataSource.query('DELETE FROM ledger.transactions WHERE id = $1', [posting!.transaction_id])).rejects.toThrow(/append-only/);
      await expect(dataSource.query('TRUNCATE ledger.postings CASCADE')).rejects.toThrow(/append-only/);
    });

    it('refuses at commit a transaction whose postings do not balance', async () => {
      const caller = await newMerchant('sandbox');
      await collect(caller, `v3:${randomUUID()}`, '10.00');
      const [account] = await queryRows<{ id: string }>(dataSource, 'SELECT id::text AS id FROM ledger.accounts WHERE owner = $1', [caller.merchantCode]);
      const id = randomUUID();
      await expect(
        dataSource.transaction(async (tx) => {
          await tx.query(`INSERT INTO ledger.transactions (id, kind, reference, environment, occurred_at) VALUES ($1, 'forged', $2, 'sandbox', now())`, [
            id,
            id,
          ]);
          await tx.query(`INSERT INTO ledger.postings (transaction_id, account_id, currency, amount) VALUES ($1, $2, 'TRY', 500)`, [id, account!.id]);
        }),
      ).rejects.toThrow(/does not balance/);
      expect((await wallets(caller)).available).toBe('10.00');
    });
  });

  describe('bookings', () => {
    it('converts into the base currency at the rate in force when the payment was paid, and records it', async () => {
      const caller = await newMerchant('sandbox', 'USD');
      const reference = `v3:${randomUUID()}`;
      await collect(caller, reference, '100.00', 'EUR', new Date('2021-06-01T00:00:00Z'));
      await dataSource.transaction((tx) => new FxRates().record(tx, 'EUR', '1.20', '2021-07-01T00:00:00.000Z'));
      await collect(caller, `v3:${randomUUID()}`, '100.00', 'EUR', new Date('2021-08-01T00:00:00Z'));
      expect((await wallets(caller)).available).toBe('228.00');
      const [entry] = await queryRows<{ fx: Record<string, string> }>(dataSource, 'SELECT fx FROM ledger.transactions WHERE kind = $1 AND reference = $2', [
        'payment',
        reference,
      ]);
      expect(entry!.fx).toMatchObject({ original_amount: '100.00', original_currency: 'EUR', rate: '1.08' });
    });

    it('holds a live payment in pending settlement until its settlement date', async () => {
      const caller = await newMerchant('live', 'TRY', 2);
      // Paid in the future, so that no other settlement run can reach it first.
      const paidAt = new Date(Date.now() + 30 * 86_400_000);
      await collect(caller, `v4:${randomUUID()}`, '250.00', 'TRY', paidAt);
      expect(await balances.balance(caller)).toEqual({
        currency_code: 'TRY',
        available_amount: '0.00',
        pending_settlement_amount: '250.00',
        environment: 'live',
      });
      await settleAt(new Date(paidAt.getTime() + 2 * 86_400_000 - 1000));
      expect((await balances.balance(caller)).pending_settlement_amount).toBe('250.00');
      await settleAt(new Date(paidAt.getTime() + 2 * 86_400_000));
      expect(await balances.balance(caller)).toEqual({
        currency_code: 'TRY',
        available_amount: '250.00',
        pending_settlement_amount: '0.00',
        environment: 'live',
      });
    });
  });

  describe('balances', () => {
    it('reads the balances asked for at once with one statement, each caller its own environment’s', async () => {
      const sandbox = await newMerchant('sandbox', 'TRY');
      const live: Caller = { merchantCode: sandbox.merchantCode, environment: 'live' };
      version += 1;
      await publishSettings(merchantEnvironmentFixture({ merchant_code: live.merchantCode, environment: 'live', base_currency: 'TRY', version }));
      const other = await newMerchant('sandbox', 'USD');
      await collect(sandbox, `v3:${randomUUID()}`, '100.00');
      await collect(live, `v4:${randomUUID()}`, '7.50', 'TRY', new Date(Date.now() + 30 * 86_400_000));
      await collect(other, `v3:${randomUUID()}`, '12.34', 'USD');
      const statements = jest.spyOn(journal, 'balancesOfMerchants');
      const read = await Promise.all([balances.balance(sandbox), balances.balance(live), balances.balance(other), balances.withdrawable(sandbox)]);
      expect(statements).toHaveBeenCalledTimes(1);
      statements.mockRestore();
      expect(read).toEqual([
        { currency_code: 'TRY', available_amount: '100.00', pending_settlement_amount: '0.00', environment: 'sandbox' },
        { currency_code: 'TRY', available_amount: '0.00', pending_settlement_amount: '7.50', environment: 'live' },
        { currency_code: 'USD', available_amount: '12.34', pending_settlement_amount: '0.00', environment: 'sandbox' },
        { currency_code: 'TRY', withdrawable_amount: '100.00', can_withdraw: true, environment: 'sandbox' },
      ]);
    });
  });

  describe('reservations', () => {
    it('never reserves more than is available, however many ask at once', async () => {
      const caller = await newMerchant('sandbox');
      await collect(caller, `v3:${randomUUID()}`, '100.00');
      const outcomes = await Promise.allSettled(
        Array.from({ length: 40 }, () =>
          reservations.reserve(caller, { operation_id: randomUUID(), kind: 'withdrawal', wallet: 'api', amount: '7.00', confirm_within_seconds: 300 }),
        ),
      );
      const granted = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(granted).toHaveLength(14);
      expect(refused.every((outcome) => outcome.reason instanceof ApiError && outcome.reason.code === '9000020')).toBe(true);
      expect(await wallets(caller)).toMatchObject({ available: '2.00', reserved: '98.00' });
      expect((await trialBalance.run()).balanced).toBe(true);
    });

    it('answers parallel repeats of one operation with one reservation', async () => {
      const caller = await newMerchant('sandbox');
      await collect(caller, `v3:${randomUUID()}`, '50.00');
      const operation = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          reservations.reserve(caller, { operation_id: operation, kind: 'refund', wallet: 'api', amount: '20.00', confirm_within_seconds: 300 }),
        ),
      );
      expect(new Set(answers.map((answer) => answer.operation_id)).size).toBe(1);
      expect(await wallets(caller)).toMatchObject({ available: '30.00', reserved: '20.00' });
      await expect(
        reservations.reserve(caller, { operation_id: operation, kind: 'refund', wallet: 'api', amount: '21.00', confirm_within_seconds: 300 }),
      ).rejects.toMatchObject({ code: '1000012' });
    });

    it('never releases by itself: it lists what the owner has not confirmed in time, and confirming a released reservation fails', async () => {
      const caller = await newMerchant('sandbox');
      await collect(caller, `v3:${randomUUID()}`, '50.00');
      const lost = await reservations.reserve(caller, {
        operation_id: randomUUID(),
        kind: 'withdrawal',
        wallet: 'api',
        amount: '10.00',
        confirm_within_seconds: 1,
      });
      const kept = await reservations.reserve(caller, {
        operation_id: randomUUID(),
        kind: 'withdrawal',
        wallet: 'api',
        amount: '15.00',
        confirm_within_seconds: 1,
      });
      await reservations.confirm(caller, kept.operation_id);
      const due = await everyDue('withdrawal', new Date(Date.now() + 5000));
      expect(due.map((r) => r.operation_id)).toContain(lost.operation_id);
      expect(due.map((r) => r.operation_id)).not.toContain(kept.operation_id);
      expect(await wallets(caller)).toMatchObject({ available: '25.00', reserved: '25.00' });
      await reservations.release(caller, lost.operation_id);
      expect(await wallets(caller)).toMatchObject({ available: '35.00', reserved: '15.00' });
      await expect(reservations.confirm(caller, lost.operation_id)).rejects.toMatchObject({ code: '1000012' });
      await expect(reservations.consume(caller, lost.operation_id)).rejects.toMatchObject({ code: '1000012' });
      const stranger = await newMerchant('sandbox');
      await expect(reservations.consume(stranger, kept.operation_id)).rejects.toMatchObject({ code: '1000011' });
    });

    it('lists what is due a page at a time, oldest first, so no number of older reservations hides a newer one', async () => {
      const caller = await newMerchant('sandbox');
      await collect(caller, `v3:${randomUUID()}`, '100.00');
      const reserve = () =>
        reservations.reserve(caller, { operation_id: randomUUID(), kind: 'withdrawal', wallet: 'api', amount: '0.10', confirm_within_seconds: 1 });
      const made: string[] = [];
      try {
        for (let i = 0; i < 201; i++) made.push((await reserve()).operation_id);
        const older = [...made];
        await new Promise((resolve) => setTimeout(resolve, 5)); // due a moment after all of them
        const newest = (await reserve()).operation_id;
        made.push(newest);
        const dueBefore = new Date(Date.now() + 5000);
        const [first] = await pagesDue('withdrawal', dueBefore);
        expect(first).toHaveLength(200);
        expect(first!.map((r) => r.operation_id)).not.toContain(newest);
        const due = (await everyDue('withdrawal', dueBefore)).map((r) => r.operation_id);
        expect(new Set(due).size).toBe(due.length);
        expect(due.indexOf(newest)).toBeGreaterThan(Math.max(...older.map((id) => due.indexOf(id))));
        expect(due).toEqual(expect.arrayContaining([...older, newest]));
      } finally {
        // Nothing left due in the shared database for the next run's sweeps.
        for (const id of made) await reservations.release(caller, id);
      }
    });
  });

  describe('reversal reservations', () => {
    const refund = (caller: Caller, paymentReference: string, operation = randomUUID()) =>
      reservations.reserve(caller, {
        operation_id: operation,
        kind: 'refund',
        wallet: 'api',
        payment_reference: paymentReference,
        confirm_within_seconds: 300,
      });

    it('holds an unsettled payment: reserved from pending settlement, settles again when released, never when consumed', async () => {
      const caller = await newMerchant('live', 'TRY', 0);
      const paidAt = new Date(Date.now() + 40 * 86_400_000);
      const [first, second] = [`v3:${randomUUID()}`, `v3:${randomUUID()}`];
      await collect(caller, first, '80.00', 'TRY', paidAt);
      await collect(caller, second, '20.00', 'TRY', paidAt);
      const released = await refund(caller, first);
      expect(released).toMatchObject({ amount: '80.00', status: 'reserved' });
      const consumed = await refund(caller, second);
      expect(await wallets(caller)).toMatchObject({ available: '0.00', pending_settlement: '0.00', reserved: '100.00' });
      await expect(refund(caller, first)).rejects.toMatchObject({ code: '1000012' });
      await settleAt(new Date(paidAt.getTime() + 1000));
      expect(await wallets(caller)).toMatchObject({ available: '0.00', pending_settlement: '0.00' });
      await reservations.release(caller, released.operation_id);
      await reservations.consume(caller, consumed.operation_id);
      expect(await wallets(caller)).toMatchObject({ available: '0.00', pending_settlement: '80.00', reserved: '0.00' });
      await settleAt(new Date(paidAt.getTime() + 2000));
      expect(await wallets(caller)).toMatchObject({ available: '80.00', pending_settlement: '0.00', reserved: '0.00' });
      // Released, the payment may be refunded again: now from available.
      expect(await refund(caller, first)).toMatchObject({ amount: '80.00', status: 'reserved' });
      expect(await wallets(caller)).toMatchObject({ available: '0.00', reserved: '80.00' });
    });

    it('reserves exactly what a converted payment was booked at, and refuses a payment the ledger never booked', async () => {
      const caller = await newMerchant('sandbox', 'USD');
      const reference = `v3:${randomUUID()}`;
      await collect(caller, reference, '100.00', 'EUR', new Date('2021-06-01T00:00:00Z'));
      expect(await refund(caller, reference)).toMatchObject({ amount: '108.00', currency_code: 'USD' });
      await expect(
        reservations.reserve(caller, {
          operation_id: randomUUID(),
          kind: 'refund',
          wallet: 'api',
          payment_reference: `v3:${randomUUID()}`,
          confirm_within_seconds: 300,
        }),
      ).rejects.toMatchObject({ code: '1000012' });
      const stranger = await newMerchant('sandbox', 'USD');
      await expect(refund(stranger, reference)).rejects.toMatchObject({ code: '1000012' });
    });
  });

  describe('property: random sequences of money movements', () => {
    type Step =
      | { op: 'pay'; amount: number; replay: boolean }
      | { op: 'settle' }
      | { op: 'reserve'; amount: number }
      | { op: 'release'; pick: number; replay: boolean }
      | { op: 'consume'; pick: number; replay: boolean }
      | { op: 'dispute'; amount: number; win: boolean };

    const cents = fc.integer({ min: 1, max: 50_000 });
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ op: fc.constant('pay' as const), amount: cents, replay: fc.boolean() }),
      fc.record({ op: fc.constant('settle' as const) }),
      fc.record({ op: fc.constant('reserve' as const), amount: cents }),
      fc.record({ op: fc.constant('release' as const), pick: fc.nat(), replay: fc.boolean() }),
      fc.record({ op: fc.constant('consume' as const), pick: fc.nat(), replay: fc.boolean() }),
      fc.record({ op: fc.constant('dispute' as const), amount: cents, win: fc.boolean() }),
    );

    it('keeps the books balanced, matches the model, never overdraws by reservation, and ignores replays', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<'sandbox' | 'live'>('sandbox', 'live'),
          fc.array(step, { minLength: 5, maxLength: 25 }),
          async (environment, steps) => {
            const caller = await newMerchant(environment, 'TRY', 0);
            const model = { available: new Decimal(0), pending: new Decimal(0), reserved: new Decimal(0) };
            const open: { id: string; amount: Decimal }[] = [];
            const closed: { id: string; how: 'release' | 'consume' }[] = [];
            const payments: { reference: string; amount: Decimal }[] = [];
            for (const s of steps) {
              const amount = 'amount' in s ? new Decimal(s.amount).div(100) : new Decimal(0);
              if (s.op === 'pay') {
                const replayOf = s.replay ? payments[0] : undefined;
                const reference = replayOf?.reference ?? `v3:${randomUUID()}`;
                await collect(caller, reference, (replayOf?.amount ?? amount).toFixed(2));
                if (!replayOf) {
                  payments.push({ reference, amount });
                  if (environment === 'live') model.pending = model.pending.plus(amount);
                  else model.available = model.available.plus(amount);
                }
              } else if (s.op === 'settle') {
                await settleAt(new Date(Date.now() + 1000));
                model.available = model.available.plus(model.pending);
                model.pending = new Decimal(0);
              } else if (s.op === 'reserve') {
                const attempt = reservations.reserve(caller, {
                  operation_id: randomUUID(),
                  kind: 'withdrawal',
                  wallet: 'api',
                  amount: amount.toFixed(2),
                  confirm_within_seconds: 300,
                });
                if (model.available.lt(amount)) {
                  await expect(attempt).rejects.toMatchObject({ code: '9000020' });
                } else {
                  const reservation = await attempt;
                  open.push({ id: reservation.operation_id, amount });
                  model.available = model.available.minus(amount);
                  model.reserved = model.reserved.plus(amount);
                }
              } else if (s.op === 'release' || s.op === 'consume') {
                const replay = s.replay ? closed.find((entry) => entry.how === s.op) : undefined;
                if (replay) {
                  await (s.op === 'release' ? reservations.release(caller, replay.id) : reservations.consume(caller, replay.id));
                } else if (open.length > 0) {
                  const [target] = open.splice(s.pick % open.length, 1);
                  await (s.op === 'release' ? reservations.release(caller, target!.id) : reservations.consume(caller, target!.id));
                  closed.push({ id: target!.id, how: s.op });
                  model.reserved = model.reserved.minus(target!.amount);
                  if (s.op === 'release') model.available = model.available.plus(target!.amount);
                }
              } else {
                const dispute = { id: randomUUID(), merchantCode: caller.merchantCode, environment, amount, currency: 'TRY', occurredAt: new Date() };
                await dataSource.transaction((tx) => bookings.dispute(tx, 'debit', dispute));
                // Recording the same dispute again books nothing.
                await dataSource.transaction((tx) => bookings.dispute(tx, 'debit', dispute));
                model.available = model.available.minus(amount);
                if (s.win) {
                  await dataSource.transaction((tx) => bookings.dispute(tx, 'credit', dispute));
                  model.available = model.available.plus(amount);
                }
              }
            }
            const api = await wallets(caller);
            expect(api).toEqual({
              wallet: 'api',
              available: model.available.toFixed(2),
              pending_settlement: model.pending.toFixed(2),
              reserved: model.reserved.toFixed(2),
            });
            const withdrawable = await balances.withdrawable(caller);
            expect(withdrawable.can_withdraw).toBe(model.available.gte(0));
            // The running totals equal a recomputation from the postings.
            const recomputed = await queryRows<{ part: string; total: string }>(
              dataSource,
              `SELECT a.part, COALESCE(sum(p.amount), 0)::numeric(20, 2)::text AS total FROM ledger.accounts a LEFT JOIN ledger.postings p ON p.account_id = a.id
              WHERE a.owner = $1 AND a.wallet = 'api' GROUP BY a.part`,
              [caller.merchantCode],
            );
            for (const row of recomputed) expect(row.total).toBe(api[row.part as 'available' | 'pending_settlement' | 'reserved']);
          },
        ),
        { numRuns: 30 },
      );
      const books = await trialBalance.run();
      expect(books).toMatchObject({ balanced: true, unbalanced_transactions: [], mismatched_accounts: [] });
    });
  });
});
