import { constants } from 'node:os';

/**
 * What a tool (the bench, the fault suite) has started and must stop if a signal stops the tool
 * itself. Node's default on SIGTERM exits at once, past every `finally`: the services and
 * stand-ins would keep running on their ports, and the next run could not start its own.
 */
export class StopOnSignal {
  private readonly stops = new Set<() => Promise<unknown>>();
  /** Set once a signal came: what fails after it is what stopping took away, and its exit is the signal's. */
  stopping = false;

  constructor(
    private readonly tool: string,
    signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'],
  ) {
    for (const signal of signals) process.once(signal, () => void this.stopAll(signal));
  }

  /** Runs `stop` on a signal until the returned function is called, once it has been stopped the usual way. */
  add(stop: () => Promise<unknown>): () => void {
    this.stops.add(stop);
    return () => this.stops.delete(stop);
  }

  private async stopAll(signal: NodeJS.Signals): Promise<void> {
    this.stopping = true;
    process.stderr.write(`${this.tool}: ${signal}, stopping what it started\n`);
    await Promise.allSettled([...this.stops].map((stop) => stop()));
    process.exit(128 + constants.signals[signal]);
  }
}
