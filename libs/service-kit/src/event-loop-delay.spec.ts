import { setTimeout as sleep } from 'node:timers/promises';
import { EVENT_LOOP_WATCH_MS } from './event-loop-delay';
import { Metrics } from './metrics';

function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

async function scraped(metrics: Metrics, name: string): Promise<number> {
  const text = await metrics.registry.metrics();
  const line = new RegExp(`^${name}\\{service="loop-spec"\\} (\\S+)$`, 'm').exec(text);
  if (!line) throw new Error(`${name} is not in the scrape`);
  return Number(line[1]);
}

describe('event-loop delay', () => {
  let metrics: Metrics;
  beforeEach(() => (metrics = new Metrics('loop-spec')));
  afterEach(() => metrics.eventLoopDelay.stop());

  it("publishes prom-client's event-loop series once each, next to the other default metrics", async () => {
    const text = await metrics.registry.metrics();
    for (const name of ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99']) {
      expect(text.match(new RegExp(`^nodejs_eventloop_lag_${name}_seconds\\{`, 'gm'))).toHaveLength(1);
    }
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{/m);
    expect(text).toMatch(/^process_cpu_seconds_total\{/m);
  });

  it('does not sample an idle loop, and an idle loop reads as not late (prom-client read the 100 ms interval itself)', async () => {
    await sleep(2.5 * EVENT_LOOP_WATCH_MS);
    expect(metrics.eventLoopDelay.sampling).toBe(false);
    expect(await scraped(metrics, 'nodejs_eventloop_lag_p50_seconds')).toBeLessThan(0.05);
  });

  it('sees a stall that begins in an idle process, then samples every 100 ms while the loop has work', async () => {
    await sleep(1.2 * EVENT_LOOP_WATCH_MS);
    await scraped(metrics, 'nodejs_eventloop_lag_max_seconds');
    block(EVENT_LOOP_WATCH_MS + 300);
    await sleep(50);
    expect(await scraped(metrics, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.25);
    expect(metrics.eventLoopDelay.sampling).toBe(true);
    // While sampling, a stall much shorter than the watch period is seen too.
    block(250);
    await sleep(150);
    expect(await scraped(metrics, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.15);
  });

  it('stops sampling once the loop is idle again', async () => {
    block(EVENT_LOOP_WATCH_MS + 100);
    await sleep(100);
    expect(metrics.eventLoopDelay.sampling).toBe(true);
    await sleep(2.5 * EVENT_LOOP_WATCH_MS);
    expect(metrics.eventLoopDelay.sampling).toBe(false);
  });
});
