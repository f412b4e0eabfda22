import { createHistogram, performance, type EventLoopUtilization, type RecordableHistogram } from 'node:perf_hooks';
import { Gauge, type Registry } from 'prom-client';
import { EVERY_SECOND_MS, everySecond, restChores } from '@platform/observability';

/** How often the delay is sampled while the loop has work: then a stall of this or more is always seen. */
export const EVENT_LOOP_SAMPLE_MS = 100;
/**
 * How often the loop's utilization decides whether to sample; while idle, also the only sample of
 * the delay. On the timer the process's other once-a-second chores share, so it wakes no one.
 */
export const EVENT_LOOP_WATCH_MS = EVERY_SECOND_MS;
/**
 * Watches in a row that find the loop idle before the process's once-a-second chores rest
 * (`restChores`: every 5 s); the first watch that finds work ends the rest.
 */
export const IDLE_WATCHES_BEFORE_RESTING = 5;
/**
 * The share of the last watch period the loop must have worked for sampling to go on. An idle
 * service's own polling (its Kafka consumers' fetches and heartbeats, the timers) kept a loop
 * 1–3 % busy on a slow machine, so a lower bar sampled idle services all the time.
 */
const BUSY_SHARE = 0.05;

type Aggregator = 'min' | 'max' | 'average';

/** prom-client's names and cluster aggregators, so that dashboards read the same series. */
const QUANTILES: readonly [string, Aggregator, string, (h: RecordableHistogram) => number][] = [
  ['min', 'min', 'The smallest event loop delay sampled since the last scrape.', (h) => h.min],
  ['max', 'max', 'The largest event loop delay sampled since the last scrape.', (h) => h.max],
  ['mean', 'average', 'The mean event loop delay sampled since the last scrape.', (h) => h.mean],
  ['stddev', 'average', 'The standard deviation of the event loop delays sampled since the last scrape.', (h) => h.stddev],
  ['p50', 'average', 'The 50th percentile of the event loop delays sampled since the last scrape.', (h) => h.percentile(50)],
  ['p90', 'average', 'The 90th percentile of the event loop delays sampled since the last scrape.', (h) => h.percentile(90)],
  ['p99', 'average', 'The 99th percentile of the event loop delays sampled since the last scrape.', (h) => h.percentile(99)],
];

/** The series this class publishes in place of prom-client's histogram series of the same names. */
export const EVENT_LOOP_DELAY_SERIES = QUANTILES.map(([name]) => `nodejs_eventloop_lag_${name}_seconds`);

/** The loop's busy share since the previous call (`performance.eventLoopUtilization`). */
function loopUtilizationSinceLastCall(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const since = performance.eventLoopUtilization(last);
    last = performance.eventLoopUtilization();
    return since.utilization;
  };
}

/**
 * Event-loop delay (how late a timer runs), sampled every 100 ms only while the loop has work:
 * prom-client's sampler wakes an idle process ten times a second, and an idle loop has nothing
 * to be late for. A watch once a second reads the loop's utilization to start or stop the
 * sampler. While the sampler is off the watch records its own lateness, so a stall that begins
 * in an idle process is seen when it holds the watch up, and then only for the part after the
 * watch was due. After five idle watches the watch and the chores it shares a timer with rest to
 * one every 5 s, and the first watch that finds work brings them back to one a second. Unlike
 * prom-client's histogram, a sample is the lateness alone, not the sampling interval plus it: an
 * idle or healthy process reads about 0.
 */
export class EventLoopDelay {
  private readonly histogram = createHistogram();
  private readonly stopWatching: () => void;
  private sampler?: NodeJS.Timeout;
  private sampledAt = 0;
  private idleWatches = 0;

  constructor(
    registry: Registry,
    private readonly utilization: () => number = loopUtilizationSinceLastCall(),
  ) {
    const histogram = this.histogram;
    // A scrape reads every gauge in one synchronous pass: the first gauge read takes the window's
    // figures for all of them and starts the next window, whichever gauge it is.
    let taken = false;
    const takeWindow = () => {
      if (taken) return;
      taken = true;
      queueMicrotask(() => (taken = false));
      const empty = histogram.count === 0;
      QUANTILES.forEach(([, , , read], index) => gauges[index]!.set(empty ? 0 : read(histogram) / 1e9));
      histogram.reset();
    };
    const gauges = QUANTILES.map(
      ([, aggregator, help], index) => new Gauge({ name: EVENT_LOOP_DELAY_SERIES[index]!, help, aggregator, registers: [registry], collect: takeWindow }),
    );
    this.stopWatching = everySecond((lateMs) => this.onWatch(lateMs));
  }

  /** Whether the 100 ms sampler runs now (the loop had work in the last watch period). */
  get sampling(): boolean {
    return this.sampler !== undefined;
  }

  stop(): void {
    this.stopWatching();
    this.stopSampling();
    restChores(false);
  }

  private onWatch(lateMs: number): void {
    if (!this.sampler) this.record(lateMs);
    if (this.utilization() >= BUSY_SHARE) {
      this.idleWatches = 0;
      restChores(false);
      this.startSampling(performance.now());
    } else {
      this.stopSampling();
      if (++this.idleWatches >= IDLE_WATCHES_BEFORE_RESTING) restChores(true);
    }
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
