import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Owner } from '@platform/contracts';
import { connectToServiceSchema } from '@platform/persistence';
import { undoMigrationsDownTo, withMigratedScratchSchema } from '@platform/service-testing';
import type { Clock } from '@platform/service-kit';
import { TestClock, ownerAndStrangers, testInfrastructure } from '@platform/testing';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { PaymentQueryService } from './payment-query.service';
import { newPaymentRow } from './payment-fixtures';
import { PaymentRepository, type PaymentRow } from './payment.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The merchant's own list of payments (ListPayments, the panel's; ADR 0035) on the real
 * payments schema: newest first, the API's status (an unpaid payment past expires_at is
 * expired), a created_at range, a search by the start of the code or the reference, paging
 * with the API's meta, each item the record GetPayment answers, and never
 * another merchant's or environment's payment.
 */
describe('the merchant’s list of payments', () => {
  const { owner, strangers } = ownerAndStrangers();
  const run = randomBytes(3).toString('hex');
  const now = new Date();
  const clock = new TestClock(now);
  const repository = new PaymentRepository();
  let dataSource: DataSource;
  let queries: PaymentQueryService;
  const mine: Record<'oldest' | 'paid' | 'expired' | 'newest', PaymentRow> = {} as never;

  const insert = (who: Owner, code: string, reference: string | null, createdAt: Date, expiresAt: Date) =>
    repository.insert(dataSource, who, newPaymentRow({ code, merchant_reference: reference, created_at: createdAt, expires_at: expiresAt }));

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
    queries = new PaymentQueryService(dataSource, repository, { CHECKOUT_PUBLIC_URL: 'http://checkout.test' } as Config, clock as unknown as Clock);
    const at = (ago: number) => new Date(now.getTime() - ago);
    mine.oldest = await insert(owner, `${run}a1`, `ORDER-100-${run}`, at(3 * DAY), new Date(now.getTime() + HOUR));
    mine.paid = await insert(owner, `${run}a2`, `ORDER-101-${run}`, at(2 * DAY), new Date(now.getTime() + HOUR));
    await repository.transition(dataSource, owner, mine.paid.id, {
      move: 'pay',
      card: { bin: '435509', last_four: '4242', network: 'visa' },
      paid_at: at(DAY),
    });
    // Unpaid and past expires_at, not yet marked by the expiry job: the API already says expired.
    mine.expired = await insert(owner, `${run}a3`, null, at(DAY), at(DAY - HOUR));
    mine.newest = await insert(owner, `${run}a4`, `INV_7-${run}`, at(HOUR), new Date(now.getTime() + HOUR));
    // The same references and times in another merchant's account and in the owner's other environment.
    for (const [index, stranger] of strangers.entries()) {
      await insert(stranger, `${run}b${index}1`, `ORDER-100-${run}`, at(3 * DAY), new Date(now.getTime() + HOUR));
      await insert(stranger, `${run}b${index}4`, `INV_7-${run}`, at(HOUR), new Date(now.getTime() + HOUR));
    }
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const list = (who: Owner, filters: Partial<Parameters<PaymentQueryService['list']>[1]> = {}) =>
    queries.list(who, { page: 1, per_page: 20, status: null, created_from: null, created_to: null, search: null, ...filters });
  const codes = async (who: Owner, filters: Partial<Parameters<PaymentQueryService['list']>[1]> = {}) =>
    (await list(who, filters)).data.map((payment) => payment.payment_code);

  it('lists the owner’s payments newest first, each as GetPayment answers it', async () => {
    const page = await list(owner);
    expect(page.data.map((payment) => payment.payment_code)).toEqual([mine.newest.code, mine.expired.code, mine.paid.code, mine.oldest.code]);
    expect(page.meta).toEqual({ page: 1, per_page: 20, total: 4, total_pages: 1 });
    for (const item of page.data) expect(item).toEqual(await queries.get(owner, item.payment_code));
    expect(page.data.map((payment) => payment.status)).toEqual(['created', 'expired', 'paid', 'created']);
  });

  it('never shows another merchant’s or the other environment’s payments, whatever the filter', async () => {
    for (const stranger of strangers) {
      const theirs = await codes(stranger);
      expect(theirs).toHaveLength(2);
      expect(theirs.every((code) => code.startsWith(`${run}b`))).toBe(true);
      expect(await codes(stranger, { search: `${run}a` })).toEqual([]);
      expect(await codes(stranger, { search: `ORDER-100-${run}` })).toEqual([theirs[1]]);
    }
    expect(await codes(owner, { search: `ORDER-100-${run}` })).toEqual([mine.oldest.code]);
  });

  it('filters by the status the API shows', async () => {
    expect(await codes(owner, { status: 'created' })).toEqual([mine.newest.code, mine.oldest.code]);
    expect(await codes(owner, { status: 'expired' })).toEqual([mine.expired.code]);
    expect(await codes(owner, { status: 'paid' })).toEqual([mine.paid.code]);
    // An hour later the newest and the oldest have expired too.
    clock.set(new Date(now.getTime() + 2 * HOUR));
    try {
      expect(await codes(owner, { status: 'expired' })).toEqual([mine.newest.code, mine.expired.code, mine.oldest.code]);
      expect(await codes(owner, { status: 'created' })).toEqual([]);
    } finally {
      clock.set(now);
    }
  });

  it('filters by created_at, from inclusive and to exclusive', async () => {
    const at = (ago: number) => new Date(now.getTime() - ago).toISOString();
    expect(await codes(owner, { created_from: at(2.5 * DAY), created_to: at(0.5 * DAY) })).toEqual([mine.expired.code, mine.paid.code]);
    expect(await codes(owner, { created_from: at(DAY) })).toEqual([mine.newest.code, mine.expired.code]);
    expect(await codes(owner, { created_to: at(DAY) })).toEqual([mine.paid.code, mine.oldest.code]);
  });

  it('searches the start of the code (any case) or of the reference, with % and _ taken literally', async () => {
    expect(await codes(owner, { search: 'ORDER-10' })).toEqual([mine.paid.code, mine.oldest.code]);
    expect(await codes(owner, { search: `ORDER-101-${run}` })).toEqual([mine.paid.code]);
    expect(await codes(owner, { search: mine.expired.code.toUpperCase() })).toEqual([mine.expired.code]);
    expect(await codes(owner, { search: `${run}a` })).toEqual([mine.newest.code, mine.expired.code, mine.paid.code, mine.oldest.code]);
    expect(await codes(owner, { search: `INV_7-${run}` })).toEqual([mine.newest.code]);
    expect(await codes(owner, { search: `INV%7-${run}` })).toEqual([]);
    expect(await codes(owner, { search: `ORDER_100-${run}` })).toEqual([]);
    expect(await codes(owner, { search: 'order-100' })).not.toContain(mine.oldest.code);
  });

  it('pages with the API’s meta', async () => {
    const first = await list(owner, { per_page: 3 });
    const second = await list(owner, { per_page: 3, page: 2 });
    const third = await list(owner, { per_page: 3, page: 3 });
    expect(first.data.map((p) => p.payment_code)).toEqual([mine.newest.code, mine.expired.code, mine.paid.code]);
    expect(second.data.map((p) => p.payment_code)).toEqual([mine.oldest.code]);
    expect(third.data).toEqual([]);
    expect([first.meta, second.meta]).toEqual([
      { page: 1, per_page: 3, total: 4, total_pages: 2 },
      { page: 2, per_page: 3, total: 4, total_pages: 2 },
    ]);
  });

  it('reads one owner’s payments newest first through payments_owner_created', async () => {
    const plan = await dataSource.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows: { 'QUERY PLAN': string }[] = await tx.query(
        `EXPLAIN SELECT id FROM payments.payments WHERE merchant_code = $1 AND environment = $2 ORDER BY created_at DESC, id DESC LIMIT 20`,
        [owner.merchantCode, owner.environment],
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('payments_owner_created');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('adds payments_owner_created and drops it on the way down', async () => {
    const indexes = (db: DataSource) =>
      db.query(`SELECT indexname FROM pg_indexes WHERE schemaname = 'payments' AND indexname = 'payments_owner_created'`) as Promise<unknown[]>;
    await withMigratedScratchSchema(DATABASE, async (db) => {
      expect(await indexes(db)).toHaveLength(1);
      await undoMigrationsDownTo(db, DATABASE.schema, 'PaymentsByOwnerAndTime1763900000100');
      expect(await indexes(db)).toHaveLength(0);
      await db.runMigrations({ transaction: 'each' });
      expect(await indexes(db)).toHaveLength(1);
    });
  });
});
