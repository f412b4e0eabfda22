import { randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { PaymentPaidV1, TOPIC_SPECS, type MerchantEnvironment } from '@platform/contracts';
import { EventConsumer, KafkaConnection } from '@platform/messaging';
import { createLogger } from '@platform/observability';
import { createServiceDataSource, queryRows, serviceDatabaseUrl } from '@platform/persistence';
import { MerchantSettings, Metrics } from '@platform/service-kit';
import { sealSecret, verifyWebhook } from '@platform/signing';
import { TestClock, merchantEnvironmentFixture, publishMerchantSettings, recordRunTopicPrefix, testInfrastructure } from '@platform/testing';
import type { Config } from '../config';
import { SandboxCopies } from './sandbox-copies';
import { DATABASE } from '../database';
import type { Clock } from '@platform/service-kit';
import { DeliveryQueryService } from './delivery-query.service';
import { DeliveryRepository, type DeliveryRow } from './delivery.repository';
import { DispatcherService } from './dispatcher.service';
import { NotificationIntake } from './notification-intake';
import { WebhookSender } from './webhook-sender';

/**
 * The dispatcher on the real webhooks schema, real Kafka (merchant settings, duplicate
 * events) and real local HTTP receivers: success, every failure kind, the whole retry
 * schedule under a test clock, the outbound refusals, leases and two replicas.
 */
const logger = createLogger('dispatcher-it', 'warn');
const run = randomUUID().slice(0, 8);
const topicPrefix = `it-webhooks-${run}.`;
recordRunTopicPrefix(topicPrefix);
const DEV_MASTER_KEY = Buffer.alloc(32, 'dev-master-key-not-for-production');
const SECRET = `sk_${run}_secret`;

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

class Receiver {
  readonly requests: Received[] = [];
  /** TCP connections opened to this receiver. */
  connections = 0;
  private server!: Server;
  url = '';

  constructor(private readonly answer: (request: IncomingMessage, response: ServerResponse, count: number) => void) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        this.answer(request, response, this.requests.length);
      });
    });
    this.server.on('connection', () => (this.connections += 1));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function eventuallyTrue(probe: () => Promise<boolean>, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('webhook dispatcher on real infrastructure', () => {
  let kafka: KafkaConnection;
  let dataSource: DataSource;
  let settings: MerchantSettings;
  const repository = new DeliveryRepository();
  const receivers: Receiver[] = [];
  const merchantCode = `MRC-${randomInt(100000, 999999)}`;
  const unsignedMerchant = `MRC-${randomInt(100000, 999999)}`;

  const config = { DISPATCH_INTERVAL_MS: 60000, DISPATCH_CONCURRENCY: 16, WEBHOOK_ALLOW_LOOPBACK: true, WEBHOOK_RETRY_TIME_SCALE: 1 } as Config;

  function dispatcher(
    clock: Clock,
    sender = new WebhookSender({ allowLoopback: true, responseTimeoutMs: 400 }),
    { concurrency = config.DISPATCH_CONCURRENCY, deliveries = repository }: { concurrency?: number; deliveries?: DeliveryRepository } = {},
  ): DispatcherService {
    return new DispatcherService(
      dataSource,
      deliveries,
      settings,
      sender,
      clock,
      { ...config, DISPATCH_CONCURRENCY: concurrency },
      logger,
      new Metrics('dispatcher-it'),
    );
  }

  async function receiver(answer: (request: IncomingMessage, response: ServerResponse, count: number) => void): Promise<Receiver> {
    const started = await new Receiver(answer).start();
    receivers.push(started);
    return started;
  }

  /** A v3 delivery due at `at`, as the intake writes it. */
  async function delivery(url: string, at: Date, merchant = merchantCode): Promise<DeliveryRow> {
    const id = randomUUID();
    const eventId = randomUUID();
    await repository.insert(dataSource, {
      id,
      event_id: eventId,
      event_type: 'payment.paid',
      scheme: 'v3',
      merchant_code: merchant,
      environment: 'sandbox',
      payment_code: 'abcd2345',
      url,
      body: JSON.stringify({
        event_id: eventId,
        event_type: 'payment.paid',
        environment: 'sandbox',
        occurred_at: at.toISOString(),
        payment: { code: 'abcd2345' },
      }),
      created_at: at,
    });
    return (await repository.find(dataSource, { merchantCode: merchant, environment: 'sandbox' }, id))!;
  }

  const reload = async (row: DeliveryRow) => (await repository.find(dataSource, { merchantCode: row.merchant_code, environment: row.environment }, row.id))!;

  beforeAll(async () => {
    kafka = new KafkaConnection({ brokers: testInfrastructure.kafkaBrokers.split(','), clientId: `dispatcher-it-${run}`, topicPrefix }, logger);
    await kafka.ensureTopics(TOPIC_SPECS);
    const apiKey = `ck_sbx_${run}`;
    const merchants: MerchantEnvironment[] = [
      merchantEnvironmentFixture({
        merchant_code: merchantCode,
        environment: 'sandbox',
        version: 1,
        webhook_url: 'http://127.0.0.1:9/panel',
        signing_key: { api_key: apiKey, key_version: 1, sealed_secret: sealSecret(SECRET, DEV_MASTER_KEY, apiKey), expires_at: null },
      }),
      merchantEnvironmentFixture({ merchant_code: unsignedMerchant, environment: 'sandbox', version: 1 }),
    ];
    await publishMerchantSettings(topicPrefix, merchants);
    settings = new MerchantSettings(kafka, logger);
    await settings.start();
    await settings.ready;
    await settings.current({ merchantCode, environment: 'sandbox', settingsVersion: 1 }, 10000);
    dataSource = createServiceDataSource({
      url: serviceDatabaseUrl(testInfrastructure.adminDatabaseUrl, DATABASE.schema),
      schema: DATABASE.schema,
      migrations: [],
    });
    await dataSource.initialize();
    // Deliveries of other tests and earlier runs are not this test's business.
    await dataSource.query(`UPDATE webhooks.deliveries SET status = 'failed', next_attempt_at = NULL WHERE status = 'pending'`);
  });

  afterAll(async () => {
    // Leave nothing due for the dispatchers of later test stacks.
    await dataSource?.query(`UPDATE webhooks.deliveries SET status = 'failed', next_attempt_at = NULL WHERE status = 'pending' AND merchant_code = ANY($1)`, [
      [merchantCode, unsignedMerchant],
    ]);
    await Promise.all(receivers.map((r) => r.stop()));
    await settings?.stop();
    await kafka?.close();
    await dataSource?.destroy();
  });

  it('delivers with the v3 headers and a signature the receiver verifies with libs/signing', async () => {
    const clock = new TestClock(new Date());
    const shop = await receiver((_, response) => response.writeHead(204).end());
    const row = await delivery(shop.url, clock.now());
    expect(await dispatcher(clock).dispatchDue()).toBeGreaterThanOrEqual(1);
    const [received] = shop.requests;
    expect(received!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-cav-event-id': row.event_id,
      'x-cav-event-type': 'payment.paid',
      'x-cav-environment': 'sandbox',
    });
    expect(received!.body).toBe(row.body);
    expect(
      verifyWebhook({
        secret: SECRET,
        timestamp: received!.headers['x-cav-timestamp'] as string,
        signature: received!.headers['x-cav-signature'] as string,
        rawBody: received!.body,
      }),
    ).toEqual({ ok: true });
    expect(await reload(row)).toMatchObject({ status: 'delivered', attempt_count: 1, last_status_code: 204, last_error_code: null, next_attempt_at: null });
  });

  it('walks the whole retry schedule on failures, with the same event id and body each time, then fails', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const shop = await receiver((_, response) => response.writeHead(500).end('down'));
    const row = await delivery(shop.url, clock.now());
    const worker = dispatcher(clock);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      const before = clock.now();
      await worker.dispatchDue();
      const after = await reload(row);
      expect(after.attempt_count).toBe(attempt);
      if (attempt < 11) {
        expect(after).toMatchObject({ status: 'pending', last_status_code: 500, last_error_code: 'webhook_response_unsuccessful' });
        waits.push((new Date(after.next_attempt_at!).getTime() - before.getTime()) / 1000);
        // One millisecond early, nothing is sent.
        clock.set(new Date(new Date(after.next_attempt_at!).getTime() - 1));
        await worker.dispatchDue();
        expect((await reload(row)).attempt_count).toBe(attempt);
        clock.set(new Date(after.next_attempt_at!));
      } else {
        expect(after).toMatchObject({ status: 'failed', next_attempt_at: null });
      }
    }
    expect(waits).toEqual([60, 300, 900, 1800, 3600, 10800, 21600, 43200, 86400, 172800]);
    expect(shop.requests).toHaveLength(11);
    expect(new Set(shop.requests.map((r) => r.headers['x-cav-event-id']))).toEqual(new Set([row.event_id]));
    expect(new Set(shop.requests.map((r) => r.body)).size).toBe(1);
    expect(new Set(shop.requests.map((r) => r.headers['x-cav-timestamp'])).size).toBe(11);
  });

  it('re-queues a failed delivery for one attempt per Idempotency-Key; a repeat returns the first answer and sends nothing', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    let status = 500;
    const shop = await receiver((_, response) => response.writeHead(status).end());
    const row = await delivery(shop.url, clock.now());
    await dataSource.query(`UPDATE webhooks.deliveries SET attempt_count = 10, next_attempt_at = $2 WHERE id = $1`, [row.id, clock.now().toISOString()]);
    const worker = dispatcher(clock);
    await worker.dispatchDue();
    expect(await reload(row)).toMatchObject({ status: 'failed', attempt_count: 11 });
    const queries = new DeliveryQueryService(dataSource, repository, clock);
    const owner = { merchantCode, environment: 'sandbox' as const };
    const key = randomUUID();
    const first = await queries.retry(owner, row.id, key);
    expect(first).toMatchObject({ status: 'pending', attempt_count: 11, next_attempt_at: clock.now().toISOString() });
    expect(await queries.retry(owner, row.id, key)).toEqual(first);
    await worker.dispatchDue();
    expect(shop.requests).toHaveLength(2);
    // The single re-queued attempt failed: failed again, nothing more scheduled.
    expect(await reload(row)).toMatchObject({ status: 'failed', attempt_count: 12, next_attempt_at: null });
    expect(await queries.retry(owner, row.id, key)).toEqual(first);
    await worker.dispatchDue();
    expect(shop.requests).toHaveLength(2);
    await expect(queries.retry(owner, randomUUID(), key)).rejects.toMatchObject({ code: '9000039' });
    status = 200;
    await queries.retry(owner, row.id, randomUUID());
    await worker.dispatchDue();
    expect(await reload(row)).toMatchObject({ status: 'delivered', attempt_count: 13 });
    await expect(queries.retry(owner, row.id, randomUUID())).rejects.toMatchObject({ code: '1000012' });
    await expect(queries.retry({ merchantCode: unsignedMerchant, environment: 'sandbox' }, row.id, randomUUID())).rejects.toMatchObject({ code: '1000011' });
  });

  it('answers two identical retries sent at once with the same first answer, and queues one attempt', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const shop = await receiver((_, response) => response.writeHead(500).end());
    const row = await delivery(shop.url, clock.now());
    await dataSource.query(`UPDATE webhooks.deliveries SET attempt_count = 10, next_attempt_at = $2 WHERE id = $1`, [row.id, clock.now().toISOString()]);
    await dispatcher(clock).dispatchDue();
    expect(await reload(row)).toMatchObject({ status: 'failed', attempt_count: 11 });
    const queries = new DeliveryQueryService(dataSource, repository, clock);
    const owner = { merchantCode, environment: 'sandbox' as const };
    const key = randomUUID();
    // Both retries find no earlier use of the key, then queue on the delivery's row lock held here.
    const holder = dataSource.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`SELECT id FROM webhooks.deliveries WHERE id = $1 FOR UPDATE`, [row.id]);
    const waitingOnLock = async () =>
      Number(
        (
          await dataSource.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND query ILIKE '%webhooks.deliveries%'`,
          )
        )[0].n,
      );
    const both = Promise.allSettled([queries.retry(owner, row.id, key), queries.retry(owner, row.id, key)]);
    try {
      await eventuallyTrue(async () => (await waitingOnLock()) === 2, 10000);
    } finally {
      await holder.commitTransaction();
      await holder.release();
    }
    const [first, second] = await both;
    expect(first).toMatchObject({ status: 'fulfilled' });
    expect(second).toEqual(first);
    expect(await reload(row)).toMatchObject({ status: 'pending', attempt_count: 11 });
  });

  it('claims a new delivery and a requested retry at their commit, not at its next poll', async () => {
    // Before every other test's deliveries: this running dispatcher claims only its own.
    const clock = new TestClock(new Date('2026-01-01T00:00:00.000Z'));
    let status = 500;
    const shop = await receiver((_, response) => response.writeHead(status).end());
    const worker = dispatcher(clock);
    await worker.onApplicationBootstrap();
    try {
      const row = await delivery(shop.url, clock.now());
      // Claimed, sent and its answer recorded, long before the 60 s poll.
      await eventuallyTrue(async () => (await reload(row)).last_status_code === 500, 5000);
      expect(shop.requests).toHaveLength(1);
      await dataSource.query(`UPDATE webhooks.deliveries SET status = 'failed', next_attempt_at = NULL WHERE id = $1`, [row.id]);
      status = 200;
      await new DeliveryQueryService(dataSource, repository, clock).retry({ merchantCode, environment: 'sandbox' }, row.id, randomUUID());
      await eventuallyTrue(async () => (await reload(row)).status === 'delivered', 5000);
      expect(shop.requests).toHaveLength(2);
    } finally {
      await worker.onApplicationShutdown();
    }
  });

  it.each([
    ['a redirect (not followed)', (response: ServerResponse) => response.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end(), 302],
    ['a 4xx', (response: ServerResponse) => response.writeHead(404).end(), 404],
    ['a 5xx', (response: ServerResponse) => response.writeHead(503).end(), 503],
  ])('counts %s as a failure to retry', async (_, answer, status) => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const shop = await receiver((__, response) => answer(response));
    const row = await delivery(shop.url, clock.now());
    await dispatcher(clock).dispatchDue();
    expect(await reload(row)).toMatchObject({
      status: 'pending',
      attempt_count: 1,
      last_status_code: status,
      last_error_code: 'webhook_response_unsuccessful',
      last_error: `HTTP ${status}`,
    });
    expect(shop.requests).toHaveLength(1);
  });

  it('gives up on a receiver that does not answer in time, and on an address nobody listens on', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const silent = await receiver(() => undefined);
    const slow = await delivery(silent.url, clock.now());
    const closed = await delivery('http://127.0.0.1:9/hooks', clock.now());
    await dispatcher(clock).dispatchDue();
    expect(await reload(slow)).toMatchObject({ status: 'pending', last_error_code: 'webhook_delivery_failed', last_status_code: null });
    expect((await reload(slow)).last_error).toMatch(/no answer within 400 ms/);
    expect(await reload(closed)).toMatchObject({ status: 'pending', last_error_code: 'webhook_unreachable' });
  });

  it('reads only a few kilobytes of an answer', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const chatty = await receiver((_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('x'.repeat(64 * 1024));
      // Never ends: the sender must stop reading on its own.
    });
    const row = await delivery(chatty.url, clock.now());
    await dispatcher(clock).dispatchDue();
    expect(await reload(row)).toMatchObject({ status: 'delivered', last_status_code: 200 });
  });

  it('records each outcome of attempts that finish together against its own delivery', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const failing = new Set<string>();
    const held: { eventId: string; response: ServerResponse }[] = [];
    const shop = await receiver((request, response) => {
      held.push({ eventId: request.headers['x-cav-event-id'] as string, response });
      // Answer all twelve at once, so their outcomes are recorded together.
      if (held.length === 12) for (const { eventId, response: waiting } of held) waiting.writeHead(failing.has(eventId) ? 503 : 200).end();
    });
    const rows = await Promise.all(Array.from({ length: 12 }, () => delivery(shop.url, clock.now())));
    rows.filter((_, index) => index % 2 === 1).forEach((row) => failing.add(row.event_id));
    await dispatcher(clock).dispatchDue();
    for (const row of rows) {
      const after = await reload(row);
      if (failing.has(row.event_id)) {
        expect(after).toMatchObject({ status: 'pending', attempt_count: 1, last_status_code: 503, last_error_code: 'webhook_response_unsuccessful' });
        expect(new Date(after.next_attempt_at!).getTime() - clock.now().getTime()).toBe(60_000);
      } else {
        expect(after).toMatchObject({ status: 'delivered', attempt_count: 1, last_status_code: 200, last_error_code: null, next_attempt_at: null });
      }
    }
    const attempts = await queryRows<{ status_code: number; finished: boolean }>(
      dataSource,
      'SELECT status_code, finished_at IS NOT NULL AS finished FROM webhooks.attempts WHERE delivery_id = ANY($1::uuid[])',
      [rows.map((row) => row.id)],
    );
    expect(attempts).toHaveLength(12);
    expect(attempts.every((attempt) => attempt.finished)).toBe(true);
    expect(attempts.filter((attempt) => attempt.status_code === 503)).toHaveLength(6);
  });

  it('keeps connections to a receiver alive across deliveries instead of opening one per delivery', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const shop = await receiver((_, response) => response.writeHead(204).end());
    const rows = await Promise.all(Array.from({ length: 30 }, () => delivery(shop.url, clock.now())));
    const worker = dispatcher(clock);
    for (let round = 0; round < 3; round += 1) await worker.dispatchDue();
    for (const row of rows) expect((await reload(row)).status).toBe('delivered');
    expect(shop.requests).toHaveLength(30);
    expect(shop.connections).toBeLessThanOrEqual(16);
  });

  it('sends again on a new connection, within the same attempt, when a kept connection was closed under it', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const shop = await receiver((request, response, count) => {
      // The second request arrives on the kept connection; the receiver drops it unanswered.
      if (count === 2) request.socket.destroy();
      else response.writeHead(204).end();
    });
    const worker = dispatcher(clock);
    const first = await delivery(shop.url, clock.now());
    await worker.dispatchDue();
    const second = await delivery(shop.url, clock.now());
    await worker.dispatchDue();
    expect(await reload(first)).toMatchObject({ status: 'delivered', attempt_count: 1 });
    expect(await reload(second)).toMatchObject({ status: 'delivered', attempt_count: 1, last_status_code: 204 });
    expect(shop.requests).toHaveLength(3);
    expect(shop.connections).toBe(2);
  });

  describe('outbound safety', () => {
    const resolved: string[] = [];
    const resolver = async (host: string) => {
      resolved.push(host);
      const table: Record<string, string[]> = {
        'internal.shop.test': ['192.168.10.5'],
        'mixed.shop.test': ['93.184.216.34', '10.0.0.8'],
        'metadata.shop.test': ['169.254.169.254'],
        'v6.shop.test': ['fd12::1'],
        'pinned.shop.test': ['127.0.0.1'],
      };
      if (!table[host]) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return table[host]!;
    };

    it.each([
      ['https://internal.shop.test/hook', 'webhook_target_private_network'],
      ['https://mixed.shop.test/hook', 'webhook_target_private_network'],
      ['https://metadata.shop.test/latest', 'webhook_target_private_network'],
      ['https://v6.shop.test/hook', 'webhook_target_private_network'],
      ['https://10.1.2.3/hook', 'webhook_target_private_network'],
      ['https://[::1]/hook', 'webhook_target_private_network'],
      ['https://127.0.0.1/hook', 'webhook_target_private_network'],
      ['http://hooks.shop.test/hook', 'invalid_webhook_target'],
      ['http://127.0.0.1:9/hook', 'invalid_webhook_target'],
      ['https://user:pass@hooks.shop.test/hook', 'invalid_webhook_target'],
      ['not a url', 'invalid_webhook_target'],
      ['https://nowhere.shop.test/hook', 'webhook_unreachable'],
    ])('refuses %s with %s when loopback is not allowed', async (url, code) => {
      const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
      const row = await delivery(url, clock.now());
      await dispatcher(clock, new WebhookSender({ allowLoopback: false, resolve: resolver })).dispatchDue();
      expect(await reload(row)).toMatchObject({ status: 'pending', last_error_code: code, last_status_code: null });
    });

    it('connects to the address it checked, resolving the name once (no DNS rebinding)', async () => {
      const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
      const shop = await receiver((_, response) => response.writeHead(200).end());
      const port = new URL(shop.url).port;
      resolved.length = 0;
      const row = await delivery(`http://pinned.shop.test:${port}/hooks`, clock.now());
      await dispatcher(clock, new WebhookSender({ allowLoopback: true, resolve: resolver })).dispatchDue();
      expect(await reload(row)).toMatchObject({ status: 'delivered' });
      expect(resolved).toEqual(['pinned.shop.test']);
      expect(shop.requests[0]!.headers.host).toBe(`pinned.shop.test:${port}`);
    });
  });

  it('records an environment without a key to sign with as webhook_signing_unavailable and sends nothing', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const shop = await receiver((_, response) => response.writeHead(200).end());
    const row = await delivery(shop.url, clock.now(), unsignedMerchant);
    await dispatcher(clock).dispatchDue();
    expect(await reload(row)).toMatchObject({ status: 'pending', last_error_code: 'webhook_signing_unavailable' });
    expect(shop.requests).toHaveLength(0);
  });

  it('makes an attempt cut short by a crash again once its lease runs out, without using up one of the 11', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const shop = await receiver((_, response) => response.writeHead(200).end());
    const row = await delivery(shop.url, clock.now());
    // A replica claims the delivery and dies before sending.
    await dataSource.transaction((tx) => repository.claimDue(tx, clock.now(), 60_000, 100));
    const worker = dispatcher(clock);
    await worker.dispatchDue();
    expect(shop.requests).toHaveLength(0);
    clock.set(new Date(clock.now().getTime() + 60_000));
    await worker.dispatchDue();
    expect(await reload(row)).toMatchObject({ status: 'delivered', attempt_count: 2, made_attempts: 1 });
    const attempts = await queryRows<{ attempt_no: number; status_code: number | null; error_code: string | null }>(
      dataSource,
      'SELECT attempt_no, status_code, error_code FROM webhooks.attempts WHERE delivery_id = $1 ORDER BY attempt_no',
      [row.id],
    );
    expect(attempts).toEqual([
      { attempt_no: 1, status_code: null, error_code: 'attempt_interrupted' },
      { attempt_no: 2, status_code: 200, error_code: null },
    ]);
  });

  it('still makes all 11 attempts, on the spec schedule, when crashes cut some short', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const shop = await receiver((_, response) => response.writeHead(500).end('down'));
    const row = await delivery(shop.url, clock.now());
    const worker = dispatcher(clock);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 11; attempt += 1) {
      if (attempt === 1 || attempt === 5) {
        // A replica dies holding the claim; the lease runs out.
        await dataSource.transaction((tx) => repository.claimDue(tx, clock.now(), 60_000, 100));
        clock.set(new Date(clock.now().getTime() + 60_000));
      }
      const before = clock.now();
      await worker.dispatchDue();
      const after = await reload(row);
      expect(after.made_attempts).toBe(attempt);
      if (after.next_attempt_at) {
        waits.push((new Date(after.next_attempt_at).getTime() - before.getTime()) / 1000);
        clock.set(new Date(after.next_attempt_at));
      }
    }
    expect(await reload(row)).toMatchObject({ status: 'failed', attempt_count: 13, made_attempts: 11 });
    expect(shop.requests).toHaveLength(11);
    expect(waits).toEqual([60, 300, 900, 1800, 3600, 10800, 21600, 43200, 86400, 172800]);
  });

  it('never runs more attempts at once than DISPATCH_CONCURRENCY, however often the slots are filled', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    let open = 0;
    let most = 0;
    const shop = await receiver((_, response) => {
      open += 1;
      most = Math.max(most, open);
      setTimeout(() => {
        open -= 1;
        response.writeHead(200).end();
      }, 30);
    });
    const rows = await Promise.all(Array.from({ length: 40 }, () => delivery(shop.url, clock.now())));
    const worker = dispatcher(clock, new WebhookSender({ allowLoopback: true, responseTimeoutMs: 2000 }), { concurrency: 4 });
    await Promise.all(Array.from({ length: 12 }, () => worker.fillSlots()));
    await eventuallyTrue(async () => (await Promise.all(rows.map(reload))).every((current) => current.status === 'delivered'));
    expect(most).toBeLessThanOrEqual(4);
    expect(shop.requests).toHaveLength(40);
  });

  it('frees a slot once its answer is in, not once the outcome is written, and lets at most as many outcomes again wait', async () => {
    // Earlier than every other test's clock: no delivery of theirs is due to take a slot.
    const clock = new TestClock(new Date('2020-01-02T00:00:00.000Z'));
    const shop = await receiver((_, response) => response.writeHead(200).end());
    const rows = await Promise.all(Array.from({ length: 6 }, () => delivery(shop.url, clock.now())));
    let releaseWrites!: () => void;
    const writesHeld = new Promise<void>((resolve) => (releaseWrites = resolve));
    // The real repository, its outcome writes held back as a slow database would hold them.
    const slowToRecord = new DeliveryRepository();
    slowToRecord.recordAttempts = async (db, attempts) => {
      await writesHeld;
      return repository.recordAttempts(db, attempts);
    };
    const worker = dispatcher(clock, new WebhookSender({ allowLoopback: true, responseTimeoutMs: 2000 }), { concurrency: 2, deliveries: slowToRecord });
    try {
      await worker.fillSlots();
      // Two answered and waiting for their write free their slots for two more; then the four waiting writes hold the rest back.
      await eventuallyTrue(async () => shop.requests.length >= 4);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(shop.requests).toHaveLength(4);
      expect((await Promise.all(rows.map(reload))).filter((current) => current.status === 'delivered')).toHaveLength(0);
    } finally {
      releaseWrites();
    }
    await eventuallyTrue(async () => (await Promise.all(rows.map(reload))).every((current) => current.status === 'delivered'));
    expect(shop.requests).toHaveLength(6);
    await worker.onApplicationShutdown();
  });

  it('waits at shutdown for a claim on its way back, and makes and records the attempts it took', async () => {
    const clock = new TestClock(new Date('2020-01-03T00:00:00.000Z'));
    const shop = await receiver((_, response) => response.writeHead(200).end());
    const rows = await Promise.all(Array.from({ length: 3 }, () => delivery(shop.url, clock.now())));
    const worker = dispatcher(clock, new WebhookSender({ allowLoopback: true, responseTimeoutMs: 2000 }), { concurrency: 4 });
    const filling = worker.fillSlots();
    await worker.onApplicationShutdown();
    expect((await Promise.all(rows.map(reload))).map((current) => current.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(shop.requests).toHaveLength(3);
    await filling;
  });

  it('shares due deliveries between two replicas without ever sending one twice', async () => {
    const clock = new TestClock(new Date('2026-11-22T10:00:00.000Z'));
    const shop = await receiver((_, response) => setTimeout(() => response.writeHead(200).end(), 5));
    const rows = await Promise.all(Array.from({ length: 60 }, () => delivery(shop.url, clock.now())));
    await Promise.all([dispatcher(clock).dispatchDue(), dispatcher(clock).dispatchDue()]);
    const perEvent = new Map<string, number>();
    for (const request of shop.requests)
      perEvent.set(request.headers['x-cav-event-id'] as string, (perEvent.get(request.headers['x-cav-event-id'] as string) ?? 0) + 1);
    expect(perEvent.size).toBe(60);
    expect([...perEvent.values()].every((count) => count === 1)).toBe(true);
    for (const row of rows) expect((await reload(row)).status).toBe('delivered');
  });

  it('turns one pre-version-1 payment.paid delivered twice by Kafka into one delivery of the same body to the payment’s own address', async () => {
    const events = new EventConsumer(kafka, dataSource, DATABASE.schema, `dispatcher-it-${run}`, logger);
    const now = new TestClock(new Date());
    new NotificationIntake(events, settings, repository, now, new SandboxCopies(config, now)).onModuleInit();
    await events.start();
    const eventId = randomUUID();
    const body = {
      event_id: eventId,
      event_type: 'payment.paid' as const,
      environment: 'sandbox' as const,
      occurred_at: new Date().toISOString(),
      payment: {
        code: 'dupl2345',
        merchant_reference: null,
        status: 'paid' as const,
        amount: '10.00',
        currency_code: 'TRY' as const,
        environment: 'sandbox' as const,
        payment_url: 'http://127.0.0.1:8081/pay/x',
        payment_url_kind: 'platform' as const,
        created_at: new Date().toISOString(),
        expires_at: new Date().toISOString(),
        paid_at: new Date().toISOString(),
        card: null,
        failure: null,
      },
    };
    const envelope = JSON.stringify({
      event_id: eventId,
      event_type: 'payment.paid',
      occurred_at: body.occurred_at,
      payload: { merchant_code: merchantCode, webhook_url: 'https://hooks.shop.example/own', body },
    });
    const producer = await kafka.producer();
    await producer.send({
      topic: kafka.topic(PaymentPaidV1.topic),
      messages: [
        { key: 'dupl2345', value: envelope },
        { key: 'dupl2345', value: envelope },
      ],
    });
    const deadline = Date.now() + 15000;
    let rows: { url: string; body: string }[] = [];
    while (Date.now() < deadline && rows.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      rows = await queryRows(dataSource, 'SELECT url, body FROM webhooks.deliveries WHERE event_id = $1', [eventId]);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rows = await queryRows(dataSource, 'SELECT url, body FROM webhooks.deliveries WHERE event_id = $1', [eventId]);
    await events.stop();
    expect(rows).toEqual([{ url: 'https://hooks.shop.example/own', body: JSON.stringify(body) }]);
  });
});
