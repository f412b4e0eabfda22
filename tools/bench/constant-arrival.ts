import { Agent, request } from 'node:http';

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

/**
 * Requests at a constant arrival rate, one every 1/rate s whatever the answers do, over as many
 * keep-alive connections as they need. autocannon's `overallRate` is not that: each connection
 * sends back to back until it has spent its budget for the second, then waits for the next one,
 * so it measures bursts at full speed. Latency counts from when a request was due, so a platform
 * that falls behind is charged for the wait (no coordinated omission).
 */
export async function constantArrival(target: ArrivalRequest, rate: number, seconds: number): Promise<ArrivalResult> {
  const url = new URL(target.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  let failed = 0;
  let answeredInWindow = 0;
  let windowEnds = Infinity;
  const inFlight = new Set<Promise<void>>();
  const send = (dueAt: number) => {
    const sent = new Promise<void>((resolve) => {
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        const now = performance.now();
        if (ok) {
          latencies.push(now - dueAt);
          if (now <= windowEnds) answeredInWindow += 1;
        } else failed += 1;
        resolve();
      };
      const call = request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method: target.method, agent, headers: target.headers() },
        (response) => {
          response.resume();
          // 'close' follows 'end', and comes alone when the connection drops mid-answer.
          response.on('close', () => settle(response.complete && response.statusCode! >= 200 && response.statusCode! < 300));
          response.on('error', () => settle(false));
        },
      );
      call.setTimeout(REQUEST_TIMEOUT_MS, () => call.destroy(new Error('timed out')));
      call.on('error', () => settle(false));
      call.end(target.body);
    });
    inFlight.add(sent);
    void sent.then(() => inFlight.delete(sent));
  };
  const start = performance.now();
  windowEnds = start + seconds * 1000;
  const total = Math.round(rate * seconds);
  let issued = 0;
  while (issued < total) {
    const dueNow = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    for (; issued < dueNow; issued += 1) send(start + (issued * 1000) / rate);
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  // The nearest-rank percentile: the smallest latency that p of the answers do not exceed.
  const percentile = (p: number) => (latencies.length ? Math.round(latencies[Math.max(0, Math.ceil(latencies.length * p) - 1)]!) : 0);
  return { due: total, answered: latencies.length, failed, rate: answeredInWindow / seconds, p50: percentile(0.5), p99: percentile(0.99) };
}
