import { BatchedCalls } from './batched-calls';

describe('BatchedCalls', () => {
  it('reads what is asked for in one turn of the event loop with one query, each distinct key once', async () => {
    const queries: string[][] = [];
    const reads = new BatchedCalls<string, string>(
      async (keys) => {
        queries.push(keys);
        return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]));
      },
      (key) => key,
    );
    const answers = await Promise.all([reads.call('a'), reads.call('b'), reads.call('a'), reads.call('missing')]);
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(queries).toEqual([['a', 'b', 'missing']]);
    expect(await reads.call('c')).toBe('C');
    expect(queries).toEqual([['a', 'b', 'missing'], ['c']]);
  });

  it('matches keys by their identity, not by object', async () => {
    const reads = new BatchedCalls<{ owner: string; code: string }, string>(
      async (keys) => new Map(keys.map((key) => [`${key.owner}/${key.code}`, `${key.owner} owns ${key.code}`])),
      (key) => `${key.owner}/${key.code}`,
    );
    const answers = await Promise.all([reads.call({ owner: 'm1', code: 'x' }), reads.call({ owner: 'm2', code: 'x' })]);
    expect(answers).toEqual(['m1 owns x', 'm2 owns x']);
  });

  it('fails every read of a failed query, and the next reads go on', async () => {
    let fail = true;
    const reads = new BatchedCalls<string, string>(
      async (keys) => {
        if (fail) throw new Error('connection lost');
        return new Map(keys.map((key) => [key, key]));
      },
      (key) => key,
    );
    const failed = await Promise.allSettled([reads.call('a'), reads.call('b')]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await reads.call('a')).toBe('a');
  });

  it('splits a large turn into queries of at most the batch size', async () => {
    const sizes: number[] = [];
    const reads = new BatchedCalls<string, string>(
      async (keys) => {
        sizes.push(keys.length);
        return new Map(keys.map((key) => [key, key]));
      },
      (key) => key,
      { maxBatch: 2 },
    );
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => reads.call(key)));
    expect(answers).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(sizes).toEqual([2, 2, 1]);
  });

  it('runs each call of a failed batch alone when one call could have failed it, and answers each with its own outcome', async () => {
    const statements: string[][] = [];
    const reads = new BatchedCalls<string, string>(
      async (keys) => {
        statements.push(keys);
        if (keys.includes('bad')) throw Object.assign(new Error('bad row'), { row: true });
        return new Map(keys.map((key) => [key, key]));
      },
      (key) => key,
      { aloneOnFailure: (error) => (error as { row?: boolean }).row === true },
    );
    const answers = await Promise.allSettled([reads.call('a'), reads.call('bad'), reads.call('b')]);
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : 'refused'))).toEqual(['a', 'refused', 'b']);
    expect(statements).toEqual([['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
  });
});
