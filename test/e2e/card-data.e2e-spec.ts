import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import { cardDataKey } from '@platform/service-kit';
import { OperatorClient, Stack, V3Client, V4Client, cardFields, luhnComplete, openScreen, submitForm, testInfrastructure } from '@platform/testing';

/** The broker renames and deletes checkpoints and old topic directories while the walk runs: what vanishes is skipped. */
function filesUnder(dir: string): string[] {
  return ifPresent(() => readdirSync(dir, { withFileTypes: true }), []).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

function ifPresent<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return otherwise;
    throw error;
  }
}

/**
 * A card number sent through the Direct API, typed on the hosted page and on the v3 payment page must not be
 * found afterwards in any table of the database, in the broker's log segments, or in
 * any service log: only BIN, last four digits and keyed fingerprints are kept.
 */
describe('card data at rest', () => {
  const number = luhnComplete(`435509${String(randomInt(100000000, 999999999))}`);
  const orderId = `ord_${randomUUID()}`;
  const card = { holder_name: 'Deniz Ak', number, expiry_month: '11', expiry_year: '31', cvv: '123' };
  let stack: Stack;
  let v4: V4Client;

  beforeAll(async () => {
    stack = await Stack.start({ apps: ['gateway', 'checkout', 'orders-v4', 'payments-v3'] });
    const merchant = await new OperatorClient(stack.url('gateway')).provisionMerchant();
    v4 = new V4Client(stack.url('gateway'), merchant);
    await v4.request('POST', '/api/v4/orders', { merchant_order_id: orderId, amount: '10.00', card });
    // A schema error echoes nothing of the card either.
    await v4.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', card: { ...card, pin: '0000' } });
    // The same card typed on the hosted page.
    const hosted = await v4.request('POST', '/api/v4/orders', { merchant_order_id: `ord_${randomUUID()}`, amount: '10.00', bin: '540061' });
    const page = await fetch(hosted.body.data.hosted_url);
    const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
    const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(await page.text())![1]!;
    await fetch(hosted.body.data.hosted_url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ csrf, ...card }).toString(),
    });
    // And on a v3 payment page, through the 3-D Secure screen to a paid payment.
    const payment = await new V3Client(stack.url('gateway'), merchant).request(
      'POST',
      '/api/v3/payments',
      { amount: '10.00', currency_code: 'TRY' },
      { headers: { 'Idempotency-Key': randomUUID() } },
    );
    const form = await openScreen(payment.body.payment_url);
    await submitForm(payment.body.payment_url, form, cardFields(number, { cvv: '123' }));
    await submitForm(`${payment.body.payment_url}/3ds`, await openScreen(payment.body.payment_url, form.cookie), { result: 'success' });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // let the outbox relay publish
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('is in no table of any service schema', async () => {
    const db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
    await db.connect();
    try {
      const { rows: tables } = await db.query(
        `SELECT table_schema, table_name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(tables.length).toBeGreaterThan(10);
      const found: string[] = [];
      for (const { table_schema, table_name } of tables) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM "${table_schema}"."${table_name}" t WHERE t::text LIKE $1`, [`%${number}%`]);
        if (rows[0].n > 0) found.push(`${table_schema}.${table_name}`);
      }
      expect(found).toEqual([]);
      const { rows } = await db.query(`SELECT count(*)::int AS n FROM orders.orders WHERE card->>'last_four' = $1`, [number.slice(-4)]);
      expect(rows[0].n).toBeGreaterThanOrEqual(2);
      const paid = await db.query(`SELECT count(*)::int AS n FROM payments.payments WHERE status = 'paid' AND card->>'last_four' = $1`, [number.slice(-4)]);
      expect(paid.rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
  });

  it("is in none of the broker's log segments", async () => {
    const kafka = new Kafka({ clientId: 'card-data-e2e', brokers: testInfrastructure.kafkaBrokers.split(','), logLevel: logLevel.NOTHING });
    const admin = kafka.admin();
    await admin.connect();
    const cluster = await admin.describeCluster();
    const described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: [{ type: ConfigResourceTypes.BROKER, name: String(cluster.brokers[0]!.nodeId), configNames: ['log.dirs'] }],
    });
    await admin.disconnect();
    const dirs = described.resources[0]!.configEntries.find((entry) => entry.configName === 'log.dirs')!.configValue.split(',');
    const segments = dirs.flatMap(filesUnder).filter((file) => file.endsWith('.log') && file.includes(testInfrastructure.topicPrefix));
    expect(segments.some((file) => file.includes('orders.commands.v1'))).toBe(true);
    expect(segments.some((file) => file.includes('payments.commands.v1'))).toBe(true);
    const contents = segments.map((file) => ({ file, bytes: ifPresent(() => readFileSync(file), Buffer.alloc(0)) }));
    // The scan reads the real messages: the order's own id is there, the card number is not.
    expect(contents.some(({ bytes }) => bytes.includes(Buffer.from(orderId)))).toBe(true);
    expect(contents.filter(({ bytes }) => bytes.includes(Buffer.from(number))).map(({ file }) => file)).toEqual([]);
  });

  it('leaves nothing derived from the CVV: a repeat differing only in the CVV is the same request', async () => {
    const repeat = await v4.request('POST', '/api/v4/orders', { merchant_order_id: orderId, amount: '10.00', card: { ...card, cvv: '987' } });
    expect([repeat.status, repeat.body.data?.merchant_order_id]).toEqual([200, orderId]);
  });

  it('keeps fingerprints that the database and the sealing key every edge service holds cannot test a card or CVV against', async () => {
    const db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
    await db.connect();
    const [row] = (await db.query('SELECT request_fingerprint, card_fingerprint FROM orders.orders WHERE merchant_order_id = $1', [orderId])).rows;
    await db.end();
    const sealingKey = cardDataKey({});
    const hmac = (...parts: string[]) => createHmac('sha256', sealingKey).update(parts.join('\u001f')).digest('hex');
    const recovered = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0')).filter((cvv) =>
      row.request_fingerprint.endsWith(hmac('order', orderId, '10.00', '', hmac('card-details', number, '11', '31', cvv, 'Deniz Ak'))),
    );
    expect(recovered).toEqual([]);
    expect(row.card_fingerprint).not.toBe(hmac('card', number));
  });

  it('is in no service log', () => {
    for (const app of ['gateway', 'checkout', 'orders-v4', 'payments-v3'] as const) {
      const logs = stack.logs(app);
      expect(logs.length).toBeGreaterThan(0);
      expect(logs).not.toContain(number);
    }
  });
});
