import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { PLATFORM_APPS } from '@platform/contracts';
import { signV3Request, signV4Request } from '@platform/signing';
import { DEFAULT_FETCH_MAX_WAIT_MS, DEFAULT_SOLE_FETCH_MAX_WAIT_MS } from '@platform/messaging';
import { ensureDatabase } from '@platform/persistence';
import { deletePrefixedTopicsAndGroups, OperatorClient, REPO_ROOT, Stack, testInfrastructure, type ProvisionedMerchant } from '@platform/testing';
import { constantArrival, type ArrivalRequest } from './bench/constant-arrival';
import { CpuMeter, kafkaBrokerPid, pidsNamed } from './bench/process-cpu';
import { prepareReference, referenceArrival, referenceAvailable, referenceLoad, startReference, stopReference } from './bench/reference';
import { StopOnSignal } from './stop-on-signal';

/**
 * `npm run bench`: first the single-process reference (../shared/perf-reference, NestJS and
 * Fastify), then in the same sitting the BIN lookup (gateway → Kafka → orders-v4 → Postgres →
 * back), v3 payment creation, the ledger balance, the public service status, the webhook
 * dispatcher draining a backlog, and the services' memory. Each scenario prints req/s, p50,
 * p99, its ratio to the NestJS reference and the CPU seconds per 1,000 requests of each
 * process (gateway, service, Kafka broker, Postgres). Starts its own stack on ports 28080+ on
 * the test database (created and migrated if missing); needs infrastructure up and a build.
 * Bounded: each scenario runs BENCH_SECONDS (default 15) against 127.0.0.1 only.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/**
 * Only the scenarios whose name contains one of these, comma-separated (the reference always runs
 * unless BENCH_REFERENCE=off).
 */
const ONLY = process.env.BENCH_ONLY?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
/** Where the services write V8 CPU profiles (`--cpu-prof`), one per process, when they stop. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const selected = (name: string) => !ONLY?.length || ONLY.some((part) => name.includes(part));
/** Extra node flags for every service (BENCH_NODE_ARGS, space-separated): for trying V8 settings. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

function rssMegabytes(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

const rss = (pid: number | undefined) => `${rssMegabytes(pid) ?? 'n/a'} MiB`;

/**
 * A process's proportional share of resident memory: pages it shares with other processes (the
 * node binary, the libraries) are divided among them, so the sum over the platform counts them once.
 */
function pssMegabytes(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  let rollup: string;
  try {
    rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  } catch {
    return undefined;
  }
  return Math.round(Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) / 1024);
}

const ALL_APPS = PLATFORM_APPS;
/**
 * What the load scenarios do not use: started for the idle measurement only (which counts every
 * service), then stopped, as every earlier bench did, so they take no share of the two cores.
 */
const IDLE_ONLY_APPS: readonly (typeof ALL_APPS)[number][] = ['checkout', 'payouts', 'disputes', 'panel', 'console'];
/** Before every measurement, the platform's scenarios as the reference: JIT, pools, Kafka metadata. */
const WARM_UP_SECONDS = 3;
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
/**
 * How long the platform rests between the two idle measurements. For its first minutes a started
 * process still works off start-up: V8's memory reducer runs full collections once allocation
 * stops, and functions the idle loops call get compiled on V8's worker threads. Measured in
 * 30 s windows (docs/benchmarks.md, eighth sitting) the platform settled within two minutes; on
 * the PVM guests each service's memory reducer ran 100–170 s after start (twenty-sixth sitting),
 * inside a settled window that began 130 s after it, so the window now begins about 190 s after.
 */
const IDLE_SETTLE_SECONDS = Number(process.env.BENCH_IDLE_SETTLE_SECONDS ?? 120);

/**
 * The whole platform doing nothing, against the issue's budget (5 % of one core, 1.2 GB): CPU in
 * the first minute after the warm-up and again once it has settled, each service's share, the
 * broker's and Postgres's for context, and memory both as summed RSS (which counts the pages
 * every process shares, the node binary above all, once per process) and as summed PSS (each
 * shared page once: the memory the platform occupies).
 */
async function idle(stack: Stack): Promise<void> {
  if (!selected('idle platform')) return;
  const services = Object.fromEntries(ALL_APPS.map((app) => [app, () => [stack.pid(app)].filter((pid): pid is number => pid !== undefined)]));
  const cpu = new CpuMeter({
    ...services,
    kafka: () => [kafkaBrokerPid()].filter((pid): pid is number => pid !== undefined),
    postgres: () => pidsNamed('postgres'),
  });
  const percent = (seconds: number) => `${((100 * seconds) / IDLE_SECONDS).toFixed(1)} %`;
  const measure = async (label: string) => {
    cpu.start();
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const used = cpu.used();
    const platform = ALL_APPS.reduce((total, app) => total + used[app]!, 0);
    process.stdout.write(
      `${`idle platform (${ALL_APPS.length} services), ${label}`.padEnd(38)} ${percent(platform).padStart(8)} of one core over ${IDLE_SECONDS} s\n` +
        `${''.padEnd(38)} ${ALL_APPS.map((app) => `${app} ${percent(used[app]!)}`).join(' · ')}\n` +
        `${''.padEnd(38)} outside the budget: kafka ${percent(used.kafka!)} · postgres ${percent(used.postgres!)}\n`,
    );
  };
  await measure('just started');
  await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_SECONDS * 1000));
  await measure('settled');
  const memory = ALL_APPS.reduce((total, app) => total + (rssMegabytes(stack.pid(app)) ?? 0), 0);
  const proportional = ALL_APPS.reduce((total, app) => total + (pssMegabytes(stack.pid(app)) ?? 0), 0);
  process.stdout.write(`${'idle platform memory'.padEnd(38)} RSS ${memory} MiB summed, ${proportional} MiB counting shared pages once (PSS)\n`);
}

/** The NestJS reference's req/s in this sitting, for the ratios. */
let referenceRate: number | undefined;
const PAYMENTS_OPEN_LOOP = 'POST /api/v3/payments open loop';

function report(name: string, result: autocannon.Result, cpu: CpuMeter): void {
  const failed = result.non2xx + result.errors + result.timeouts;
  const ratio = referenceRate ? `  ${(result.requests.average / referenceRate).toFixed(2)}× ref` : '';
  process.stdout.write(
    `${name.padEnd(38)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(3)} ms  ` +
      `p99 ${String(result.latency.p99).padStart(3)} ms${ratio}  failed ${failed} of ${result.requests.total}\n` +
      `${''.padEnd(38)} CPU s per 1,000 requests: ${cpu.perThousand(result.requests.total)}\n`,
  );
}

/**
 * Each warmed up 3 s with its own requests first, as the reference is: the path measured is the
 * JIT-compiled one. Then the tables' statistics are brought up to date, as autovacuum would have
 * by then in production (this machine's Postgres runs without it).
 */
async function scenario(name: string, cpu: CpuMeter, options: autocannon.Options): Promise<void> {
  if (!selected(name)) return;
  await autocannon({ connections: CONNECTIONS, ...options, duration: WARM_UP_SECONDS });
  await analyze();
  cpu.start();
  report(name, await autocannon({ duration: SECONDS, connections: CONNECTIONS, ...options }), cpu);
}

/**
 * The same requests at a constant arrival rate of half the NestJS reference's req/s (issue 17's
 * open-loop goal; BENCH_OPEN_LOOP_RATE sets another), from constantArrival: one request every
 * 1/rate s, latency counted from when each was due. Warmed up 3 s at the same rate first.
 */
async function openLoop(name: string, cpu: CpuMeter, target: ArrivalRequest): Promise<void> {
  if (!selected(name)) return;
  const rate = openLoopRate();
  if (!rate) {
    process.stdout.write(`${name.padEnd(38)} skipped: needs the reference's rate from this run, or BENCH_OPEN_LOOP_RATE\n`);
    return;
  }
  await measureOpenLoop(name, rate, cpu, target);
}

function openLoopRate(): number {
  return Number(process.env.BENCH_OPEN_LOOP_RATE ?? 0) || (referenceRate ? Math.round(referenceRate / 2) : 0);
}

async function measureOpenLoop(name: string, rate: number, cpu: CpuMeter, target: ArrivalRequest, databaseUrl?: string): Promise<void> {
  await constantArrival(target, rate, WARM_UP_SECONDS);
  await analyze(databaseUrl);
  cpu.start();
  const result = await constantArrival(target, rate, SECONDS);
  const ratio = referenceRate ? `  ${(result.rate / referenceRate).toFixed(2)}× ref` : '';
  process.stdout.write(
    `${`${name} at ${rate}/s`.padEnd(38)} ${result.rate.toFixed(0).padStart(6)} req/s  p50 ${String(result.p50).padStart(3)} ms  ` +
      `p99 ${String(result.p99).padStart(3)} ms${ratio}  failed ${result.failed} of ${result.due}\n` +
      `${''.padEnd(38)} CPU s per 1,000 requests: ${cpu.perThousand(result.answered + result.failed)}\n`,
  );
}

/** The reference on NestJS and on Fastify, each warmed up 3 s, then measured as the platform is. */
async function runReference(): Promise<void> {
  if (process.env.BENCH_REFERENCE === 'off') return;
  if (!referenceAvailable()) {
    process.stdout.write('reference: ../shared/perf-reference not found (PERF_REFERENCE_DIR); no ratios\n\n');
    return;
  }
  const databaseUrl = await prepareReference();
  for (const kind of ['nest', 'fastify'] as const) {
    const server = await startReference(kind, databaseUrl);
    const forgetServer = onSignal.add(() => stopReference(server));
    try {
      await referenceLoad(WARM_UP_SECONDS, CONNECTIONS);
      await analyze(databaseUrl);
      const processes = { reference: () => [server.pid!], postgres: () => pidsNamed('postgres') };
      const cpu = new CpuMeter(processes);
      cpu.start();
      const result = await referenceLoad(SECONDS, CONNECTIONS);
      if (kind === 'nest') referenceRate = result.requests.average;
      report(`reference, one process (${kind})`, result, cpu);
      if (kind === 'nest' && selected(PAYMENTS_OPEN_LOOP)) {
        const withGenerator = new CpuMeter({ ...processes, 'load generator (bench)': () => [process.pid] });
        await measureOpenLoop('reference (nest) open loop', openLoopRate(), withGenerator, referenceArrival(), databaseUrl);
      }
    } finally {
      await stopReference(server);
      forgetServer();
    }
  }
  process.stdout.write('\n');
}

/**
 * Statistics as autovacuum keeps them: a table analysed while empty and grown by thousands of
 * rows since can lead the planner to an owner index instead of a unique key (docs/benchmarks.md,
 * ninth sitting), which a production database, analysing itself, would not.
 */
function analyze(databaseUrl = testInfrastructure.adminDatabaseUrl): Promise<void> {
  return maintainBenchDatabase('ANALYZE', databaseUrl);
}

/** Maintenance autovacuum would do on a production database; this machine's Postgres runs without it. */
async function maintainBenchDatabase(command: 'ANALYZE' | 'VACUUM (ANALYZE)', databaseUrl = testInfrastructure.adminDatabaseUrl): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(command);
  } finally {
    await db.end();
  }
}

/** A fresh machine after `npm start` has no test database yet: make and migrate it. */
async function ensureBenchDatabase(): Promise<void> {
  await ensureDatabase(testInfrastructure.adminDatabaseUrl);
  execFileSync(process.execPath, [`${REPO_ROOT}/dist/tools/migrate.js`], {
    stdio: 'ignore',
    env: { ...process.env, DATABASE_URL: testInfrastructure.adminDatabaseUrl },
  });
  // Every run adds rows, and this machine's Postgres runs with autovacuum off: without a
  // vacuum, queue scans walk the dead rows of all earlier runs and each run is slower than
  // the last. A production database vacuums itself; the bench starts where it would be.
  await maintainBenchDatabase('VACUUM (ANALYZE)');
}

function v4Headers(merchant: ProvisionedMerchant, method: string, path: string, body?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'X-CEK-Api-Key': merchant.apiKey,
    'X-CEK-Environment': 'sandbox',
    'X-CEK-Merchant-Code': merchant.merchantCode,
    ...signV4Request({ secret: merchant.apiSecret, method, path, body }),
  };
}

/** Payments and orders the `GET` scenarios read in turn, and merchants whose balances are read. */
const DISTINCT_READS = 256;
const BALANCE_MERCHANTS = 16;

/** A signed `GET`: its path and the headers that sign it. */
interface SignedRead {
  path: string;
  headers: Record<string, string>;
}

/** A signed read for each of DISTINCT_READS records, each made by `create`. */
function distinctReads(create: () => Promise<SignedRead>): Promise<SignedRead[]> {
  return Promise.all(Array.from({ length: DISTINCT_READS }, create));
}

/** A v4 order body with a BIN whose cards go to the hosted page, so that no acquirer is called. */
function hostedOrder(merchantOrderId: string): string {
  return JSON.stringify({ merchant_order_id: merchantOrderId, amount: '99.90', bin: '540061' });
}

/** An autocannon request that takes the next of `reads` each time, round and round. */
function inTurn(reads: SignedRead[]): autocannon.Request {
  let next = 0;
  return {
    setupRequest: (request) => {
      const read = reads[next++ % reads.length]!;
      return { ...request, method: 'GET', path: read.path, headers: read.headers };
    },
  };
}

function v3Headers(merchant: ProvisionedMerchant, method: string, target: string, body = ''): Record<string, string> {
  return { 'content-type': 'application/json', 'X-CAV-Api-Key': merchant.apiKey, ...signV3Request({ secret: merchant.apiSecret, method, target, body }) };
}

/** Puts `count` due deliveries in the dispatcher's table and times how fast a local receiver gets them all. */
async function webhookDrain(merchant: ProvisionedMerchant, count: number, cpu: CpuMeter): Promise<void> {
  let received = 0;
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(204).end();
      received += 1;
      if (received === count) done();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const db = new Client({ connectionString: testInfrastructure.adminDatabaseUrl });
  await db.connect();
  try {
    cpu.start();
    const started = Date.now();
    // Told at the commit, as the dispatcher's intake tells it (DELIVERIES_DUE_CHANNEL of its repository).
    await db.query(
      `WITH backlog AS (
         INSERT INTO webhooks.deliveries (id, event_id, event_type, scheme, merchant_code, environment, payment_code, url, body, next_attempt_at, created_at)
         SELECT gen_random_uuid(), gen_random_uuid(), 'payment.paid', 'v3', $1, 'sandbox', 'bench', $2, '{"event_type":"payment.paid"}', now(), now()
           FROM generate_series(1, $3)
         RETURNING 1)
       SELECT pg_notify('webhook_deliveries_due', '') FROM (SELECT 1 FROM backlog LIMIT 1) AS inserted`,
      [merchant.merchantCode, url, count],
    );
    await all;
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `${'webhook backlog drained'.padEnd(34)} ${(count / seconds).toFixed(0).padStart(6)} deliveries/s  (${count} signed deliveries in ${seconds.toFixed(1)} s)\n` +
        `${''.padEnd(38)} CPU s per 1,000 deliveries: ${cpu.perThousand(count)}\n`,
    );
  } finally {
    await db.end();
    receiver.close();
  }
}

const onSignal = new StopOnSignal('bench');

async function main(): Promise<void> {
  process.stdout.write(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}\n`);
  process.stdout.write(`load: ${CONNECTIONS} connections, ${SECONDS} s per scenario\n\n`);
  await ensureBenchDatabase();
  await runReference();
  // Topics of its own: no earlier test run's events to replay. Deleted at the end with its groups.
  const topicPrefix = `bench-${randomUUID().slice(0, 8)}.`;
  const stack = await Stack.start({
    apps: selected('idle platform') ? ALL_APPS : ALL_APPS.filter((app) => !IDLE_ONLY_APPS.includes(app)),
    portBase: 28080,
    nodeArgs: [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), ...NODE_ARGS],
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_IP_PER_MINUTE: '100000000',
      RATE_LIMIT_KEY_PER_MINUTE: '100000000',
      RATE_LIMIT_STATUS_PER_MINUTE: '100000000',
      // A run creates tens of thousands of orders of one merchant: past the default daily volume
      // (1,000,000 TRY) they would be refused with 0055235. The check still runs on every order.
      VOLUME_DAILY_LIMIT: '900000000.00',
      VOLUME_WEEKLY_LIMIT: '900000000.00',
      VOLUME_MONTHLY_LIMIT: '900000000.00',
      // The production default, not the tests' shorter wait: idle CPU is measured as deployed.
      KAFKA_FETCH_MAX_WAIT_MS: String(DEFAULT_FETCH_MAX_WAIT_MS),
      KAFKA_SOLE_FETCH_MAX_WAIT_MS: String(DEFAULT_SOLE_FETCH_MAX_WAIT_MS),
      // Tuning experiments: a concurrency other than the service's default.
      ...(process.env.DISPATCH_CONCURRENCY ? { DISPATCH_CONCURRENCY: process.env.DISPATCH_CONCURRENCY } : {}),
      KAFKA_TOPIC_PREFIX: topicPrefix,
    },
  });
  const removeTopics = () =>
    // A broker that is gone must not hide the error that ended the run.
    deletePrefixedTopicsAndGroups(topicPrefix).catch((error: unknown) =>
      process.stderr.write(`bench topics or groups ${topicPrefix}* left on the broker: ${String(error)}\n`),
    );
  const forgetStack = onSignal.add(() => stack.stop().then(removeTopics));
  try {
    const gateway = stack.url('gateway');
    const merchant = await new OperatorClient(gateway).provisionMerchant({
      settings: { payment_limits: [{ currency_code: 'TRY', min_amount: '1.00', max_amount: '1000000.00' }] },
    });
    const path = '/api/v4/bins/435509?amount=100.00';
    const headers = v4Headers(merchant, 'GET', path);
    // Warm-up before the idle measurement: JIT, connection pools, Kafka metadata.
    await autocannon({ url: `${gateway}${path}`, headers, duration: WARM_UP_SECONDS, connections: 4 });
    process.stdout.write(`gateway RSS after warm-up: ${rss(stack.pid('gateway'))}\n`);
    await idle(stack);
    // The load scenarios run on the six services they use.
    for (const unused of IDLE_ONLY_APPS) if (stack.pid(unused) !== undefined) await stack.terminate(unused);
    const meter = (service: 'orders-v4' | 'payments-v3' | 'ledger' | 'status', more: Record<string, () => number[]> = {}) =>
      new CpuMeter({
        gateway: () => [stack.pid('gateway')!],
        [service]: () => [stack.pid(service)!],
        kafka: () => [kafkaBrokerPid()].filter((pid): pid is number => pid !== undefined),
        postgres: () => pidsNamed('postgres'),
        redis: () => pidsNamed('redis-server'),
        ...more,
      });
    await scenario('GET /api/v4/bins/{bin} (signed)', meter('orders-v4'), { url: `${gateway}${path}`, headers });
    // The body is the same for every request; each Idempotency-Key makes a new payment.
    const payment = JSON.stringify({ amount: '125.50', currency_code: 'TRY' });
    const createPayment: autocannon.Options = {
      url: `${gateway}/api/v3/payments`,
      method: 'POST',
      body: payment,
      headers: v3Headers(merchant, 'POST', '/api/v3/payments', payment),
      requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'Idempotency-Key': randomUUID() } }) }],
    };
    await scenario('POST /api/v3/payments (signed)', meter('payments-v3'), createPayment);
    // The generator shares the machine with the platform: what it spends is shown, not hidden.
    await openLoop(PAYMENTS_OPEN_LOOP, meter('payments-v3', { 'load generator (bench)': () => [process.pid] }), {
      url: `${gateway}/api/v3/payments`,
      method: 'POST',
      body: payment,
      headers: () => ({ ...(createPayment.headers as Record<string, string>), 'Idempotency-Key': randomUUID() }),
    });
    // Reads spread over many payments, as merchants read their own: concurrent reads of one code
    // share one query since BatchedCalls, which would flatter the platform.
    const paymentReads = await distinctReads(async () => {
      const created = await fetch(`${gateway}/api/v3/payments`, {
        method: 'POST',
        body: payment,
        headers: { ...v3Headers(merchant, 'POST', '/api/v3/payments', payment), 'Idempotency-Key': randomUUID() },
      });
      const path = `/api/v3/payments/${((await created.json()) as { code: string }).code}`;
      return { path, headers: v3Headers(merchant, 'GET', path) };
    });
    await scenario('GET /api/v3/payments/{code} (signed)', meter('payments-v3'), { url: gateway, requests: [inTurn(paymentReads)] });
    const ordersPath = '/api/v4/orders';
    await scenario('POST /api/v4/orders (signed, hosted)', meter('orders-v4'), {
      url: `${gateway}${ordersPath}`,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            const body = hostedOrder(`bench-${randomUUID()}`);
            return { ...request, body, headers: v4Headers(merchant, 'POST', ordersPath, body) };
          },
        },
      ],
    });
    // Reads spread over many orders, for the same reason as the payments above.
    const orderReads = await distinctReads(async () => {
      const merchantOrderId = `bench-read-${randomUUID()}`;
      const body = hostedOrder(merchantOrderId);
      const created = await fetch(`${gateway}${ordersPath}`, { method: 'POST', body, headers: v4Headers(merchant, 'POST', ordersPath, body) });
      if (!created.ok) throw new Error(`creating an order to read: ${created.status} ${await created.text()}`);
      const path = `${ordersPath}/${merchantOrderId}`;
      return { path, headers: v4Headers(merchant, 'GET', path) };
    });
    await scenario('GET /api/v4/orders/{merchantOrderId} (signed)', meter('orders-v4'), { url: gateway, requests: [inTurn(orderReads)] });
    // Balances of several merchants, for the same reason as the payments above.
    const operator = new OperatorClient(gateway);
    const balanceReaders = [merchant, ...(await Promise.all(Array.from({ length: BALANCE_MERCHANTS - 1 }, () => operator.provisionMerchant())))];
    const balanceReads = balanceReaders.map((reader) => ({ path: '/api/v3/balance', headers: v3Headers(reader, 'GET', '/api/v3/balance') }));
    await scenario('GET /api/v3/balance (signed, ledger)', meter('ledger'), { url: gateway, requests: [inTurn(balanceReads)] });
    await scenario('GET /api/v3/service-status', meter('status'), { url: `${gateway}/api/v3/service-status` });
    await scenario('GET /healthz (HTTP floor)', meter('status'), { url: `${gateway}/healthz` });
    const hooked = await new OperatorClient(gateway).provisionMerchant({ settings: { webhook_url: 'http://127.0.0.1:9/placeholder' } });
    const drainCpu = new CpuMeter({
      'webhook-dispatcher': () => [stack.pid('webhook-dispatcher')!],
      'receiver (bench)': () => [process.pid],
      postgres: () => pidsNamed('postgres'),
    });
    if (selected('webhook backlog')) await webhookDrain(hooked, Number(process.env.BENCH_WEBHOOKS ?? 10000), drainCpu);
    for (const app of ['gateway', 'orders-v4', 'payments-v3', 'ledger', 'webhook-dispatcher'] as const) {
      process.stdout.write(`${app} RSS after load: ${rss(stack.pid(app))}\n`);
    }
  } finally {
    await stack.stop();
    forgetStack();
    await removeTopics();
  }
}

main().catch((error: unknown) => {
  if (onSignal.stopping) return;
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
