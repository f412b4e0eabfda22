interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: an item waits for the write in flight (one at a time), then leaves with
 * every item queued meanwhile in one write. Idle, an item leaves on the next turn of the
 * event loop, so results that arrive in the same turn share a write; under load, N items
 * cost one write instead of N. Items keep the order of `add` calls; a failed write fails
 * every item in it (with `writeAloneOnFailure`, each item of a failed group is written once
 * more on its own first, so one bad item or a passing error fails only what fails again), and
 * the next write goes on with what queued meanwhile.
 */
export class GroupedWrites<T> {
  private queue: Waiting<T>[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<unknown>,
    private readonly maxBatch = Number.POSITIVE_INFINITY,
    private readonly writeAloneOnFailure = false,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.length > this.maxBatch ? this.queue.splice(0, this.maxBatch) : this.queue;
      if (batch === this.queue) this.queue = [];
      try {
        await this.write(batch.map((waiting) => waiting.item));
        for (const waiting of batch) waiting.resolve();
      } catch (error) {
        if (this.writeAloneOnFailure && batch.length > 1) await this.writeEachAlone(batch);
        else for (const waiting of batch) waiting.reject(error);
      }
    }
    this.writing = false;
  }

  private async writeEachAlone(batch: Waiting<T>[]): Promise<void> {
    for (const waiting of batch) {
      try {
        await this.write([waiting.item]);
        waiting.resolve();
      } catch (error) {
        waiting.reject(error);
      }
    }
  }
}
