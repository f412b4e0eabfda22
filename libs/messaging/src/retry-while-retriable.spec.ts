import { retryWhileRetriable } from './kafka-connection';

const notLeader = () => Object.assign(new Error('This server is not the leader for that topic-partition'), { retriable: true });

describe('retryWhileRetriable', () => {
  it('repeats an operation that fails with a retriable Kafka error until it succeeds', async () => {
    let calls = 0;
    const result = await retryWhileRetriable(async () => {
      calls += 1;
      if (calls < 3) throw notLeader();
      return 'offsets';
    }, 5000);
    expect(result).toBe('offsets');
    expect(calls).toBe(3);
  });

  it('gives up at once on an error that is not retriable', async () => {
    let calls = 0;
    await expect(
      retryWhileRetriable(async () => {
        calls += 1;
        throw new Error('topic authorization failed');
      }, 5000),
    ).rejects.toThrow('topic authorization failed');
    expect(calls).toBe(1);
  });

  it('stops retrying at the deadline and reports the last error', async () => {
    const started = Date.now();
    await expect(retryWhileRetriable(async () => Promise.reject(notLeader()), 300)).rejects.toThrow('not the leader');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
