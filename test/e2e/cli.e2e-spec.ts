import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebhookDeduplicator, verifyWebhookRequest } from '@card-platform/sdk';
import { OperatorClient, Stack, V3Client, eventually, installPackedSdk, type ProvisionedMerchant } from '@platform/testing';

interface Received {
  path: string;
  verified: boolean;
  eventType?: string;
  body: any;
}

/** A developer's local server: verifies with the SDK, answers as `answer` says per path. */
async function localServer(answer: (path: string) => number = () => 200) {
  const received: Received[] = [];
  const dedupe = new WebhookDeduplicator();
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const verified = verifyWebhookRequest({ secret: secretOf(), rawBody: Buffer.concat(chunks), headers: request.headers });
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({
        path: request.url!,
        verified: verified.ok,
        eventType: verified.ok ? verified.event.event_type : undefined,
        body: text ? JSON.parse(text) : undefined,
      });
      if (!verified.ok) return void response.writeHead(400).end();
      void dedupe.firstDelivery(verified.eventId).then(() => response.writeHead(answer(request.url!)).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

let secretOf: () => string = () => '';

/**
 * The CLI of the packed SDK, installed alone in a folder, against the real stack: login keeps
 * the key 0600, trigger drives the sandbox as a customer, listen forwards every sandbox webhook
 * signed as delivered to a local server without a public address, deliveries lists and
 * retries, webhook-check grades an endpoint.
 */
describe('card-platform CLI', () => {
  let stack: Stack;
  let merchant: ProvisionedMerchant;
  let operator: OperatorClient;
  let cli: string;
  let home: string;
  let local: Awaited<ReturnType<typeof localServer>>;
  let listener: ChildProcess;
  let listenOut = '';
  let listenErr = '';

  const runIn =
    (configHome: () => string) =>
    (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(cli, args, { env: { PATH: process.env.PATH, XDG_CONFIG_HOME: configHome() }, timeout: 120_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
  /** The CLI as the developer of this suite's merchant; `run.as(home)` as someone logged in elsewhere. */
  const run = Object.assign(
    runIn(() => home),
    { as: (otherHome: string) => runIn(() => otherHome) },
  );
  const json = async (...args: string[]) => {
    const result = await run(...args, '--json');
    if (result.code !== 0) throw new Error(`${args.join(' ')} exited ${result.code}: ${result.stderr}`);
    return JSON.parse(result.stdout) as any;
  };

  beforeAll(async () => {
    cli = join(installPackedSdk(), 'node_modules', '.bin', 'card-platform');
    home = mkdtempSync(join(tmpdir(), 'cli-home-'));
    local = await localServer((path) => (path === '/failing' ? 500 : 200));
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'ledger', 'disputes', 'webhook-dispatcher'],
      env: { DISPATCH_INTERVAL_MS: '100', WEBHOOK_RETRY_TIME_SCALE: '0.00001', KAFKA_TOPIC_PREFIX: `test-cli-${randomUUID().slice(0, 8)}.` },
    });
    operator = new OperatorClient(stack.url('gateway'));
    // No webhook address: listen must work without one.
    merchant = await operator.provisionMerchant({});
    secretOf = () => merchant.apiSecret;
  });

  afterAll(async () => {
    listener?.kill('SIGINT');
    await stack?.stop();
    await local?.close();
  });

  it('login refuses a wrong secret and keeps nothing; a right one is kept readable by its owner only', async () => {
    const base = ['login', '--api-key', merchant.apiKey, '--merchant-code', merchant.merchantCode, '--base-url', stack.url('gateway')];
    const wrong = await run(...base, '--secret', 'not-the-secret');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('refused: 0055505');
    const config = join(home, 'card-platform', 'config.json');
    expect(existsSync(config)).toBe(false);
    const right = await run(...base, '--secret', merchant.apiSecret);
    expect(right.code).toBe(0);
    expect(right.stdout).toContain(`logged in as ${merchant.merchantCode}`);
    expect(statSync(config).mode & 0o777).toBe(0o600);
  });

  it('listen forwards the webhooks trigger causes, signed as delivered, to a local server', async () => {
    listener = spawn(cli, ['listen', '--forward-to', `${local.url}/hooks`, '--json'], { env: { PATH: process.env.PATH, XDG_CONFIG_HOME: home } });
    listener.stdout!.on('data', (chunk: Buffer) => (listenOut += chunk.toString()));
    listener.stderr!.on('data', (chunk: Buffer) => (listenErr += chunk.toString()));
    await eventually(
      async () => listenErr,
      (text) => text.includes('Ready.'),
      20000,
    );

    // Another merchant listening at the same time gets none of these.
    const otherHome = mkdtempSync(join(tmpdir(), 'cli-home-'));
    const other = await operator.provisionMerchant({});
    const otherLocal = await localServer();
    const login = ['login', '--api-key', other.apiKey, '--secret', other.apiSecret, '--merchant-code', other.merchantCode, '--base-url', stack.url('gateway')];
    expect((await run.as(otherHome)(...login)).code).toBe(0);
    const otherListener = spawn(cli, ['listen', '--forward-to', `${otherLocal.url}/hooks`], { env: { PATH: process.env.PATH, XDG_CONFIG_HOME: otherHome } });
    let otherErr = '';
    otherListener.stderr!.on('data', (chunk: Buffer) => (otherErr += chunk.toString()));
    await eventually(
      async () => otherErr,
      (text) => text.includes('Ready.'),
      20000,
    );

    const paid = await json('trigger', 'payment.paid');
    const failedPayment = await json('trigger', 'payment.failed');
    const succeeded = await json('trigger', 'checkout.order.succeeded');
    const failed = await json('trigger', 'checkout.order.failed');
    const hooks = () => local.received.filter((r) => r.path === '/hooks');
    // Timed out, the message shows which webhooks came and what listen said (a broken stream, a failed forward).
    await eventually(
      async () => ({ forwarded: hooks().map((hook) => hook.eventType), listen: listenErr.trim().split('\n').slice(-12) }),
      (seen) => seen.forwarded.length >= 4,
      30000,
    );
    expect(hooks().every((hook) => hook.verified)).toBe(true);
    expect(hooks().find((h) => h.eventType === 'payment.paid')!.body.payment).toMatchObject({ code: paid.payment_code, status: 'paid' });
    expect(hooks().find((h) => h.eventType === 'payment.failed')!.body.payment).toMatchObject({
      code: failedPayment.payment_code,
      failure: { attempt_count: 1 },
    });
    expect(hooks().find((h) => h.eventType === 'checkout.order.succeeded')!.body.order.merchant_order_id).toBe(succeeded.merchant_order_id);
    expect(hooks().find((h) => h.eventType === 'checkout.order.failed')!.body.order.merchant_order_id).toBe(failed.merchant_order_id);
    const lines = listenOut
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event_type: string; status: number });
    expect(lines.map((line) => [line.event_type, line.status])).toEqual(
      expect.arrayContaining([
        ['payment.paid', 200],
        ['payment.failed', 200],
        ['checkout.order.succeeded', 200],
        ['checkout.order.failed', 200],
      ]),
    );
    otherListener.kill('SIGINT');
    expect(otherLocal.received).toEqual([]);
    await otherLocal.close();
  });

  it('listen is for sandbox keys: login keeps no live key, and listen with one stops at the refusal', async () => {
    const live = await operator.provisionMerchant({ environment: 'live' });
    const stream = await new V3Client(stack.url('gateway'), live).request('GET', '/api/v3/sandbox/webhook-stream');
    expect([stream.status, stream.body.code]).toEqual([403, '0055502']);
    const liveHome = mkdtempSync(join(tmpdir(), 'cli-home-'));
    const login = ['login', '--api-key', live.apiKey, '--secret', live.apiSecret, '--merchant-code', live.merchantCode, '--base-url', stack.url('gateway')];
    const notKept = await run.as(liveHome)(...login);
    expect(notKept.code).toBe(1);
    expect(notKept.stderr).toContain('refused: ');
    expect(existsSync(join(liveHome, 'card-platform', 'config.json'))).toBe(false);
    // A profile written by hand with the live key: listen asks once and stops with the refusal.
    mkdirSync(join(liveHome, 'card-platform'));
    writeFileSync(
      join(liveHome, 'card-platform', 'config.json'),
      JSON.stringify({ base_url: stack.url('gateway'), api_key: live.apiKey, secret: live.apiSecret, merchant_code: live.merchantCode }),
      { mode: 0o600 },
    );
    const refused = await run.as(liveHome)('listen', '--forward-to', `${local.url}/hooks`);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the platform refused the stream: 403');
    expect(refused.stderr).toContain('0055502');
  });

  it('trigger refunds and disputes a paid payment', async () => {
    const refunded = await json('trigger', 'payment.refunded');
    expect(refunded.refund_id).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(
      async () => local.received,
      (seen) => seen.some((h) => h.eventType === 'payment.refunded' && h.body.payment.code === refunded.payment_code),
      30000,
    );
    const disputed = await json('trigger', 'dispute');
    expect(disputed.dispute_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('creates and reads payments and orders, and shows a refusal with its code, fields and what to do', async () => {
    const created = await json('payments', 'create', '--amount', '12.34', '--reference', `cli-${randomUUID().slice(0, 8)}`);
    expect(created).toMatchObject({ status: 'created', amount: '12.34', currency_code: 'TRY' });
    expect(await json('payments', 'get', created.code)).toMatchObject({ code: created.code, status: 'created' });
    const human = await run('payments', 'get', created.code);
    expect(human.stdout).toMatch(new RegExp(`code\\s+${created.code}\\nstatus\\s+created`));
    const order = await json('orders', 'create', '--amount', '20.00', '--bin', '540061');
    expect(order).toMatchObject({ status: 'requires_hosted' });
    expect(await json('orders', 'get', order.merchant_order_id)).toMatchObject({ merchant_order_id: order.merchant_order_id });
    const direct = await json('orders', 'create', '--amount', '20.00', '--card', '4355090000044242', '--expiry', '12/30', '--cvv', '000');
    expect(direct).toMatchObject({ status: 'requires_action', card: { bin: '435509', last_four: '4242' } });
    expect(JSON.stringify(direct)).not.toContain('4355090000044242');
    const badTarget = await run('listen', '--forward-to', 'localhost 4242');
    expect([badTarget.code, badTarget.stderr]).toEqual([2, expect.stringContaining('--forward-to must be an address')]);
    const refused = await run('payments', 'create', '--amount', '1.5');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused: 1000001');
    expect(refused.stderr).toMatch(/amount: /);
    expect(refused.stderr).toContain('what to do: fix_and_retry');
    expect((await run('trigger', 'payment.nope')).code).toBe(2);
  });

  it('lists, shows and retries webhook deliveries', async () => {
    const settings = await operator.call('PATCH', `/admin/v1/merchants/${merchant.merchantCode}/environments/sandbox`, { webhook_url: `${local.url}/failing` });
    expect(settings.status).toBe(200);
    const paid = await json('trigger', 'payment.paid');
    const failedDelivery = await eventually(
      async () => (await json('deliveries', 'list', '--status', 'failed')).data as Array<{ id: string; payment_code: string }>,
      (list) => list.some((d) => d.payment_code === paid.payment_code),
      60000,
    );
    const id = failedDelivery.find((d) => d.payment_code === paid.payment_code)!.id;
    const shown = await json('deliveries', 'show', id);
    expect(shown).toMatchObject({ id, status: 'failed', url: `${local.url}/failing`, payload: { payment: { code: paid.payment_code } } });
    const retried = await json('deliveries', 'retry', id);
    expect(retried).toMatchObject({ id, status: 'pending' });
    const table = await run('deliveries', 'list');
    expect(table.stdout).toMatch(/^id\s+event\s+status\s+attempts/);
  });

  it('webhook-check passes an endpoint that follows the receiver rules and names what a naive one gets wrong', async () => {
    const good = await run('webhook-check', '--url', `${local.url}/checked`, '--scheme', 'v4', '--json');
    expect(good.code).toBe(0);
    expect(JSON.parse(good.stdout)).toMatchObject({ problems: 0 });
    const naive = await localServer(() => 200);
    const naiveServer = createServer((request, response) => request.resume().on('end', () => response.writeHead(200).end()));
    await new Promise<void>((resolve) => naiveServer.listen(0, '127.0.0.1', resolve));
    const report = await run('webhook-check', '--url', `http://127.0.0.1:${(naiveServer.address() as AddressInfo).port}/`, '--scheme', 'v3', '--json');
    expect(report.code).toBe(1);
    const body = JSON.parse(report.stdout) as { problems: number; results: Array<{ case: string; ok: boolean }> };
    expect(body.results.filter((r) => !r.ok).map((r) => r.case)).toEqual([
      'timestamp 301 s old',
      'bad signature',
      'signature over another body',
      'uppercase hex signature',
      '9-digit timestamp',
    ]);
    const human = await run('webhook-check', '--url', `http://127.0.0.1:${(naiveServer.address() as AddressInfo).port}/`);
    expect(human.stdout).toContain('PROBLEM: accepted, must reject');
    expect(human.stdout).toContain('An answer cannot show what your endpoint did. Check on your side:');
    expect(human.stdout).toContain('- same event again: that it acted on this event once, not twice');
    await new Promise((resolve) => naiveServer.close(resolve));
    await naive.close();
  });

  it('webhook-check names what an over-strict endpoint refuses that it must accept: a repeat and a late, older change', async () => {
    const seen = new Set<string>();
    const newest = new Map<string, number>();
    // Verifies correctly, but answers 409 to a repeat and to a version below the one it has.
    const strict = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const verified = verifyWebhookRequest({ secret: merchant.apiSecret, rawBody: Buffer.concat(chunks), headers: request.headers });
        if (!verified.ok) return void response.writeHead(400).end();
        const order = (verified.event as { order: { merchant_order_id: string; version: number } }).order;
        const stale = order.version < (newest.get(order.merchant_order_id) ?? 0);
        if (seen.has(verified.eventId) || stale) return void response.writeHead(409).end();
        seen.add(verified.eventId);
        newest.set(order.merchant_order_id, order.version);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => strict.listen(0, '127.0.0.1', resolve));
    const report = await run('webhook-check', '--url', `http://127.0.0.1:${(strict.address() as AddressInfo).port}/`, '--scheme', 'v4', '--json');
    expect(report.code).toBe(1);
    const body = JSON.parse(report.stdout) as { results: Array<{ case: string; ok: boolean; status: number }> };
    expect(body.results.filter((r) => !r.ok).map((r) => [r.case, r.status])).toEqual([
      ['same event again', 409],
      ['checkout.order.failed after checkout.order.succeeded', 409],
    ]);
    const human = await run('webhook-check', '--url', `http://127.0.0.1:${(strict.address() as AddressInfo).port}/`, '--scheme', 'v4');
    expect(human.stdout).toContain('PROBLEM: rejected, must accept');
    await new Promise((resolve) => strict.close(resolve));
  });
});
