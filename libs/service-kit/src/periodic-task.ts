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
