import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { SlidingWindowLimiter } from './sliding-window-limiter';

/** The shared limiter on the real Redis: counting, refusing, and surviving a Redis that forgot its script. */
describe('SlidingWindowLimiter on Redis', () => {
  let redis: Redis;
  const prefix = `it-limiter-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    redis = new Redis('redis://127.0.0.1:6379');
    await redis.ping();
  });

  afterAll(async () => {
    await redis.quit();
  });

  it('counts requests in the window and refuses past the limit with the wait until a slot frees', async () => {
    const limiter = new SlidingWindowLimiter(redis, prefix, 60_000);
    const decisions = [];
    for (let i = 0; i < 4; i += 1) decisions.push(await limiter.consume('caller-a', 3));
    expect(decisions.map((d) => [d.allowed, d.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(decisions[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect((await limiter.consume('caller-b', 3)).allowed).toBe(true);
  });

  it('lets exactly the limit through of many counts made at once, each with its own answer, in far fewer round trips', async () => {
    const limiter = new SlidingWindowLimiter(redis, prefix, 60_000);
    await redis.ping();
    const writes = jest.spyOn((redis as unknown as { stream: { write: (...args: unknown[]) => boolean } }).stream, 'write');
    try {
      const decisions = await Promise.all(Array.from({ length: 50 }, () => limiter.consume('caller-d', 20)));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
      expect(decisions.filter((d) => d.allowed).map((d) => d.remaining)).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
      expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterSeconds >= 59)).toBe(true);
      expect(writes.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      writes.mockRestore();
    }
  });

  it('fails every count at once while Redis is not connected', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    unreachable.on('error', () => undefined);
    const limiter = new SlidingWindowLimiter(unreachable, prefix, 60_000);
    const attempts = await Promise.allSettled([limiter.consume('caller-e', 5), limiter.consume('caller-e', 5)]);
    expect(attempts.map((attempt) => attempt.status)).toEqual(['rejected', 'rejected']);
    unreachable.disconnect();
  });

  it('keeps counting after Redis forgot the script (restart, SCRIPT FLUSH)', async () => {
    const limiter = new SlidingWindowLimiter(redis, prefix, 60_000);
    expect((await limiter.consume('caller-c', 2)).remaining).toBe(1);
    await redis.script('FLUSH');
    expect((await limiter.consume('caller-c', 2)).remaining).toBe(0);
    expect((await limiter.consume('caller-c', 2)).allowed).toBe(false);
  });
});
