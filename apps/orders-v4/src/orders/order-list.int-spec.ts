import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Owner } from '@platform/contracts';
import { connectToServiceSchema } from '@platform/persistence';
import type { Clock } from '@platform/service-kit';
import { TestClock, ownerAndStrangers, testInfrastructure } from '@platform/testing';
import type { Config } from '../config';
import { DATABASE } from '../database';
import { newOrderFixture } from './order.fixtures';
import { OrderQueryService } from './order-query.service';
import { OrderRepository, type OrderRow } from './order.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The merchant's own list of Direct API orders (ListOrders, the panel's; ADR 0035) on the
 * real orders schema: newest first, by status, created_at range, the start of
 * merchant_order_id or the order code, paged with the API's meta, each item the record
 * GetOrder answers, and never another merchant's or environment's order.
 */
describe('the merchant’s list of orders', () => {
  const { owner, strangers } = ownerAndStrangers();
  const run = randomBytes(3).toString('hex');
  const now = new Date();
  const repository = new OrderRepository();
  let dataSource: DataSource;
  let queries: OrderQueryService;
  const mine: OrderRow[] = [];

  /** An order created `ago` milliseconds before now (the insert takes now(); the test moves it back). */
  async function insert(who: Owner, merchantOrderId: string, status: OrderRow['status'], ago: number): Promise<OrderRow> {
    const row = (await repository.insert(dataSource, who, newOrderFixture({ merchant_order_id: merchantOrderId, status, mode: 'direct' })))!;
    await dataSource.query('UPDATE orders.orders SET created_at = $2 WHERE id = $1', [row.id, new Date(now.getTime() - ago).toISOString()]);
    return (await repository.find(dataSource, who, merchantOrderId))!;
  }

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
    queries = new OrderQueryService(dataSource, repository, { CHECKOUT_PUBLIC_URL: 'http://checkout.test' } as Config, new TestClock(now) as unknown as Clock);
    mine.push(await insert(owner, `shop-${run}-1`, 'paid', 3 * DAY));
    mine.push(await insert(owner, `shop-${run}-2`, 'failed', 2 * DAY));
    mine.push(await insert(owner, `shop-${run}-3`, 'pending', DAY));
    mine.push(await insert(owner, `web_${run}-4`, 'paid', HOUR));
    for (const stranger of strangers) {
      await insert(stranger, `shop-${run}-1`, 'paid', 3 * DAY);
      await insert(stranger, `web_${run}-4`, 'paid', HOUR);
    }
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  type Filters = Partial<Parameters<OrderQueryService['list']>[1]>;
  const list = (who: Owner, filters: Filters = {}) =>
    queries.list(who, { page: 1, per_page: 20, status: null, created_from: null, created_to: null, search: null, ...filters });
  const ids = async (who: Owner, filters: Filters = {}) => (await list(who, filters)).data.map((order) => order.merchant_order_id);
  const [oldest, failed, pending, newest] = [0, 1, 2, 3].map((index) => () => mine[index]!.merchant_order_id);

  it('lists the owner’s orders newest first, each as GetOrder answers it', async () => {
    const page = await list(owner);
    expect(page.data.map((order) => order.merchant_order_id)).toEqual([newest(), pending(), failed(), oldest()]);
    expect(page.meta).toEqual({ page: 1, per_page: 20, total: 4, total_pages: 1 });
    for (const item of page.data) expect(item).toEqual(await queries.get(owner, item.merchant_order_id));
  });

  it('never shows another merchant’s or the other environment’s orders, whatever the filter', async () => {
    for (const stranger of strangers) {
      const theirs = await list(stranger);
      expect(theirs.data.map((order) => order.merchant_order_id)).toEqual([`web_${run}-4`, `shop-${run}-1`]);
      expect(theirs.data.map((order) => order.order_code)).not.toContain(mine[0]!.order_code);
      expect(await ids(stranger, { search: mine[1]!.order_code })).toEqual([]);
      expect(await ids(stranger, { status: 'failed' })).toEqual([]);
    }
  });

  it('filters by status and by created_at, from inclusive and to exclusive', async () => {
    expect(await ids(owner, { status: 'paid' })).toEqual([newest(), oldest()]);
    expect(await ids(owner, { status: 'pending' })).toEqual([pending()]);
    expect(await ids(owner, { status: 'requires_action' })).toEqual([]);
    const at = (ago: number) => new Date(now.getTime() - ago).toISOString();
    expect(await ids(owner, { created_from: at(2.5 * DAY), created_to: at(0.5 * DAY) })).toEqual([pending(), failed()]);
    expect(await ids(owner, { created_from: at(DAY) })).toEqual([newest(), pending()]);
    expect(await ids(owner, { created_to: at(DAY) })).toEqual([failed(), oldest()]);
    expect(await ids(owner, { status: 'paid', created_from: at(2 * DAY) })).toEqual([newest()]);
  });

  it('searches the start of merchant_order_id or of the order code, with % and _ taken literally', async () => {
    expect(await ids(owner, { search: `shop-${run}` })).toEqual([pending(), failed(), oldest()]);
    expect(await ids(owner, { search: mine[1]!.order_code })).toEqual([failed()]);
    expect(await ids(owner, { search: `web_${run}` })).toEqual([newest()]);
    expect(await ids(owner, { search: `web%${run}` })).toEqual([]);
    expect(await ids(owner, { search: `shop_${run}` })).toEqual([]);
  });

  it('pages with the API’s meta', async () => {
    const [first, second] = [await list(owner, { per_page: 2 }), await list(owner, { per_page: 2, page: 2 })];
    expect(first.data.map((order) => order.merchant_order_id)).toEqual([newest(), pending()]);
    expect(second.data.map((order) => order.merchant_order_id)).toEqual([failed(), oldest()]);
    expect(second.meta).toEqual({ page: 2, per_page: 2, total: 4, total_pages: 2 });
    expect((await list(owner, { per_page: 2, page: 3 })).data).toEqual([]);
  });
});
