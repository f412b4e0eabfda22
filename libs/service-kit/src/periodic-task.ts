import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from '@platform/observability';

/**
 * Runs a piece of work every interval, never two runs at once in this process (the work
 * itself must be safe across replicas, e.g. FOR UPDATE SKIP LOCKED). Stopping waits for
 * the run in hand.
 */
export class PeriodicTask {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.running ??= this.work()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error({ err: error, task: this.name }, 'periodic task failed'))
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}

/**
 * A provider with periodic work: the task starts when the app has booted and is drained
 * on shutdown, so a subclass only says what runs and how often (`schedule`).
 */
export abstract class ScheduledWork implements OnApplicationBootstrap, OnApplicationShutdown {
  private task?: PeriodicTask;

  protected schedule(name: string, intervalMs: number, work: () => Promise<unknown>, logger: Logger): void {
    this.task = new PeriodicTask(name, intervalMs, work, logger);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.task?.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.task?.stop();
  }
}

/**
 * Works through every item even when some fail, so one item that keeps failing (an
 * operator's case) never blocks those behind it; the failures are thrown together at the
 * end, for the periodic task to log.
 */
export function eachIndependently<T>(items: readonly T[], work: (item: T) => Promise<unknown>, describe: (item: T) => string): Promise<number> {
  let given = false;
  const onePage = async () => {
    if (given) return [];
    given = true;
    return items;
  };
  return eachIndependentlyInPages(onePage, work, describe);
}

/** How many failures a sweep's error names; the rest are counted. */
const FAILURES_NAMED = 20;

/**
 * As `eachIndependently`, over every page a keyset query yields (`pageAfter` answers the page
 * after the last item of the one before, an empty page at the end): however many items keep
 * failing at the front, every item behind them is reached in the same pass.
 */
export async function eachIndependentlyInPages<T>(
  pageAfter: (last: T | undefined) => Promise<readonly T[]>,
  work: (item: T) => Promise<unknown>,
  describe: (item: T) => string,
): Promise<number> {
  const failures: string[] = [];
  let done = 0;
  for (let page = await pageAfter(undefined); page.length > 0; page = await pageAfter(page.at(-1))) {
    for (const item of page) {
      try {
        await work(item);
      } catch (error) {
        failures.push(`${describe(item)}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    done += page.length;
  }
  if (failures.length > 0) {
    const more = failures.length > FAILURES_NAMED ? `; and ${failures.length - FAILURES_NAMED} more` : '';
    throw new Error(`${failures.length} of ${done} failed: ${failures.slice(0, FAILURES_NAMED).join('; ')}${more}`);
  }
  return done;
}
