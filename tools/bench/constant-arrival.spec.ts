import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constantArrival, type ArrivalRequest } from './constant-arrival';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse, index: number) => void;

/** A real HTTP server on loopback: the generator is measured against what Node's own server parses. */
async function serve(handler: Handler): Promise<{ server: Server; url: string; seen: () => number }> {
  let count = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handler(request, Buffer.concat(chunks).toString(), response, count++));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3/payments?mode=test`, seen: () => count };
}

const body = JSON.stringify({ amount: '125.50', currency_code: 'TRY', note: 'çay' });

function payments(url: string): ArrivalRequest {
  let sequence = 0;
  return { url, method: 'POST', body, headers: () => ({ 'Content-Type': 'application/json', 'Idempotency-Key': `key-${(sequence += 1)}` }) };
}

describe('constantArrival', () => {
  let server: Server | undefined;
  afterEach(async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    running.closeAllConnections();
    await new Promise((resolve) => running.close(resolve));
  });

  it('sends every request due in the window, each with its own headers and the exact body, and times the answers', async () => {
    const keys = new Set<string>();
    const started = await serve((request, received, response) => {
      const ok = request.method === 'POST' && request.url === '/api/v3/payments?mode=test' && received === body;
      keys.add(String(request.headers['idempotency-key']));
      response.writeHead(ok ? 201 : 400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 'P1' }));
    });
    server = started.server;
    const result = await constantArrival(payments(started.url), 40, 0.5);
    expect(result).toMatchObject({ due: 20, answered: 20, failed: 0 });
    expect(started.seen()).toBe(20);
    expect(keys.size).toBe(20);
    expect(result.rate).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it('counts a latency from when the request was due, including the wait for the answer', async () => {
    const started = await serve((_request, _body, response) => {
      setTimeout(() => response.writeHead(201).end('{}'), 80);
    });
    server = started.server;
    const result = await constantArrival(payments(started.url), 20, 0.3);
    expect(result).toMatchObject({ due: 6, answered: 6, failed: 0 });
    expect(result.p50).toBeGreaterThanOrEqual(80);
  });

  it('counts answers outside 2xx and connections dropped mid-answer as failures, not latencies', async () => {
    const started = await serve((_request, _body, response, index) => {
      if (index % 3 === 0) response.writeHead(500).end('{"error":"boom"}');
      else if (index % 3 === 1) response.socket?.destroy();
      else response.writeHead(201).end('{}');
    });
    server = started.server;
    const result = await constantArrival(payments(started.url), 30, 0.4);
    expect(result.due).toBe(12);
    expect(result.answered).toBe(4);
    expect(result.failed).toBe(8);
  });

  it('reads chunked answers and answers that close their connection, and goes on on new connections', async () => {
    const started = await serve((_request, _body, response, index) => {
      response.writeHead(201, index % 2 ? { Connection: 'close' } : {});
      response.write('{"code":');
      setTimeout(() => response.end('"P1"}'), 5);
    });
    server = started.server;
    const result = await constantArrival(payments(started.url), 40, 0.3);
    expect(result).toMatchObject({ due: 12, answered: 12, failed: 0 });
  });

  it('fails every request when nothing listens, and still ends', async () => {
    const started = await serve(() => undefined);
    const url = started.url;
    await new Promise((resolve) => started.server.close(resolve));
    const result = await constantArrival(payments(url), 20, 0.2);
    expect(result).toMatchObject({ due: 4, answered: 0, failed: 4 });
  });
});
