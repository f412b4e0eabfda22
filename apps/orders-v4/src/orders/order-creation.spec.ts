import type { Caller } from '@platform/contracts';
import { OrderCreationService } from './order-creation.service';
import type { NewOrderOf, OrderRepository, OrderRow } from './order.repository';

const drawn: number[] = [];
jest.mock('node:crypto', () => {
  const actual = jest.requireActual('node:crypto');
  return { ...actual, randomInt: (...args: [number, number]) => drawn.shift() ?? actual.randomInt(...args) };
});

/** The orders table's unique keys, as Postgres keeps them, for a statement of several orders. */
class OrdersTable {
  readonly rows: OrderRow[] = [];
  statements = 0;

  async insertMany(_db: unknown, items: NewOrderOf[]): Promise<OrderRow[]> {
    this.statements += 1;
    const codes = new Set(this.rows.map((row) => row.order_code));
    for (const { order } of items) {
      if (codes.has(order.order_code)) throw Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'orders_order_code_key' });
      codes.add(order.order_code);
    }
    const added = items.map(({ owner, order }, index) => ({
      ...order,
      id: String(this.rows.length + index + 1),
      merchant_code: owner.merchantCode,
      environment: owner.environment,
      currency: 'TRY' as const,
      attempt_card: null,
      three_d: order.three_ds_expires_at !== null,
      created_at: new Date(),
      version: 1,
    }));
    this.rows.push(...added);
    return added;
  }

  async find(_db: unknown, owner: Caller, merchantOrderId: string): Promise<OrderRow | undefined> {
    return this.rows.find((row) => row.merchant_code === owner.merchantCode && row.merchant_order_id === merchantOrderId);
  }
}

function service(table: OrdersTable): OrderCreationService {
  const config = {
    HOSTED_PAGE_SECONDS: 900,
    CHECKOUT_PUBLIC_URL: 'https://checkout.example',
    VOLUME_MONTHLY_LIMIT: '1000000.00',
    VOLUME_WEEKLY_LIMIT: '1000000.00',
    VOLUME_DAILY_LIMIT: '1000000.00',
  };
  return new OrderCreationService(
    {} as never,
    table as unknown as OrderRepository,
    { lookup: async () => ({ payment_mode: 'hosted' }), assertIssuerAvailable: async () => undefined } as never,
    { requireReadyForPayments: async () => undefined } as never,
    { assertOpen: () => undefined } as never,
    { for: () => ({}) } as never,
    { now: () => new Date() } as never,
    config as never,
  );
}

describe('hosted orders created in one turn', () => {
  const first: Caller = { merchantCode: 'MRC-100001', environment: 'sandbox' } as Caller;
  const second: Caller = { merchantCode: 'MRC-100002', environment: 'sandbox' } as Caller;

  it('gives two orders that drew one order code each its own order, the second with a new code', async () => {
    const table = new OrdersTable();
    const creation = service(table);
    drawn.push(111111111, 111111111, 222222222);
    const [a, b] = await Promise.all([
      creation.create(first, { merchant_order_id: 'ord-a', amount: '10.00', bin: '540061' }),
      creation.create(second, { merchant_order_id: 'ord-b', amount: '20.00', bin: '540061' }),
    ]);
    expect([a.created, a.order.merchant_order_id, a.order.amount]).toEqual([true, 'ord-a', '10.00']);
    expect([b.created, b.order.merchant_order_id, b.order.amount]).toEqual([true, 'ord-b', '20.00']);
    expect(a.order.order_code).not.toBe(b.order.order_code);
    expect(table.rows.map((row) => [row.merchant_code, row.merchant_order_id]).sort()).toEqual([
      ['MRC-100001', 'ord-a'],
      ['MRC-100002', 'ord-b'],
    ]);
  });

  it('sends the orders of one turn in one statement', async () => {
    const table = new OrdersTable();
    const creation = service(table);
    await Promise.all(['x', 'y', 'z'].map((id) => creation.create(first, { merchant_order_id: `ord-${id}`, amount: '1.00', bin: '540061' })));
    expect([table.statements, table.rows.length]).toEqual([1, 3]);
  });
});
