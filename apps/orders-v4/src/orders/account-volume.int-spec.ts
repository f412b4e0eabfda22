import { randomInt, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import type { Caller } from '@platform/contracts';
import { Decimal } from '@platform/money';
import { connectToServiceSchema, queryRows, type SqlExecutor } from '@platform/persistence';
import { testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { newOrderFixture } from './order.fixtures';
import { OrderRepository, VOLUME_REFUSED, type VolumeWindow } from './order.repository';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The account's volume read from hourly totals must equal the sum over its orders, whatever
 * path wrote them: inserts, moves to and from failed, deletes, several in one transaction,
 * orders at and around hour boundaries; and the check of a new order's commit against the limits.
 */
describe('account volume from hourly totals', () => {
  const orders = new OrderRepository();
  let dataSource: DataSource;
  const base = Date.UTC(2026, 10, 20, 12, 0, 0);

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  function newOwner(): Caller {
    return { merchantCode: `vol${randomInt(1_000_000, 9_999_999)}`, environment: 'sandbox' } as Caller;
  }

  async function insertAt(db: SqlExecutor, owner: Caller, createdAt: Date, amount: string, status: string): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      db,
      `INSERT INTO orders.orders (merchant_code, environment, merchant_order_id, order_code, request_fingerprint, mode, status, amount,
         customer_token, created_at)
       VALUES ($1, $2, $3, $4, 'fp', 'hosted', $5, $6, $7, $8) RETURNING id::text`,
      [
        owner.merchantCode,
        owner.environment,
        randomUUID(),
        String(randomInt(100_000_000, 1_000_000_000)),
        status,
        amount,
        randomUUID(),
        createdAt.toISOString(),
      ],
    );
    return rows[0]!.id;
  }

  async function summedFromOrders(db: SqlExecutor, owner: Caller, since: Date, besides: string | null): Promise<string> {
    const rows = await queryRows<{ used: string }>(
      db,
      `SELECT coalesce(sum(amount), 0)::text AS used FROM orders.orders
        WHERE merchant_code = $1 AND environment = $2 AND status <> 'failed' AND created_at >= $3 AND ($4::bigint IS NULL OR id <> $4::bigint)`,
      [owner.merchantCode, owner.environment, since.toISOString(), besides],
    );
    return rows[0]!.used;
  }

  // Offsets in minutes from `base`: exact hours, a minute either side of one, and anywhere in 40 days.
  const minute = fc.oneof(
    fc.integer({ min: -40 * 24, max: 2 }).map((h) => h * 60),
    fc.integer({ min: -40 * 24, max: 2 }).chain((h) => fc.constantFrom(h * 60 - 1, h * 60 + 1)),
    fc.integer({ min: -40 * 24 * 60, max: 120 }),
  );
  const amount = fc.integer({ min: 1, max: 1_000_000 }).map((cents) => (cents / 100).toFixed(2));
  const status = fc.constantFrom('requires_hosted', 'pending', 'paid', 'failed');
  // Window starts anywhere, or on an order's hour, minute, or a minute either side of it: where hours split.
  type WindowStart = { at: 'anywhere'; minute: number } | { at: 'order'; pick: number; shift: 'hour' | -1 | 0 | 1 };
  const windowStart: fc.Arbitrary<WindowStart> = fc.oneof(
    fc.record({ at: fc.constant('anywhere' as const), minute }),
    fc.record({ at: fc.constant('order' as const), pick: fc.nat(), shift: fc.constantFrom<'hour' | -1 | 0 | 1>('hour', -1, 0, 1) }),
  );
  function startMinute(start: WindowStart, orderMinutes: number[]): number {
    if (start.at === 'anywhere' || orderMinutes.length === 0) return start.at === 'anywhere' ? start.minute : 0;
    const order = orderMinutes[start.pick % orderMinutes.length]!;
    return start.shift === 'hour' ? Math.floor(order / 60) * 60 : order + start.shift;
  }
  type Step = { op: 'insert'; minute: number; amount: string; status: string } | { op: 'move'; pick: number; status: string } | { op: 'delete'; pick: number };
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('insert' as const), minute, amount, status }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('move' as const), pick: fc.nat(), status }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  );

  it('equals the sum over the orders for every window start, after any writes in any grouping', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.array(windowStart, { minLength: 1, maxLength: 4 }),
        async (transactions, starts) => {
          const owner = newOwner();
          const ids: string[] = [];
          for (const steps of transactions) {
            await dataSource.transaction(async (tx) => {
              for (const s of steps) {
                if (s.op === 'insert') ids.push(await insertAt(tx, owner, new Date(base + s.minute * 60_000), s.amount, s.status));
                else if (ids.length > 0 && s.op === 'move') {
                  await tx.query('UPDATE orders.orders SET status = $2 WHERE id = $1', [ids[s.pick % ids.length], s.status]);
                } else if (ids.length > 0 && s.op === 'delete') {
                  await tx.query('DELETE FROM orders.orders WHERE id = $1', [ids.splice(s.pick % ids.length, 1)[0]]);
                }
              }
            });
          }
          const inserted = transactions.flat().flatMap((s) => (s.op === 'insert' ? [s.minute] : []));
          const since = starts.map((start) => new Date(base + startMinute(start, inserted) * 60_000));
          const expected = await Promise.all(since.map((s) => summedFromOrders(dataSource, owner, s, null)));
          const cents = (values: string[]) => values.map((value) => new Decimal(value).toFixed(2));
          expect(cents(await orders.volumeSince(dataSource, owner, since))).toEqual(cents(expected));
        },
      ),
      { numRuns: 60 },
    );
  });

  const hostedOrder = (amount: string) => newOrderFixture({ amount });

  it('refuses a commit of several orders exactly when an account’s volume, summed over its orders, would pass a window', async () => {
    const row = fc.record({ account: fc.constantFrom(0, 1), minute, cents: fc.integer({ min: 1, max: 100_000 }), status });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(row, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ start: windowStart, cents: fc.integer({ min: 0, max: 500_000 }) }), { minLength: 1, maxLength: 3 }),
        async (transactions, limits) => {
          const owners = [newOwner(), newOwner()];
          const inserted = transactions.flat().map((r) => r.minute);
          const windows: VolumeWindow[] = limits.map((limit, index) => ({
            since: new Date(base + startMinute(limit.start, inserted) * 60_000),
            limit: (limit.cents / 100).toFixed(2),
            name: `w${index}`,
          }));
          for (const rows of transactions) {
            const expectRefused = (
              await Promise.all(
                owners.map(async (owner, account) => {
                  const mine = rows.filter((r) => r.account === account && r.status !== 'failed');
                  if (mine.length === 0) return false;
                  for (const window of windows) {
                    const added = mine
                      .filter((r) => base + r.minute * 60_000 >= window.since.getTime())
                      .reduce((sum, r) => sum.plus(r.cents / 100), new Decimal(0));
                    if (new Decimal(await summedFromOrders(dataSource, owner, window.since, null)).plus(added).gt(window.limit)) return true;
                  }
                  return false;
                }),
              )
            ).some(Boolean);
            const committed = dataSource.transaction(async (tx) => {
              await tx.query(`SELECT set_config('orders.volume_windows', $1, true)`, [
                JSON.stringify(windows.map((w) => ({ since: w.since.toISOString(), limit: w.limit, name: w.name }))),
              ]);
              for (const r of rows) await insertAt(tx, owners[r.account]!, new Date(base + r.minute * 60_000), (r.cents / 100).toFixed(2), r.status);
            });
            if (expectRefused) await expect(committed).rejects.toMatchObject({ code: VOLUME_REFUSED });
            else await committed;
          }
          for (const owner of owners) {
            const expected = await Promise.all(windows.map((w) => summedFromOrders(dataSource, owner, w.since, null)));
            const cents = (values: string[]) => values.map((value) => new Decimal(value).toFixed(2));
            expect(
              cents(
                await orders.volumeSince(
                  dataSource,
                  owner,
                  windows.map((w) => w.since),
                ),
              ),
            ).toEqual(cents(expected));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads the volume again for an order after a change of another order in the same commit', async () => {
    const owner = newOwner();
    const now = new Date();
    const declined = await insertAt(dataSource, owner, new Date(now.getTime() - HOUR_MS), '80.00', 'failed');
    const refused = dataSource.transaction(async (tx) => {
      await orders.insert(tx, owner, hostedOrder('10.00'), windows(now));
      // Back from failed: 80.00 counts again, so the order after it passes the daily 100.00.
      await tx.query(`UPDATE orders.orders SET status = 'pending' WHERE id = $1`, [declined]);
      await orders.insert(tx, owner, hostedOrder('10.01'), windows(now));
    });
    await expect(refused).rejects.toMatchObject({ code: VOLUME_REFUSED, detail: 'daily' });
  });

  const windows = (now: Date): VolumeWindow[] => [
    { since: new Date(now.getTime() - 30 * DAY_MS), limit: '2000.00', name: 'monthly' },
    { since: new Date(now.getTime() - DAY_MS), limit: '100.00', name: 'daily' },
  ];

  it('refuses at its commit an order that would pass a window, naming the window, and stores nothing of it', async () => {
    const owner = newOwner();
    const now = new Date();
    await insertAt(dataSource, owner, new Date(now.getTime() - 2 * DAY_MS), '900.00', 'paid');
    await insertAt(dataSource, owner, new Date(now.getTime() - HOUR_MS), '60.00', 'pending');
    const since = windows(now).map((w) => w.since);
    const over = hostedOrder('40.01');
    await expect(orders.insert(dataSource, owner, over, windows(now))).rejects.toMatchObject({ code: VOLUME_REFUSED, detail: 'daily' });
    await expect(orders.insert(dataSource, owner, hostedOrder('1100.00'), windows(now))).rejects.toMatchObject({ detail: 'monthly' });
    expect([await orders.find(dataSource, owner, over.merchant_order_id), await orders.volumeSince(dataSource, owner, since)]).toEqual([
      undefined,
      ['960.00', '60.00'],
    ]);
    await expect(orders.insert(dataSource, owner, hostedOrder('40.00'), windows(now))).resolves.toMatchObject({ status: 'requires_hosted' });
    expect(await orders.volumeSince(dataSource, owner, since)).toEqual(['1000.00', '100.00']);
  });

  it('lets parallel orders pass a window only as far as its limit', async () => {
    const owner = newOwner();
    const answers = await Promise.allSettled(Array.from({ length: 8 }, () => orders.insert(dataSource, owner, hostedOrder('30.00'), windows(new Date()))));
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
    expect(answers.filter((a) => a.status === 'rejected' && (a.reason as { code?: string }).code === VOLUME_REFUSED)).toHaveLength(5);
  });

  describe('several orders in one statement', () => {
    it('inserts each under its own account, counts each account, and leaves out an id that exists or comes twice', async () => {
      const [first, second] = [newOwner(), newOwner()];
      const existing = hostedOrder('10.00');
      await orders.insert(dataSource, first, existing, windows(new Date()));
      const twice = hostedOrder('20.00');
      const items = [
        { owner: second, order: hostedOrder('5.00') },
        { owner: first, order: twice },
        { owner: first, order: { ...hostedOrder('20.00'), merchant_order_id: twice.merchant_order_id } },
        { owner: first, order: { ...hostedOrder('10.00'), merchant_order_id: existing.merchant_order_id } },
        { owner: second, order: hostedOrder('6.00') },
      ];
      const rows = await orders.insertMany(dataSource, items, windows(new Date()));
      expect(rows.map((row) => [row.merchant_code, row.order_code]).sort()).toEqual(
        [items[0]!, items[1]!, items[4]!].map((item) => [item.owner.merchantCode, item.order.order_code]).sort(),
      );
      const since = [new Date(Date.now() - DAY_MS)];
      expect([await orders.volumeSince(dataSource, first, since), await orders.volumeSince(dataSource, second, since)]).toEqual([['30.00'], ['11.00']]);
    });

    it('fails whole when one order would pass its account’s window, keeping nothing of any', async () => {
      const [full, other] = [newOwner(), newOwner()];
      await orders.insert(dataSource, full, hostedOrder('95.00'), windows(new Date()));
      const items = [
        { owner: other, order: hostedOrder('1.00') },
        { owner: full, order: hostedOrder('5.01') },
      ];
      await expect(orders.insertMany(dataSource, items, windows(new Date()))).rejects.toMatchObject({ code: VOLUME_REFUSED, detail: 'daily' });
      for (const { owner, order } of items) expect(await orders.find(dataSource, owner, order.merchant_order_id)).toBeUndefined();
      expect(await orders.volumeSince(dataSource, other, [new Date(Date.now() - DAY_MS)])).toEqual(['0']);
    });

    it('never deadlocks two statements holding the same accounts in opposite order', async () => {
      const [a, b] = [newOwner(), newOwner()];
      const pairs = Array.from({ length: 12 }, (_, index) =>
        orders.insertMany(
          dataSource,
          index % 2 === 0
            ? [
                { owner: a, order: hostedOrder('1.00') },
                { owner: b, order: hostedOrder('1.00') },
              ]
            : [
                { owner: b, order: hostedOrder('1.00') },
                { owner: a, order: hostedOrder('1.00') },
              ],
          windows(new Date()),
        ),
      );
      const answers = await Promise.allSettled(pairs);
      expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
      expect(await orders.volumeSince(dataSource, a, [new Date(Date.now() - DAY_MS)])).toEqual(['12.00']);
    });
  });

  it('takes an empty list of windows as none, and checks the account’s next order of the commit as usual', async () => {
    const owner = newOwner();
    await dataSource.transaction(async (tx) => {
      await orders.insertMany(
        tx,
        [
          { owner, order: hostedOrder('500.00') },
          { owner, order: hostedOrder('500.00') },
        ],
        [],
      );
      await orders.insert(tx, owner, hostedOrder('1.00'));
    });
    const over = dataSource.transaction(async (tx) => {
      await orders.insertMany(tx, [{ owner, order: hostedOrder('1.00') }], []);
      await orders.insert(tx, owner, hostedOrder('1.00'), windows(new Date()));
    });
    await expect(over).rejects.toMatchObject({ code: VOLUME_REFUSED, detail: 'daily' });
  });

  it('never refuses an order inserted without windows, and counts it', async () => {
    const owner = newOwner();
    await orders.insert(dataSource, owner, hostedOrder('5000.00'));
    expect(await orders.volumeSince(dataSource, owner, [new Date(Date.now() - DAY_MS)])).toEqual(['5000.00']);
  });

  it('reads none of the account’s orders outside the windows’ first hours, even on a table without planner statistics', async () => {
    // A fresh copy of orders with the same indexes, never analyzed (autovacuum leaves temporary
    // tables alone), as a new, restored or upgraded database is before its first ANALYZE; and
    // account_volume over that copy. Without statistics the planner cannot tell the account's
    // indexes apart by their estimates: only which indexes exist decides (ADR 0030).
    const owner = newOwner();
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query('CREATE TEMPORARY TABLE fresh_orders (LIKE orders.orders INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES) ON COMMIT DROP');
      const [{ definition }] = (await runner.query(
        `SELECT pg_get_functiondef('orders.account_volume(text, text, timestamptz[])'::regprocedure) AS definition`,
      )) as [{ definition: string }];
      const copied = definition.replace(/orders\.account_volume\(/, 'pg_temp.fresh_account_volume(').replace(/orders\.orders\b/g, 'pg_temp.fresh_orders');
      expect(copied).toContain('pg_temp.fresh_orders');
      await runner.query(copied);
      await runner.query(
        `INSERT INTO pg_temp.fresh_orders (id, merchant_code, environment, merchant_order_id, order_code, request_fingerprint, mode, status, amount,
           customer_token, created_at)
         SELECT g, $1, $2, 'order-' || g, (100000000 + g)::text, 'fp', 'hosted', 'requires_hosted', 10, 'token-' || g, now() - g * interval '1 ms'
           FROM generate_series(1, 5000) g`,
        [owner.merchantCode, owner.environment],
      );
      const tuplesRead = async () => {
        const [row] = (await runner.query(
          `SELECT coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) AS n FROM pg_stat_xact_user_tables WHERE relid = 'pg_temp.fresh_orders'::regclass`,
        )) as [{ n: string }];
        return Number(row.n);
      };
      const before = await tuplesRead();
      const now = Date.now();
      const since = [30 * DAY_MS, 7 * DAY_MS, DAY_MS].map((ms) => new Date(now - ms).toISOString());
      const used = (await runner.query('SELECT used::text FROM pg_temp.fresh_account_volume($1, $2, $3::timestamptz[])', [
        owner.merchantCode,
        owner.environment,
        since,
      ])) as { used: string }[];
      expect([used.map((row) => row.used), (await tuplesRead()) - before]).toEqual([['0', '0', '0'], 0]);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('keeps the totals of other accounts and environments apart', async () => {
    const owner = newOwner();
    const live = { ...owner, environment: 'live' } as Caller;
    const since = [new Date(base - DAY_MS)];
    await insertAt(dataSource, owner, new Date(base), '1.00', 'paid');
    await insertAt(dataSource, live, new Date(base), '2.00', 'paid');
    await insertAt(dataSource, newOwner(), new Date(base), '4.00', 'paid');
    expect([await orders.volumeSince(dataSource, owner, since), await orders.volumeSince(dataSource, live, since)]).toEqual([['1.00'], ['2.00']]);
  });
});
