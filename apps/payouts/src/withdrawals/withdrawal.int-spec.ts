import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import {
  ApiError,
  ConfirmReservation,
  ConsumeReservation,
  Errors,
  GetWithdrawableBalance,
  ReleaseReservation,
  ReserveFunds,
  TOPIC_SPECS,
  type Owner,
  type Reservation,
} from '@platform/contracts';
import { KafkaConnection, type RpcClient } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { connectToServiceSchema } from '@platform/persistence';
import { FourEyesFields, MaintenanceFlags, MerchantSettings } from '@platform/service-kit';
import {
  FakeRpcClient,
  TestClock,
  merchantEnvironmentFixture,
  ownerAndStrangers,
  publishFxRates,
  publishMerchantSettings,
  recordRunTopicPrefix,
  testInfrastructure,
} from '@platform/testing';
import { DATABASE } from '../database';
import { tronAddress } from './tron-address';
import { UsdtRates } from './usdt-rates';
import { WithdrawalRepository } from './withdrawal.repository';
import { WithdrawalService } from './withdrawal.service';
import type { Config } from '../config';

/**
 * Withdrawals through the payouts service on its real schema, real Kafka for the merchant's
 * settings and the rates, and a fake ledger that answers the reservation commands.
 */
describe('withdrawal requests', () => {
  const logger = createLogger('payouts-it', 'warn');
  const topicPrefix = `it-payouts-${randomUUID().slice(0, 8)}.`;
  recordRunTopicPrefix(topicPrefix);
  const { owner, otherEnvironment: live } = ownerAndStrangers();
  const address = tronAddress(Buffer.alloc(20, 7));
  const clock = new TestClock(new Date('2026-11-23T10:00:00.000Z'));
  const reservations = new Map<string, Reservation>();
  const ledger = new FakeRpcClient();
  let canWithdraw = true;
  let kafka: KafkaConnection;
  let settings: MerchantSettings;
  let maintenance: MaintenanceFlags;
  let rates: UsdtRates;
  let dataSource: DataSource;
  let withdrawals: WithdrawalService;

  const step = (status: Reservation['status'], confirmed: boolean) => (request: { operation_id: string }) => {
    const reservation = { ...reservations.get(request.operation_id)!, status, confirmed };
    reservations.set(request.operation_id, reservation);
    return reservation;
  };
  ledger
    .answer(GetWithdrawableBalance, () => ({ currency_code: 'TRY', withdrawable_amount: '1000.00', can_withdraw: canWithdraw, environment: 'sandbox' }))
    .answer(ReserveFunds, (request) => {
      const reservation: Reservation = {
        operation_id: request.operation_id,
        kind: request.kind,
        wallet: request.wallet,
        amount: request.amount!,
        currency_code: 'TRY',
        status: 'reserved',
        confirmed: false,
      };
      reservations.set(request.operation_id, reservation);
      return reservation;
    })
    .answer(ConfirmReservation, step('reserved', true))
    .answer(ConsumeReservation, step('consumed', true))
    .answer(ReleaseReservation, step('released', false));

  const ask = (caller: Owner, amount: string, key: string, scenario: 'sent' | 'rejected' | null = null) =>
    withdrawals.request(caller, { body: { amount, address, address_acknowledged: true }, fingerprint: `POST /api/v3/withdrawals ${amount}`, scenario }, key);

  beforeAll(async () => {
    kafka = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `payouts-it`, topicPrefix }, logger);
    await kafka.ensureTopics(TOPIC_SPECS);
    await publishMerchantSettings(topicPrefix, [
      merchantEnvironmentFixture({
        merchant_code: owner.merchantCode,
        environment: 'sandbox',
        version: 1,
        withdrawal_min_amount: '10.00',
        withdrawal_daily_limit: '500.00',
      }),
      merchantEnvironmentFixture({
        merchant_code: live.merchantCode,
        environment: 'live',
        version: 1,
        withdrawal_min_amount: '10.00',
        withdrawal_daily_limit: '500.00',
      }),
    ]);
    await publishFxRates(topicPrefix, { TRY: '0.03', USDT: '1' });
    settings = new MerchantSettings(kafka, logger);
    maintenance = new MaintenanceFlags(kafka, logger, clock);
    await Promise.all([settings.start(), maintenance.start()]);
    await Promise.all([settings.ready, maintenance.ready]);
    await settings.current({ ...owner, settingsVersion: 1 }, 10000);
    await settings.current({ ...live, settingsVersion: 1 }, 10000);
    rates = new UsdtRates(kafka, logger);
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
    // Four eyes from 40.00 TRY: the live withdrawals below are above it, unless said otherwise.
    const fourEyes = { FOUR_EYES_MIN_AMOUNTS: FourEyesFields.FOUR_EYES_MIN_AMOUNTS.parse('TRY:40.00') } as Config;
    withdrawals = new WithdrawalService(dataSource, new WithdrawalRepository(), settings, maintenance, rates, ledger as unknown as RpcClient, clock, fourEyes);
  });

  afterAll(async () => {
    await rates?.onApplicationShutdown();
    await Promise.all([settings?.stop(), maintenance?.stop()]);
    await kafka?.close();
    await dataSource?.destroy();
  });

  it('sends a sandbox withdrawal at once: reserves its amount at the ledger, consumes it, converts at the current rate', async () => {
    const key = randomUUID();
    const { withdrawal, scenario } = await ask(owner, '100.00', key);
    expect(scenario).toBe('sent');
    expect(withdrawal).toMatchObject({ status: 'sent', amount: '100.00', address, usdt_amount: '3.000000' });
    expect(ledger.sentOf(ReserveFunds).at(-1)).toMatchObject({ operation_id: withdrawal.id, kind: 'withdrawal', wallet: 'api', amount: '100.00' });
    expect(reservations.get(withdrawal.id)).toMatchObject({ status: 'consumed' });
  });

  it('answers a repeat of the same key with the first answer and asks the ledger nothing more', async () => {
    const key = randomUUID();
    const first = await ask(owner, '20.00', key);
    const commands = ledger.sent.length;
    expect(await ask(owner, '20.00', key)).toEqual(first);
    expect(ledger.sent.length).toBe(commands);
    await expect(ask(owner, '21.00', key)).rejects.toMatchObject({ code: '9000039' });
    await expect(ask(owner, '20.00', key, 'rejected')).rejects.toMatchObject({ code: '9000010' });
  });

  it('refuses a repeat while the first request with its key still runs, so that the two never answer differently', async () => {
    // The first request waits at the ledger, which then finds the wallet short; money arriving
    // meanwhile would let a repeat that had waited its turn run afresh and be sent.
    const key = randomUUID();
    const withdrawalsOf12 = async () =>
      (
        await dataSource.query(`SELECT id FROM payouts.withdrawals WHERE merchant_code = $1 AND environment = $2 AND amount = '12.00'`, [
          owner.merchantCode,
          owner.environment,
        ])
      ).map((row: { id: string }) => row.id);
    const { first, repeat } = await ledger.repeatWhileHeld(
      ReserveFunds,
      new ApiError(Errors.BalanceInsufficient, 'the api wallet has 5.00 TRY available'),
      () => ask(owner, '12.00', key),
    );
    await expect(repeat).rejects.toMatchObject({ code: '9000039' });
    await expect(first).rejects.toMatchObject({ code: '9000020' });
    expect(await withdrawalsOf12()).toEqual([]);

    // A refusal keeps no key: once the first has finished, the repeat runs afresh.
    const { withdrawal } = await ask(owner, '12.00', key);
    expect(await withdrawalsOf12()).toEqual([withdrawal.id]);
  });

  it('refuses what would pass the daily limit with 9000021, and a blocked balance with 9000022, reserving nothing', async () => {
    const reserved = ledger.sentOf(ReserveFunds).length;
    await expect(ask(owner, '400.00', randomUUID())).rejects.toMatchObject({ code: '9000021' });
    canWithdraw = false;
    await expect(ask(owner, '10.00', randomUUID())).rejects.toMatchObject({ code: '9000022' });
    canWithdraw = true;
    expect(ledger.sentOf(ReserveFunds)).toHaveLength(reserved);
  });

  it('keeps a live withdrawal requested with its reservation confirmed, for an operator to send or reject', async () => {
    const { withdrawal, scenario } = await ask(live, '50.00', randomUUID());
    expect([scenario, withdrawal.status]).toEqual([null, 'requested']);
    expect(reservations.get(withdrawal.id)).toMatchObject({ status: 'reserved', confirmed: true });
    await withdrawals.decide(withdrawal.id, { action: 'approve', operator: 'token:alice' });
    const sent = await withdrawals.decide(withdrawal.id, { action: 'send', tx_hash: 'a'.repeat(64), operator: 'token:bob' });
    expect(sent.after).toMatchObject({ status: 'sent', tx_hash: 'a'.repeat(64), merchant_code: live.merchantCode, approved_by: 'token:alice' });
    expect(reservations.get(withdrawal.id)).toMatchObject({ status: 'consumed' });
    await expect(withdrawals.decide(withdrawal.id, { action: 'reject', reason: 'too late', operator: 'token:bob' })).rejects.toMatchObject({ code: '1000012' });
    await expect(withdrawals.decide(withdrawal.id, { action: 'approve', operator: 'token:bob' })).rejects.toMatchObject({ code: '1000012' });
  });

  it('sends from the four-eyes amount only after an approval, by another operator than the approver; below it, at once', async () => {
    const { withdrawal } = await ask(live, '60.00', randomUUID());
    const send = (operator: string) => withdrawals.decide(withdrawal.id, { action: 'send', tx_hash: 'b'.repeat(64), operator });
    await expect(send('token:alice')).rejects.toMatchObject({ code: '1000015', message: expect.stringContaining('needs a second operator') });
    const approved = await withdrawals.decide(withdrawal.id, { action: 'approve', operator: 'token:alice' });
    expect(approved.after).toMatchObject({ status: 'requested', approved_by: 'token:alice' });
    // Approving again is the same approval; another operator's is refused, and the first approver stays.
    expect((await withdrawals.decide(withdrawal.id, { action: 'approve', operator: 'token:alice' })).after.approved_by).toBe('token:alice');
    await expect(withdrawals.decide(withdrawal.id, { action: 'approve', operator: 'token:carol' })).rejects.toMatchObject({ code: '1000012' });
    await expect(send('token:alice')).rejects.toMatchObject({ code: '1000015' });
    expect(reservations.get(withdrawal.id)).toMatchObject({ status: 'reserved' });
    expect((await send('token:bob')).after).toMatchObject({ status: 'sent', approved_by: 'token:alice' });

    // The shared bootstrap token names nobody: it is neither pair of eyes.
    const shared = (await ask(live, '70.00', randomUUID())).withdrawal;
    await withdrawals.decide(shared.id, { action: 'approve', operator: 'admin-token' });
    await expect(withdrawals.decide(shared.id, { action: 'send', tx_hash: 'e'.repeat(64), operator: 'token:bob' })).rejects.toMatchObject({ code: '1000015' });

    const small = (await ask(live, '30.00', randomUUID())).withdrawal;
    expect((await withdrawals.decide(small.id, { action: 'send', tx_hash: 'c'.repeat(64), operator: 'token:alice' })).after).toMatchObject({
      status: 'sent',
      approved_by: null,
    });

    // Each decision that changed something announced its audit entry in its own transaction; refusals announced nothing.
    const announced = await dataSource.query(
      `SELECT payload FROM payouts.outbox WHERE event_type = 'operator.action-recorded' AND message_key = $1 ORDER BY seq`,
      [`${live.merchantCode}/withdrawals/${withdrawal.id}`],
    );
    expect(
      announced.map(({ payload }: { payload: { actor: string; action: string; after: { status: string } } }) => [
        payload.actor,
        payload.action,
        payload.after.status,
      ]),
    ).toEqual([
      ['token:alice', 'withdrawal.approve', 'requested'],
      ['token:alice', 'withdrawal.approve', 'requested'],
      ['token:bob', 'withdrawal.send', 'sent'],
    ]);
  });
});
