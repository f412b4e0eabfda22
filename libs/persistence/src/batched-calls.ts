interface Waiting<K, V> {
  key: K;
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls that arrive in the same turn of the event loop leave as one statement. A service answers
 * a fetched batch of commands concurrently, so under load N reads (or inserts) of N commands cost
 * one statement and one round trip instead of N; a call alone waits only for the end of the turn.
 * `run` gets each distinct key once (by `identify`) and returns what it found by that identity; a
 * key it did not find answers undefined. A failed statement fails every call in it, unless
 * `aloneOnFailure` says one call could have caused it (as GroupedWrites' `writeAloneOnFailure`):
 * then each call of it runs once more alone and gets its own answer.
 *
 * Only for statements outside a transaction: every call of a batch sees the same snapshot, taken
 * after each of them was made, which a statement of its own could also have seen.
 */
export class BatchedCalls<K, V> {
  private waiting: Waiting<K, V>[] = [];

  constructor(
    private readonly run: (keys: K[]) => Promise<Map<string, V>>,
    private readonly identify: (key: K) => string,
    private readonly options: { maxBatch?: number; aloneOnFailure?: (error: unknown) => boolean } = {},
  ) {}

  call(key: K): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const waiting = this.waiting;
    this.waiting = [];
    const maxBatch = this.options.maxBatch ?? 256;
    for (let start = 0; start < waiting.length; start += maxBatch) void this.runBatch(waiting.slice(start, start + maxBatch));
  }

  private async runBatch(batch: Waiting<K, V>[]): Promise<void> {
    const distinct = new Map<string, K>();
    for (const { key } of batch) distinct.set(this.identify(key), key);
    try {
      const found = await this.run([...distinct.values()]);
      for (const { key, resolve } of batch) resolve(found.get(this.identify(key)));
    } catch (error) {
      if (batch.length > 1 && this.options.aloneOnFailure?.(error)) await Promise.all(batch.map((waiting) => this.runBatch([waiting])));
      else for (const { reject } of batch) reject(error);
    }
  }
}
