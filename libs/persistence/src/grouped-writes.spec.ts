import { GroupedWrites } from './grouped-writes';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupedWrites', () => {
  it('writes what arrives in one turn of the event loop together, and what arrives during a write in the next', async () => {
    const writes: number[][] = [];
    const gates: ReturnType<typeof deferred>[] = [];
    const grouped = new GroupedWrites<number>((items) => {
      writes.push(items);
      const gate = deferred();
      gates.push(gate);
      return gate.promise;
    });
    const first = [grouped.add(1), grouped.add(2)];
    await nextTurn();
    expect(writes).toEqual([[1, 2]]);
    const second = [grouped.add(3), grouped.add(4), grouped.add(5)];
    await nextTurn();
    expect(writes).toHaveLength(1);
    gates[0]!.resolve();
    await Promise.all(first);
    await nextTurn();
    expect(writes).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    gates[1]!.resolve();
    await Promise.all(second);
  });

  it('fails only the items of the failed write and goes on with the next', async () => {
    let calls = 0;
    const grouped = new GroupedWrites<string>(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database went away');
    });
    const failed = grouped.add('a');
    const later = new Promise<void>((resolve) => setImmediate(() => resolve(grouped.add('b'))));
    await expect(failed).rejects.toThrow('database went away');
    await expect(later).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it('writes each item of a failed group alone when asked, so only the item that fails again fails', async () => {
    const writes: string[][] = [];
    const grouped = new GroupedWrites<string>(
      async (items) => {
        writes.push(items);
        if (items.includes('bad')) throw new Error('violates a check');
      },
      Number.POSITIVE_INFINITY,
      true,
    );
    const outcomes = await Promise.allSettled(['a', 'bad', 'c'].map((item) => grouped.add(item)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writes).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('never writes more than the batch limit at once', async () => {
    const sizes: number[] = [];
    const grouped = new GroupedWrites<number>(async (items) => {
      sizes.push(items.length);
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => grouped.add(i)));
    expect(sizes).toEqual([4, 4, 2]);
  });
});
