import { eachIndependently, eachIndependentlyInPages } from './periodic-task';

describe('working through items independently', () => {
  /** Items 1..n served three at a time after the last one seen, as a keyset query would. */
  const pagesOf = (n: number) => {
    const asked: Array<number | undefined> = [];
    const pageAfter = async (last: number | undefined) => {
      asked.push(last);
      const from = (last ?? 0) + 1;
      return Array.from({ length: Math.max(0, Math.min(3, n - from + 1)) }, (_, i) => from + i);
    };
    return { asked, pageAfter };
  };

  it('reaches every page, each from where the one before ended, and counts what it did', async () => {
    const { asked, pageAfter } = pagesOf(7);
    const done: number[] = [];
    expect(await eachIndependentlyInPages(pageAfter, async (item) => void done.push(item), String)).toBe(7);
    expect(done).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(asked).toEqual([undefined, 3, 6, 7]);
  });

  it('goes on past failing items on every page and names them together at the end, the first twenty in full', async () => {
    const { pageAfter } = pagesOf(30);
    const done: number[] = [];
    const work = async (item: number) => {
      if (item <= 25) throw new Error('refused');
      done.push(item);
    };
    const failure = eachIndependentlyInPages(pageAfter, work, (item) => `item ${item}`);
    await expect(failure).rejects.toThrow(/^25 of 30 failed: item 1: refused; item 2: refused; .*; item 20: refused; and 5 more$/);
    expect(done).toEqual([26, 27, 28, 29, 30]);
  });

  it('takes a plain list as one page, and an empty one as nothing to do', async () => {
    const done: string[] = [];
    expect(await eachIndependently(['a', 'b'], async (item) => void done.push(item), String)).toBe(2);
    expect(done).toEqual(['a', 'b']);
    expect(await eachIndependently([], async () => undefined, String)).toBe(0);
    await expect(
      eachIndependently(
        ['a'],
        async () => {
          throw new Error('down');
        },
        String,
      ),
    ).rejects.toThrow('1 of 1 failed: a: down');
  });
});
