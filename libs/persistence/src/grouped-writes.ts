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
 * every item in it, and the next write goes on with what queued meanwhile.
 */
export class GroupedWrites<T> {
  private queue: Waiting<T>[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<unknown>,
    private readonly maxBatch = Number.POSITIVE_INFINITY,
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
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.writing = false;
  }
}
