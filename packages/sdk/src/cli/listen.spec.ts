import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { Profile } from './config';
import { listen, StreamRefused } from './listen';
import { Output } from './output';

/** A loopback stand-in for the platform's webhook stream: each connection is answered by the next entry of the script. */
async function streamServer(script: Array<(response: ServerResponse) => void>) {
  let connections = 0;
  const open = new Set<ServerResponse>();
  const server: Server = createServer((_, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    script[Math.min(connections, script.length - 1)]!(response);
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => {
      for (const response of open) response.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const sse = (response: ServerResponse, events: Array<[string, unknown]>) => {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const [event, data] of events) response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
};

const webhook = (eventId: string) => ({
  event_id: eventId,
  event_type: 'payment.paid',
  scheme: 'v3',
  headers: { 'x-cav-event-id': eventId },
  body: `{"event_id":"${eventId}"}`,
});

function collector() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('card-platform listen', () => {
  const profile = (baseUrl: string): Profile => ({ api_key: 'ak_test', secret: 'sk_test', base_url: baseUrl, merchant_code: 'MRC-000123' });

  it('opens the stream again when it ends, says webhooks made meanwhile are not forwarded, and forwards what comes after', async () => {
    const received: string[] = [];
    const local = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(`${request.headers['x-cav-event-id']} ${body}`);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const platform = await streamServer([
      (response) => {
        sse(response, [
          ['ready', {}],
          ['webhook', webhook('evt-1')],
        ]);
        setTimeout(() => response.end(), 100);
      },
      (response) =>
        sse(response, [
          ['ready', {}],
          ['webhook', webhook('evt-2')],
        ]),
    ]);
    const stdout = collector();
    const stderr = collector();
    const stop = new AbortController();
    const target = `http://127.0.0.1:${(local.address() as AddressInfo).port}/hooks`;
    const listening = listen(profile(platform.url), target, new Output(true, stdout.stream, stderr.stream), stop.signal).catch((error: unknown) => error);
    await eventually(() => received.length === 2);
    stop.abort();
    await listening;
    expect(received).toEqual(['evt-1 {"event_id":"evt-1"}', 'evt-2 {"event_id":"evt-2"}']);
    expect(platform.connections()).toBe(2);
    expect(stderr.text()).toContain('Webhooks made now are not forwarded: the stream closed. Opening it again in 1 s…');
    expect(
      stdout
        .text()
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { event_id: string; status: number }).status),
    ).toEqual([204, 204]);
    await platform.close();
    await new Promise((resolve) => local.close(resolve));
  });

  it('stops at a refusal instead of asking again', async () => {
    const platform = await streamServer([(response) => response.writeHead(403, { 'content-type': 'application/json' }).end('{"code":"0055502"}')]);
    const stderr = collector();
    const error = await listen(profile(platform.url), 'http://127.0.0.1:9/hooks', new Output(false, collector().stream, stderr.stream)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StreamRefused);
    expect((error as Error).message).toContain('403 {"code":"0055502"}');
    expect(platform.connections()).toBe(1);
    await platform.close();
  });

  it('asks again after a 429 instead of taking it as a refusal', async () => {
    const received: string[] = [];
    const local = createServer((request, response) => {
      received.push(String(request.headers['x-cav-event-id']));
      request.resume().on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const platform = await streamServer([
      (response) => response.writeHead(429, { 'retry-after': '1' }).end('{"code":"1000005"}'),
      (response) =>
        sse(response, [
          ['ready', {}],
          ['webhook', webhook('evt-after-429')],
        ]),
    ]);
    const stderr = collector();
    const stop = new AbortController();
    const target = `http://127.0.0.1:${(local.address() as AddressInfo).port}/hooks`;
    const listening = listen(profile(platform.url), target, new Output(true, collector().stream, stderr.stream), stop.signal).catch((e: unknown) => e);
    await eventually(() => received.length === 1);
    stop.abort();
    await listening;
    expect(received).toEqual(['evt-after-429']);
    expect(stderr.text()).toContain('the stream broke (answer 429)');
    await platform.close();
    await new Promise((resolve) => local.close(resolve));
  });

  it('waits longer after each failed opening while the platform is away', async () => {
    const stderr = collector();
    const stop = new AbortController();
    const listening = listen(profile('http://127.0.0.1:9'), 'http://127.0.0.1:9/hooks', new Output(false, collector().stream, stderr.stream), stop.signal);
    await eventually(() => stderr.text().includes('in 2 s'), 5000);
    stop.abort();
    await listening.catch(() => undefined);
    expect(stderr.text()).toMatch(/the stream broke \(.+\)\. Opening it again in 1 s…\nConnecting to http:\/\/127\.0\.0\.1:9 as MRC-000123…\n.*in 2 s…/);
  });
});
