import { randomInt, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Caller } from '@platform/contracts';
import { connectToServiceSchema } from '@platform/persistence';
import { testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { OrderRepository } from './order.repository';

/** The claim on a merchant_order_id that keeps a card order's repeats from calling the bank again. */
describe('merchant_order_id claims', () => {
  const orders = new OrderRepository();
  let dataSource: DataSource;
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, seconds));

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  const owner = (): Caller => ({ merchantCode: `MRC-${randomInt(100000, 999999)}`, environment: 'live' }) as Caller;

  it('grants an id to one request at a time, per merchant and environment', async () => {
    const merchant = owner();
    const id = `ord_${randomUUID()}`;
    expect(await orders.claimOrderId(dataSource, merchant, id, at(0), at(30))).toBe(true);
    expect(await orders.claimOrderId(dataSource, merchant, id, at(1), at(31))).toBe(false);
    expect(await orders.claimOrderId(dataSource, { ...merchant, environment: 'sandbox' }, id, at(1), at(31))).toBe(true);
    expect(await orders.claimOrderId(dataSource, owner(), id, at(1), at(31))).toBe(true);
    expect(await orders.claimOrderId(dataSource, merchant, `ord_${randomUUID()}`, at(1), at(31))).toBe(true);
  });

  it('gives an id back on release, and only the claim that was made', async () => {
    const merchant = owner();
    const id = `ord_${randomUUID()}`;
    expect(await orders.claimOrderId(dataSource, merchant, id, at(0), at(30))).toBe(true);
    await orders.releaseOrderId(dataSource, merchant, id, at(29));
    expect(await orders.claimOrderId(dataSource, merchant, id, at(1), at(31))).toBe(false);
    await orders.releaseOrderId(dataSource, merchant, id, at(30));
    expect(await orders.claimOrderId(dataSource, merchant, id, at(2), at(32))).toBe(true);
  });

  it("lets a claim left by a crashed replica lapse, and keeps the new holder's claim from the old holder's release", async () => {
    const merchant = owner();
    const id = `ord_${randomUUID()}`;
    expect(await orders.claimOrderId(dataSource, merchant, id, at(0), at(30))).toBe(true);
    expect(await orders.claimOrderId(dataSource, merchant, id, at(29), at(59))).toBe(false);
    expect(await orders.claimOrderId(dataSource, merchant, id, at(30), at(60))).toBe(true);
    await orders.releaseOrderId(dataSource, merchant, id, at(30));
    expect(await orders.claimOrderId(dataSource, merchant, id, at(31), at(61))).toBe(false);
  });
});
