import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CardPlatform, ApiError, ConnectionError, isApiError } from './index';
import { verifyV3Request, verifyV4Request } from './signing';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const SECRET = 'sk_test_secret';

function problem(code: string, status: number, retryClass: string, extra: object = {}) {
  return {
    type: `https://errors.example/${code}`,
    title: 'refused',
    status,
    detail: 'refused',
    instance: '/x',
    code,
    correlation_id: 'c-1',
    metadata: { developer_detail: 'amount must have 2 decimals', retry_class: retryClass, audit_event: 'request.schema_invalid' },
    ...extra,
  };
}

/** A loopback stand-in for the platform: answers from a script and records what it got. */
async function platform(script: Array<(seen: Seen) => { status: number; body: unknown; headers?: Record<string, string> }>) {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const entry = { method: request.method!, url: request.url!, headers: request.headers, body };
      seen.push(entry);
      const answer = (script[seen.length - 1] ?? script[script.length - 1]!)(entry);
      if (answer.status === 0) return void request.socket.destroy();
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new CardPlatform({
    apiKey: 'ak_test',
    secret: SECRET,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    environment: 'sandbox',
    merchantCode: 'MRC-000123',
  });
  return { client, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

const payment = { code: 'abcd1234', status: 'created' };
/** The stand-in closes the connection without answering. */
const NO_ANSWER = { status: 0, body: null };

describe('CardPlatform client', () => {
  it('signs v3 calls over the path with its query, and v4 calls over the path alone, with the v4 identity headers', async () => {
    const stand = await platform([
      () => ({ status: 200, body: { data: [], meta: { page: 2, per_page: 5, total: 0, total_pages: 0 } } }),
      () => ({ status: 200, body: { data: {} } }),
    ]);
    await stand.client.refunds.list({ page: 2, per_page: 5, status: 'completed' });
    await stand.client.bins.get('454671', '100.00');
    const [v3, v4] = stand.seen;
    expect(v3!.url).toBe('/api/v3/refunds?page=2&per_page=5&status=completed');
    expect(
      verifyV3Request({
        secret: SECRET,
        method: 'GET',
        target: v3!.url,
        timestamp: v3!.headers['x-cav-timestamp'] as string,
        signature: v3!.headers['x-cav-signature'] as string,
      }),
    ).toEqual({ ok: true });
    expect(v3!.headers['x-cav-api-key']).toBe('ak_test');
    expect(v4!.headers).toMatchObject({ 'x-cek-api-key': 'ak_test', 'x-cek-environment': 'sandbox', 'x-cek-merchant-code': 'MRC-000123' });
    expect(
      verifyV4Request({
        secret: SECRET,
        method: 'GET',
        path: v4!.url,
        timestamp: v4!.headers['x-cek-timestamp'] as string,
        signature: v4!.headers['x-cek-signature'] as string,
      }),
    ).toEqual({ ok: true });
    await stand.close();
  });

  it('repeats a call the answer says to repeat, with the same Idempotency-Key and body, signed afresh', async () => {
    const stand = await platform([() => ({ status: 503, body: problem('1000009', 503, 'retry_unchanged') }), () => ({ status: 201, body: payment })]);
    const answer = await stand.client.payments.create({ amount: '10.00', currency_code: 'TRY' });
    expect(answer).toEqual({ data: payment, created: true });
    expect(stand.seen).toHaveLength(2);
    const [first, second] = stand.seen;
    expect(first!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(second!.body).toBe(first!.body);
    expect(
      verifyV3Request({
        secret: SECRET,
        method: 'POST',
        target: '/api/v3/payments',
        body: second!.body,
        timestamp: second!.headers['x-cav-timestamp'] as string,
        signature: second!.headers['x-cav-signature'] as string,
      }),
    ).toEqual({ ok: true });
    await stand.close();
  });

  it('keeps the caller’s Idempotency-Key and reports a repeat as not created', async () => {
    const stand = await platform([() => ({ status: 200, body: payment })]);
    const answer = await stand.client.payments.create({ amount: '10.00', currency_code: 'TRY' }, { idempotencyKey: 'order-77', correlationId: 'mine-1' });
    expect(answer.created).toBe(false);
    expect(stand.seen[0]!.headers).toMatchObject({ 'idempotency-key': 'order-77', 'x-correlation-id': 'mine-1' });
    await stand.close();
  });

  it('looks an Idempotency-Key up by its own name, escaped in the path and signed over the escaped path', async () => {
    const use = { idempotency_key: 'order/77?#', operation: 'payment.create', state: 'completed', resource_id: 'abcd1234' };
    const stand = await platform([() => ({ status: 200, body: { data: [use] } })]);
    const uses = await stand.client.idempotencyKeys.get('order/77?#');
    expect(uses).toEqual([use]);
    const [seen] = stand.seen;
    expect([seen!.method, seen!.url]).toEqual(['GET', '/api/v3/idempotency-keys/order%2F77%3F%23']);
    expect(
      verifyV3Request({
        secret: SECRET,
        method: 'GET',
        target: seen!.url,
        timestamp: seen!.headers['x-cav-timestamp'] as string,
        signature: seen!.headers['x-cav-signature'] as string,
      }),
    ).toEqual({ ok: true });
    await stand.close();
  });

  it('never repeats a refusal to fix, and types it by code', async () => {
    const stand = await platform([() => ({ status: 422, body: problem('1000001', 422, 'fix_and_retry', { errors: { amount: ['must have 2 decimals'] } }) })]);
    const error = await stand.client.payments.create({ amount: '10', currency_code: 'TRY' }).catch((e: unknown) => e);
    expect(stand.seen).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, '1000001')).toBe(true);
    expect(isApiError(error, '9000005')).toBe(false);
    if (!isApiError(error, '1000001')) throw error;
    expect(error.code).toBe('1000001');
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({ amount: ['must have 2 decimals'] });
    expect(error.correlationId).toBe('c-1');
    await stand.close();
  });

  it('repeats a 9000039 that asks for the same request, and not one that names what differs from the first', async () => {
    const inFlight = await platform([() => ({ status: 409, body: problem('9000039', 409, 'retry_unchanged') }), () => ({ status: 201, body: payment })]);
    await expect(inFlight.client.payments.create({ amount: '10.00', currency_code: 'TRY' })).resolves.toEqual({ data: payment, created: true });
    expect(inFlight.seen).toHaveLength(2);
    await inFlight.close();
    const other = await platform([
      () => ({
        status: 409,
        body: problem('9000039', 409, 'retry_unchanged', { errors: { amount: ['differs from the first request with this Idempotency-Key'] } }),
      }),
    ]);
    const error = await other.client.payments.create({ amount: '11.00', currency_code: 'TRY' }, { idempotencyKey: 'order-77' }).catch((e: unknown) => e);
    expect(isApiError(error, '9000039') && error.fieldErrors).toEqual({ amount: ['differs from the first request with this Idempotency-Key'] });
    expect(other.seen).toHaveLength(1);
    await other.close();
  });

  it('takes a v4 0055503 on its own repeat of an order as still processing, and a first 0055503 as another order', async () => {
    const order = { merchant_order_id: 'ord-1', status: 'pending' };
    const body = { merchant_order_id: 'ord-1', amount: '10.00', bin: '540061' };
    const stand = await platform([
      () => NO_ANSWER,
      () => ({ status: 409, body: problem('0055503', 409, 'do_not_retry') }),
      () => ({ status: 201, body: { data: order } }),
    ]);
    await expect(stand.client.orders.create(body)).resolves.toEqual({ data: order, created: true });
    expect(stand.seen.map((seen) => seen.body)).toEqual([JSON.stringify(body), JSON.stringify(body), JSON.stringify(body)]);
    await stand.close();
    const other = await platform([() => ({ status: 409, body: problem('0055503', 409, 'do_not_retry') })]);
    expect(isApiError(await other.client.orders.create(body).catch((e: unknown) => e), '0055503')).toBe(true);
    expect(other.seen).toHaveLength(1);
    await other.close();
  });

  it('sends a sandbox order result once: a repeat after it worked would be refused', async () => {
    const stand = await platform([() => ({ status: 503, body: problem('1000009', 503, 'retry_unchanged') })]);
    const error = await stand.client.sandbox.setOrderResult('ord-1', 'paid').catch((e: unknown) => e);
    expect(isApiError(error, '1000009')).toBe(true);
    expect(stand.seen).toHaveLength(1);
    await stand.close();
  });

  it('waits the Retry-After of a 429 before repeating', async () => {
    const stand = await platform([
      () => ({ status: 429, body: problem('1000005', 429, 'wait_and_retry'), headers: { 'retry-after': '1' } }),
      () => ({ status: 200, body: { available: '0.00' } }),
    ]);
    const started = Date.now();
    await stand.client.balance.get();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(stand.seen).toHaveLength(2);
    await stand.close();
  });

  it('walks every page of a list', async () => {
    const stand = await platform([
      (s) => ({ status: 200, body: { data: [{ id: `${s.url}#1` }, { id: `${s.url}#2` }], meta: { page: 1, per_page: 2, total: 3, total_pages: 2 } } }),
      (s) => ({ status: 200, body: { data: [{ id: `${s.url}#1` }], meta: { page: 2, per_page: 2, total: 3, total_pages: 2 } } }),
    ]);
    const ids: string[] = [];
    for await (const delivery of stand.client.webhookDeliveries.listAll({ status: 'failed', per_page: 2 }))
      ids.push((delivery as unknown as { id: string }).id);
    expect(ids).toEqual([
      '/api/v3/webhooks/deliveries?status=failed&per_page=2&page=1#1',
      '/api/v3/webhooks/deliveries?status=failed&per_page=2&page=1#2',
      '/api/v3/webhooks/deliveries?status=failed&per_page=2&page=2#1',
    ]);
    await stand.close();
  });

  it('gives a ConnectionError, outcome unknown for a POST, when the platform cannot be reached', async () => {
    const client = new CardPlatform({ apiKey: 'k', secret: 's', baseUrl: 'http://127.0.0.1:9', environment: 'sandbox', maxRetries: 1 });
    const error = await client.refunds.create({ payment_code: 'abcd', operation_type: 'refund', reason: 'because' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).outcomeUnknown).toBe(true);
  });
});
