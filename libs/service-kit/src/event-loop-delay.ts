import { createHistogram, performance, type EventLoopUtilization, type RecordableHistogram } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';

/** How often the delay is sampled while the loop has work: a stall of this or more is always seen. */
export const EVENT_LOOP_SAMPLE_MS = 100;
/** How often the loop's utilization decides whether to sample, and itself a sample of the delay. */
export const EVENT_LOOP_WATCH_MS = 1000;
/** The share of the last watch period the loop must have worked for sampling to go on. */
const BUSY_SHARE = 0.01;

/** prom-client's names, so that dashboards read the same series. */
const QUANTILES = [
  ['min', 'The smallest event loop delay sampled since the last scrape.', (h: RecordableHistogram) => h.min],
  ['max', 'The largest event loop delay sampled since the last scrape.', (h: RecordableHistogram) => h.max],
  ['mean', 'The mean event loop delay sampled since the last scrape.', (h: RecordableHistogram) => h.mean],
  ['stddev', 'The standard deviation of the event loop delays sampled since the last scrape.', (h: RecordableHistogram) => h.stddev],
  ['p50', 'The 50th percentile of the event loop delays sampled since the last scrape.', (h: RecordableHistogram) => h.percentile(50)],
  ['p90', 'The 90th percentile of the event loop delays sampled since the last scrape.', (h: RecordableHistogram) => h.percentile(90)],
  ['p99', 'The 99th percentile of the event loop delays sampled since the last scrape.', (h: RecordableHistogram) => h.percentile(99)],
] as const;

/**
 * Event-loop delay (how late a timer runs), sampled every 100 ms only while the loop has work:
 * prom-client's sampler wakes an idle process ten times a second, and an idle loop has nothing
 * to be late for. A watch once a second reads the loop's utilization to start or stop the
 * sampler, and records its own lateness, so a stall that begins in an idle process is still
 * seen. Unlike prom-client's histogram, a sample is the lateness alone, not the sampling
 * interval plus it: an idle or healthy process reads about 0.
 */
export class EventLoopDelay {
  private readonly histogram = createHistogram();
  private readonly watch: NodeJS.Timeout;
  private sampler?: NodeJS.Timeout;
  private utilization: EventLoopUtilization = performance.eventLoopUtilization();
  private watchedAt = performance.now();
  private sampledAt = 0;

  constructor(registry: Registry) {
    this.watch = setInterval(() => this.onWatch(), EVENT_LOOP_WATCH_MS).unref();
    const histogram = this.histogram;
    const gauges: Gauge[] = QUANTILES.map(
      ([name, help], index) =>
        new Gauge({
          name: `nodejs_eventloop_lag_${name}_seconds`,
          help,
          registers: [registry],
          // The first gauge's scrape sets them all, then starts the next window. An empty
          // window reads 0: nothing was late.
          ...(index === 0 ? { collect: () => readAndReset() } : {}),
        }),
    );
    const readAndReset = () => {
      const empty = histogram.count === 0;
      QUANTILES.forEach(([, , read], index) => gauges[index]!.set(empty ? 0 : read(histogram) / 1e9));
      histogram.reset();
    };
    new Gauge({
      name: 'nodejs_eventloop_lag_seconds',
      help: 'How late a callback queued at the scrape ran, in seconds.',
      registers: [registry],
      collect(this: Gauge) {
        const scrapedAt = performance.now();
        setImmediate(() => this.set((performance.now() - scrapedAt) / 1000));
      },
    });
  }

  /** Whether the 100 ms sampler runs now (the loop had work in the last watch period). */
  get sampling(): boolean {
    return this.sampler !== undefined;
  }

  stop(): void {
    clearInterval(this.watch);
    this.stopSampling();
  }

  private onWatch(): void {
    const now = performance.now();
    this.record(now - this.watchedAt - EVENT_LOOP_WATCH_MS);
    this.watchedAt = now;
    const busy = performance.eventLoopUtilization(this.utilization).utilization >= BUSY_SHARE;
    this.utilization = performance.eventLoopUtilization();
    if (busy) this.startSampling(now);
    else this.stopSampling();
  }

  private startSampling(now: number): void {
    if (this.sampler) return;
    this.sampledAt = now;
    this.sampler = setInterval(() => {
      const at = performance.now();
      this.record(at - this.sampledAt - EVENT_LOOP_SAMPLE_MS);
      this.sampledAt = at;
    }, EVENT_LOOP_SAMPLE_MS).unref();
  }

  private stopSampling(): void {
    clearInterval(this.sampler);
    this.sampler = undefined;
  }

  private record(lateMs: number): void {
    this.histogram.record(Math.max(1, Math.round(lateMs * 1e6)));
  }
}
