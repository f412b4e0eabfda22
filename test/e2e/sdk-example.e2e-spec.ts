import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OperatorClient, Stack, V4Client, eventually, installExample, payOnPaymentPage, type ProvisionedMerchant } from '@platform/testing';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * examples/merchant-server, installed with nothing but the packed SDK, takes a v3 payment and
 * a v4 order on the real stack and verifies and deduplicates their webhooks.
 */
describe('the sample merchant server on the packed SDK', () => {
  let stack: Stack;
  let merchant: ProvisionedMerchant;
  let server: ChildProcess;
  let merchantUrl: string;
  let output = '';
  let directory: string;

  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${merchantUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    directory = installExample('merchant-server');
    const port = await freePort();
    merchantUrl = `http://127.0.0.1:${port}`;
    stack = await Stack.start({
      apps: ['gateway', 'checkout', 'payments-v3', 'orders-v4', 'webhook-dispatcher'],
      env: { DISPATCH_INTERVAL_MS: '100', KAFKA_TOPIC_PREFIX: `test-sdk-example-${randomUUID().slice(0, 8)}.` },
    });
    merchant = await new OperatorClient(stack.url('gateway')).provisionMerchant({ settings: { webhook_url: `${merchantUrl}/webhooks` } });
    server = spawn(process.execPath, [join(directory, 'server.mjs')], {
      cwd: directory,
      env: {
        PATH: process.env.PATH,
        PLATFORM_URL: stack.url('gateway'),
        API_KEY: merchant.apiKey,
        API_SECRET: merchant.apiSecret,
        ENVIRONMENT: 'sandbox',
        MERCHANT_CODE: merchant.merchantCode,
        PORT: String(port),
      },
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await eventually(
      async () => output,
      (text) => text.includes('merchant server listening'),
      10000,
    );
  });

  afterAll(async () => {
    server?.kill();
    await stack?.stop();
  });

  it('installs a package with its README, both builds with their types, the OpenAPI document and the CLI', () => {
    const installed = join(directory, 'node_modules', '@card-platform', 'sdk');
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { engines: { node: string }; bin: Record<string, string> };
    expect(manifest.engines.node).toBe('>=20.3');
    for (const file of [
      'README.md',
      'openapi.json',
      'dist/esm/index.js',
      'dist/esm/index.d.ts',
      'dist/cjs/index.js',
      'dist/cjs/index.d.ts',
      manifest.bin['card-platform']!,
    ])
      expect(existsSync(join(installed, file))).toBe(true);
    expect(readFileSync(join(installed, 'README.md'), 'utf8')).toContain('handleOnce');
  });

  it('creates a payment, is told it was paid by a verified webhook once, and reads it paid', async () => {
    const reference = `sdk-${randomUUID().slice(0, 8)}`;
    const created = await call('POST', '/checkout', { amount: '42.50', currency_code: 'TRY', reference });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'created', payment_url: expect.stringMatching(/^http/) });
    const repeated = await call('POST', '/checkout', { amount: '42.50', currency_code: 'TRY', reference });
    expect(repeated).toMatchObject({ status: 200, body: { code: created.body.code } });

    await payOnPaymentPage(created.body.payment_url);
    const paid = (events: Array<{ event_type: string; event: any }>) =>
      events.filter((e) => e.event_type === 'payment.paid' && e.event.payment.code === created.body.code);
    const events = await eventually(
      async () => (await call('GET', '/events')).body,
      (seen) => paid(seen).length > 0,
      30000,
    );
    expect(paid(events)).toHaveLength(1);
    expect((await call('GET', `/payments/${created.body.code}`)).body).toMatchObject({ code: created.body.code, status: 'paid', amount: '42.50' });
  });

  it('creates a hosted v4 order and receives its checkout.order.succeeded', async () => {
    const id = `sdk-order-${randomUUID().slice(0, 8)}`;
    const created = await call('POST', '/orders', { merchant_order_id: id, amount: '120.00', bin: '540061' });
    expect(created).toMatchObject({ status: 201, body: { merchant_order_id: id, status: 'requires_hosted' } });
    const v4 = new V4Client(stack.url('gateway'), merchant);
    expect((await v4.request('POST', `/api/v4/sandbox/orders/${id}/result`, { result: 'paid' })).status).toBe(200);
    const succeeded = (events: Array<{ api: string; event_type: string; event: any }>) =>
      events.filter((e) => e.api === 'v4' && e.event_type === 'checkout.order.succeeded' && e.event.order.merchant_order_id === id);
    const events = await eventually(
      async () => (await call('GET', '/events')).body,
      (seen) => succeeded(seen).length > 0,
      30000,
    );
    expect(succeeded(events)).toHaveLength(1);
    expect((await call('GET', `/orders/${id}`)).body).toMatchObject({ merchant_order_id: id, status: 'paid' });
  });

  it("shows the platform's refusal with its code", async () => {
    const refused = await call('POST', '/checkout', { amount: '1.5', currency_code: 'TRY', reference: `bad-${randomUUID().slice(0, 8)}` });
    expect(refused).toMatchObject({ status: 502, body: { platform_code: '1000001', status: 422, retry_class: 'fix_and_retry' } });
  });

  it('refuses a delivery that is not signed with its secret', async () => {
    const response = await fetch(`${merchantUrl}/webhooks`, {
      method: 'POST',
      headers: { 'x-cav-timestamp': String(Math.floor(Date.now() / 1000)), 'x-cav-signature': 'a'.repeat(64), 'x-cav-event-id': randomUUID() },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ refused: 'mismatch' });
  });
});
