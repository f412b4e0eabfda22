import { setTimeout as sleep } from 'node:timers/promises';
import { Registry } from 'prom-client';
import { RESTING_PERIOD_MS, everySecond } from '@platform/observability';
import { EVENT_LOOP_WATCH_MS, EventLoopDelay, IDLE_WATCHES_BEFORE_RESTING } from './event-loop-delay';
import { Metrics } from './metrics';

function block(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

async function scraped(registry: Registry, name: string): Promise<number> {
  const line = new RegExp(`^${name}(\\{[^}]*\\})? (\\S+)$`, 'm').exec(await registry.metrics());
  if (!line) throw new Error(`${name} is not in the scrape`);
  return Number(line[2]);
}

/** Until `holds`, checked every 20 ms, at most `ms`. */
async function until(holds: () => boolean, ms: number): Promise<boolean> {
  for (const deadline = performance.now() + ms; performance.now() < deadline; await sleep(20)) if (holds()) return true;
  return holds();
}

describe('event-loop delay', () => {
  it("publishes prom-client's event-loop series once each, next to the other default metrics", async () => {
    const metrics = new Metrics('loop-spec');
    try {
      const text = await metrics.registry.metrics();
      for (const name of ['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99']) {
        expect(text.match(new RegExp(`^nodejs_eventloop_lag_${name}_seconds\\{service="loop-spec"\\} `, 'gm'))).toHaveLength(1);
      }
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{/m);
      expect(text).toMatch(/^process_cpu_seconds_total\{/m);
    } finally {
      metrics.eventLoopDelay.stop();
    }
  });

  it("watches on the timer the process's other once-a-second chores share, so an idle process wakes once a second", () => {
    jest.useFakeTimers();
    const swept: number[] = [];
    const stopSweeping = everySecond(() => swept.push(Date.now()));
    jest.advanceTimersByTime(400);
    const delay = new EventLoopDelay(new Registry(), () => 0);
    try {
      expect(jest.getTimerCount()).toBe(1);
      jest.advanceTimersByTime(2 * EVENT_LOOP_WATCH_MS);
      expect(swept).toHaveLength(2);
    } finally {
      delay.stop();
      stopSweeping();
      jest.useRealTimers();
    }
  });

  it('rests the shared timer to every 5 s after five idle watches, and brings it back to every second once the loop has work', () => {
    jest.useFakeTimers();
    let busyShare = 0;
    const swept: number[] = [];
    const stopSweeping = everySecond(() => swept.push(Date.now()));
    const delay = new EventLoopDelay(new Registry(), () => busyShare);
    const sweepsOver = (ms: number) => {
      const before = swept.length;
      jest.advanceTimersByTime(ms);
      return swept.length - before;
    };
    try {
      expect(sweepsOver(IDLE_WATCHES_BEFORE_RESTING * EVENT_LOOP_WATCH_MS)).toBe(IDLE_WATCHES_BEFORE_RESTING);
      // An idle service's chores: two wakeups in 10 s instead of ten.
      expect(sweepsOver(2 * RESTING_PERIOD_MS)).toBe(2);
      busyShare = 0.5;
      expect(sweepsOver(RESTING_PERIOD_MS)).toBe(1);
      expect(delay.sampling).toBe(true);
      expect(sweepsOver(3 * EVENT_LOOP_WATCH_MS)).toBe(3);
    } finally {
      delay.stop();
      stopSweeping();
      jest.useRealTimers();
    }
  });

  describe('with the loop reported idle or busy', () => {
    let busyShare: number;
    let registry: Registry;
    let delay: EventLoopDelay;
    beforeEach(() => {
      busyShare = 0;
      registry = new Registry();
      delay = new EventLoopDelay(registry, () => busyShare);
    });
    afterEach(() => delay.stop());

    /** The largest delay of a window holding only a stall of `ms` and what follows it for 50 ms. */
    async function maxAroundStall(ms: number): Promise<number> {
      await scraped(registry, 'nodejs_eventloop_lag_max_seconds');
      block(ms);
      await sleep(50);
      return scraped(registry, 'nodejs_eventloop_lag_max_seconds');
    }

    /** Reports the loop busy and waits for the sampler to start. */
    async function samplingStarted(): Promise<void> {
      busyShare = 0.5;
      expect(await until(() => delay.sampling, 2 * EVENT_LOOP_WATCH_MS)).toBe(true);
    }

    it('does not sample an idle loop, which reads as not late (prom-client read its 100 ms interval itself)', async () => {
      await sleep(1.2 * EVENT_LOOP_WATCH_MS);
      expect(delay.sampling).toBe(false);
      // Not a timing bound: prom-client's histogram read at least 0.1 s in an idle process.
      expect(await scraped(registry, 'nodejs_eventloop_lag_p50_seconds')).toBeLessThan(0.09);
    });

    it("does not sample a loop busy only with an idle service's own polling (a few % of the watch period)", async () => {
      // Four idle Kafka consumers and the timers kept a payouts loop 1–3 % busy: sampling them
      // woke every idle service ten more times a second than its work did.
      busyShare = 0.03;
      await sleep(1.2 * EVENT_LOOP_WATCH_MS);
      expect(delay.sampling).toBe(false);
    });

    it('samples every 100 ms once the loop had work, and stops once it had none', async () => {
      await samplingStarted();
      busyShare = 0;
      expect(await until(() => !delay.sampling, 2 * EVENT_LOOP_WATCH_MS)).toBe(true);
    });

    it('sees a stall in an idle process by the watch it holds up, for the part after the watch was due', async () => {
      await sleep(1.2 * EVENT_LOOP_WATCH_MS);
      expect(delay.sampling).toBe(false);
      // Longer than the watch period, so the watch falls due during it: 300–1,300 ms late.
      const max = await maxAroundStall(EVENT_LOOP_WATCH_MS + 300);
      expect(max).toBeGreaterThanOrEqual(0.25);
      expect(max).toBeLessThan(1.5);
    });

    it('sees, while sampling, a stall much shorter than the watch period', async () => {
      await samplingStarted();
      // The sampler falls due within 100 ms of the start: 150–250 ms late.
      const max = await maxAroundStall(250);
      expect(max).toBeGreaterThanOrEqual(0.14);
      expect(max).toBeLessThan(0.6);
    });

    it('starts a new window at each scrape, whichever of its gauges is read first', async () => {
      await samplingStarted();
      block(250);
      await sleep(50);
      const p99 = await registry.getSingleMetricAsString('nodejs_eventloop_lag_p99_seconds');
      expect(Number(/^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(p99)![1])).toBeGreaterThanOrEqual(0.14);
      // That read took the window with the stall: the next scrape reads a new one without it.
      expect(await scraped(registry, 'nodejs_eventloop_lag_max_seconds')).toBeLessThan(0.1);
    });
  });
});
