import { DataSource } from 'typeorm';
import { MoveRefused, connectToServiceSchema } from '@platform/persistence';
import { finishTransactions, openTransaction, undoMigrationsDownTo, withMigratedScratchSchema } from '@platform/service-testing';
import { ownerAndStrangers, testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { newPaymentRow } from './payment-fixtures';
import { PaymentRepository, type PaymentRow } from './payment.repository';

const card = { bin: '435509', last_four: '4242', network: 'visa' };

/**
 * ADR 0033 on the real payments schema: a payment is created at version 1 and every change the
 * merchant can see (paid, a failed attempt, expired) raises it by exactly one in the UPDATE
 * that makes the change, so two racing changes never share a version.
 */
describe('payment versions', () => {
  const { owner } = ownerAndStrangers();
  const payments = new PaymentRepository();
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const newPayment = (expiresAt = new Date(Date.now() + 3_600_000)): Promise<PaymentRow> =>
    payments.insert(dataSource, owner, newPaymentRow({ expires_at: expiresAt }));

  const stored = async (id: string) => (await payments.findById(dataSource, id))!;

  const open = () => openTransaction(dataSource);
  const finish = finishTransactions;

  it('starts at 1 and raises it once per failed attempt and once for paying, reporting the status before', async () => {
    const payment = await newPayment();
    expect(payment.version).toBe(1);

    const failed = await payments.transition(dataSource, owner, payment.id, { move: 'record_failure', reason_code: 'card_declined' });
    expect(failed).toMatchObject({ status: 'created', version: 2, previous_status: 'created', failure: { attempt_count: 1 } });
    const again = await payments.transition(dataSource, owner, payment.id, { move: 'record_failure', reason_code: 'card_declined' });
    expect(again).toMatchObject({ status: 'created', version: 3, previous_status: 'created', failure: { attempt_count: 2 } });

    const paid = await payments.transition(dataSource, owner, payment.id, { move: 'pay', card, paid_at: new Date() });
    expect(paid).toMatchObject({ status: 'paid', version: 4, previous_status: 'created' });
    expect((await stored(payment.id)).version).toBe(4);
  });

  it('does not raise it for a move the payment refuses', async () => {
    const payment = await newPayment();
    await payments.transition(dataSource, owner, payment.id, { move: 'pay', card, paid_at: new Date() });
    await expect(payments.transition(dataSource, owner, payment.id, { move: 'record_failure', reason_code: 'card_declined' })).rejects.toThrow(MoveRefused);
    expect((await stored(payment.id)).version).toBe(2);
  });

  it('raises it once when the sweep expires a payment', async () => {
    const payment = await newPayment(new Date(Date.now() - 1000));
    await payments.transition(dataSource, owner, payment.id, { move: 'record_failure', reason_code: 'card_declined' });
    // Other suites' due payments are in the same table: sweep until this one has gone.
    while ((await stored(payment.id)).status === 'created') await dataSource.transaction((tx) => payments.expireDue(tx, new Date(), 1000));
    expect(await stored(payment.id)).toMatchObject({ status: 'expired', version: 3 });
  });

  it('lets only one of two racing payments win, and the loser changes nothing', async () => {
    const payment = await newPayment();
    const [first, second] = [await open(), await open()];
    try {
      const won = await payments.transition(first.manager, owner, payment.id, { move: 'pay', card, paid_at: new Date() });
      // The second waits on the row inside its own statement until the first commits.
      const racing = payments.transition(second.manager, owner, payment.id, { move: 'pay', card: { ...card, last_four: '1111' }, paid_at: new Date() });
      const lost = racing.then(
        () => 'moved',
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.commitTransaction();
      expect(await lost).toBeInstanceOf(MoveRefused);
      await second.commitTransaction();
      expect(won).toMatchObject({ version: 2, previous_status: 'created' });
      expect(await stored(payment.id)).toMatchObject({ status: 'paid', version: 2, card });
    } finally {
      await finish(first, second);
    }
  });

  it('gives two racing failed attempts distinct versions, the second counting from what the first wrote', async () => {
    const payment = await newPayment();
    const [first, second] = [await open(), await open()];
    try {
      const one = await payments.transition(first.manager, owner, payment.id, { move: 'record_failure', reason_code: 'card_declined' });
      const racing = payments.transition(second.manager, owner, payment.id, { move: 'record_failure', reason_code: 'insufficient_funds' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.commitTransaction();
      const two = await racing;
      await second.commitTransaction();
      expect([one.version, two.version]).toEqual([2, 3]);
      expect(two).toMatchObject({ previous_status: 'created', failure: { attempt_count: 2, reason_code: 'insufficient_funds' } });
      expect((await stored(payment.id)).version).toBe(3);
    } finally {
      await finish(first, second);
    }
  });

  it('refuses a failed attempt racing a payment that committed first: one change, one version', async () => {
    const payment = await newPayment();
    const [first, second] = [await open(), await open()];
    try {
      await payments.transition(first.manager, owner, payment.id, { move: 'pay', card, paid_at: new Date() });
      const lost = payments.transition(second.manager, owner, payment.id, { move: 'record_failure', reason_code: 'card_declined' }).then(
        () => 'moved',
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.commitTransaction();
      expect(await lost).toBeInstanceOf(MoveRefused);
      expect(await stored(payment.id)).toMatchObject({ status: 'paid', version: 2, failure: null });
    } finally {
      await finish(first, second);
    }
  });

  it('migrates existing payments to the version their history gives, and drops the column on the way down', async () => {
    await withMigratedScratchSchema(DATABASE, async (db) => {
      await undoMigrationsDownTo(db, DATABASE.schema, 'PaymentVersions1763800000100');
      const insert = (code: string, status: string, failure: object | null) =>
        db.query(
          `INSERT INTO payments.payments (merchant_code, environment, code, amount, currency_code, merchant_name, page_token, created_at, expires_at, status, failure)
           VALUES ('MRC-1', 'sandbox', $1::text, 10, 'TRY', 'Shop', $1::text, now(), now() + interval '1 day', $2, $3)`,
          [code, status, failure && JSON.stringify(failure)],
        );
      await insert('fresh', 'created', null);
      await insert('retried', 'created', { attempt_count: 2, reason_code: 'card_declined' });
      await insert('paid', 'paid', null);
      await insert('paidlate', 'paid', { attempt_count: 1, reason_code: 'card_declined' });
      await insert('lapsed', 'expired', null);

      await db.runMigrations({ transaction: 'each' });
      expect(await db.query('SELECT code, version FROM payments.payments ORDER BY code')).toEqual([
        { code: 'fresh', version: 1 },
        { code: 'lapsed', version: 2 },
        { code: 'paid', version: 2 },
        { code: 'paidlate', version: 3 },
        { code: 'retried', version: 3 },
      ]);

      await undoMigrationsDownTo(db, DATABASE.schema, 'PaymentVersions1763800000100');
      expect(
        await db.query(
          `SELECT column_name FROM information_schema.columns WHERE table_schema = 'payments' AND table_name = 'payments' AND column_name = 'version'`,
        ),
      ).toEqual([]);
    });
  });
});
