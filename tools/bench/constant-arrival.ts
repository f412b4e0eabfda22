import { connect, type Socket } from 'node:net';
import { HTTPParser } from 'http-parser-js';

export interface ArrivalRequest {
  url: string;
  method: string;
  body?: string;
  /** Called for each request: a fresh Idempotency-Key and the like. */
  headers: () => Record<string, string>;
}

export interface ArrivalResult {
  /** Requests that came due in the window. */
  due: number;
  answered: number;
  failed: number;
  /** Answers per second that came within the window (a straggler after it does not stretch it). */
  rate: number;
  /** Of the answers (2xx); failures are counted apart, not as latencies. */
  p50: number;
  p99: number;
}

const TICK_MS = 1;
/** A request unanswered this long counts as failed, so a run always ends. */
const REQUEST_TIMEOUT_MS = 30_000;

/** One keep-alive connection: at most one request on it at a time, answered in order. */
interface Connection {
  socket: Socket;
  /** When the request on it came due (performance.now()), or undefined while it is idle. */
  dueAt?: number;
  status: number;
  keepAlive: boolean;
}

/**
 * Requests at a constant arrival rate, one every 1/rate s whatever the answers do, over as many
 * keep-alive connections as they need. autocannon's `overallRate` is not that: each connection
 * sends back to back until it has spent its budget for the second, then waits for the next one,
 * so it measures bursts at full speed. Latency counts from when a request was due, so a platform
 * that falls behind is charged for the wait (no coordinated omission).
 *
 * The generator shares the machine with the platform, so it writes each request as one string on
 * a raw socket and parses answers with http-parser-js, as autocannon does: Node's http client
 * cost more than twice the CPU a request (0.44 against 0.20 ms on a 2-core Xeon), taken from the
 * platform it measures.
 */
export async function constantArrival(target: ArrivalRequest, rate: number, seconds: number): Promise<ArrivalResult> {
  const url = new URL(target.url);
  const port = Number(url.port || 80);
  const requestHead = `${target.method} ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n`;
  const body = target.body ?? '';
  const bodyLength = `Content-Length: ${Buffer.byteLength(body)}\r\n`;
  const idle: Connection[] = [];
  const open = new Set<Connection>();
  const latencies: number[] = [];
  let failed = 0;
  let answeredInWindow = 0;
  let windowEnds = Infinity;
  let allSent = false;
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));

  const settle = (connection: Connection, ok: boolean) => {
    const dueAt = connection.dueAt;
    if (dueAt === undefined) return;
    connection.dueAt = undefined;
    const now = performance.now();
    if (ok) {
      latencies.push(now - dueAt);
      if (now <= windowEnds) answeredInWindow += 1;
    } else failed += 1;
    if (allSent && [...open].every((each) => each.dueAt === undefined)) finished();
  };

  const connectionTo = (): Connection => {
    const connection: Connection = { socket: connect(port, url.hostname), status: 0, keepAlive: true };
    connection.socket.setNoDelay(true);
    const parser = new HTTPParser(HTTPParser.RESPONSE);
    parser[HTTPParser.kOnHeadersComplete] = (info) => {
      connection.status = info.statusCode;
      connection.keepAlive = info.shouldKeepAlive;
    };
    parser[HTTPParser.kOnBody] = () => undefined;
    parser[HTTPParser.kOnMessageComplete] = () => {
      const ok = connection.status >= 200 && connection.status < 300;
      if (connection.keepAlive) idle.push(connection);
      else connection.socket.destroy();
      settle(connection, ok);
    };
    connection.socket.on('data', (chunk: Buffer) => {
      if (parser.execute(chunk) instanceof Error) connection.socket.destroy();
    });
    connection.socket.on('error', () => undefined);
    // A connection that drops mid-answer fails its request; an idle one is simply not used again.
    connection.socket.on('close', () => {
      open.delete(connection);
      const at = idle.indexOf(connection);
      if (at >= 0) idle.splice(at, 1);
      settle(connection, false);
    });
    open.add(connection);
    return connection;
  };

  const send = (dueAt: number) => {
    const connection = idle.pop() ?? connectionTo();
    connection.dueAt = dueAt;
    let head = requestHead;
    for (const [name, value] of Object.entries(target.headers())) head += `${name}: ${value}\r\n`;
    connection.socket.write(`${head}${bodyLength}\r\n${body}`);
  };

  const overdue = setInterval(() => {
    const now = performance.now();
    for (const connection of open) if (connection.dueAt !== undefined && now - connection.dueAt > REQUEST_TIMEOUT_MS) connection.socket.destroy();
  }, 1000);
  const start = performance.now();
  windowEnds = start + seconds * 1000;
  const total = Math.round(rate * seconds);
  let issued = 0;
  while (issued < total) {
    const dueNow = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    for (; issued < dueNow; issued += 1) send(start + (issued * 1000) / rate);
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  allSent = true;
  if ([...open].some((connection) => connection.dueAt !== undefined)) await done;
  clearInterval(overdue);
  for (const connection of open) connection.socket.destroy();
  latencies.sort((a, b) => a - b);
  // The nearest-rank percentile: the smallest latency that p of the answers do not exceed.
  const percentile = (p: number) => (latencies.length ? Math.round(latencies[Math.max(0, Math.ceil(latencies.length * p) - 1)]!) : 0);
  return { due: total, answered: latencies.length, failed, rate: answeredInWindow / seconds, p50: percentile(0.5), p99: percentile(0.99) };
}
