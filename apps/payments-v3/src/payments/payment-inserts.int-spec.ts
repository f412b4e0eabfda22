import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Caller } from '@platform/contracts';
import { connectToServiceSchema, IdempotencyStore, queryRows, type IdempotentRequest } from '@platform/persistence';
import { ownerAndStrangers, testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { newPaymentRow } from './payment-fixtures';
import { PaymentRepository, type NewPaymentRow } from './payment.repository';

/**
 * Payments created in one turn go in with one statement (PaymentCreationService): each key is
 * claimed or left out on its own, only the payments of claimed keys are inserted, and a row that
 * breaks a constraint fails the statement whole, so nothing of it stays.
 */
describe('inserting several payments with their keys in one statement', () => {
  const { owner, otherMerchant } = ownerAndStrangers();
  const repository = new PaymentRepository();
  const keys = new IdempotencyStore(DATABASE.schema);
  let dataSource: DataSource;

  const request = (key = randomUUID()): IdempotentRequest => ({ scope: 'payment.create', key, fingerprint: `fp-${key}`, scenario: null });
  const payment = (reference: string | null = null): NewPaymentRow => newPaymentRow({ merchant_reference: reference, amount: '10.00' });
  const insertAll = (items: { owner: Caller; request: IdempotentRequest; payment: NewPaymentRow }[]) =>
    repository.insertClaimed(
      dataSource,
      keys.claimCompletedStatement(items.map((item) => ({ owner: item.owner, request: item.request, resourceId: item.payment.code }))),
      items,
    );
  const stored = async (codes: string[]) =>
    (await queryRows<{ code: string }>(dataSource, 'SELECT code FROM payments.payments WHERE code = ANY($1::text[])', [codes])).map((row) => row.code).sort();
  const keyOf = async (who: Caller, key: string) =>
    queryRows<{ resource_id: string }>(
      dataSource,
      `SELECT resource_id FROM payments.idempotency_requests WHERE merchant_code = $1 AND environment = $2 AND scope = 'payment.create' AND idempotency_key = $3`,
      [who.merchantCode, who.environment, key],
    );

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('inserts each payment of its own owner, with its key naming it', async () => {
    const items = [
      { owner, request: request(), payment: payment() },
      { owner, request: request(), payment: payment(`ref-${randomUUID()}`) },
      { owner: otherMerchant, request: request(), payment: payment() },
    ];
    const rows = await insertAll(items);
    expect(rows.map((row) => [row.code, row.merchant_code, row.merchant_reference]).sort()).toEqual(
      items.map((item) => [item.payment.code, item.owner.merchantCode, item.payment.merchant_reference]).sort(),
    );
    for (const item of items) expect(await keyOf(item.owner, item.request.key)).toEqual([{ resource_id: item.payment.code }]);
  });

  it('leaves out a payment whose key another request holds, and one of two racing with one key', async () => {
    const held = request();
    const [earlier] = await insertAll([{ owner, request: held, payment: payment() }]);
    const racing = request();
    const fresh = { owner, request: request(), payment: payment() };
    const items = [
      { owner, request: held, payment: payment() },
      { owner, request: racing, payment: payment() },
      { owner, request: racing, payment: payment() },
      fresh,
    ];
    const rows = await insertAll(items);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.code)).toContain(fresh.payment.code);
    expect(await keyOf(owner, held.key)).toEqual([{ resource_id: earlier!.code }]);
    const [raced] = await keyOf(owner, racing.key);
    expect(rows.map((row) => row.code)).toContain(raced!.resource_id);
    expect(await stored(items.map((item) => item.payment.code))).toEqual([fresh.payment.code, raced!.resource_id].sort());
  });

  it('fails whole on a reused reference, keeping neither payments nor keys', async () => {
    const reference = `ref-${randomUUID()}`;
    const items = [
      { owner, request: request(), payment: payment(reference) },
      { owner, request: request(), payment: payment(reference) },
      { owner, request: request(), payment: payment() },
    ];
    await expect(insertAll(items)).rejects.toMatchObject({ code: '23505', constraint: 'payments_reference_once' });
    expect(await stored(items.map((item) => item.payment.code))).toEqual([]);
    for (const item of items) expect(await keyOf(owner, item.request.key)).toEqual([]);
  });
});
