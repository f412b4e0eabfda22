import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { SlidingWindowLimiter } from './sliding-window-limiter';

/** The shared limiter on the real Redis: counting, refusing, and surviving a Redis that forgot its script. */
describe('SlidingWindowLimiter on Redis', () => {
  let redis: Redis;
  const prefix = `it-limiter-${randomUUID().slice(0, 8)}`;

  beforeAll(() => {
    redis = new Redis('redis://127.0.0.1:6379');
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

  it('keeps counting after Redis forgot the script (restart, SCRIPT FLUSH)', async () => {
    const limiter = new SlidingWindowLimiter(redis, prefix, 60_000);
    expect((await limiter.consume('caller-c', 2)).remaining).toBe(1);
    await redis.script('FLUSH');
    expect((await limiter.consume('caller-c', 2)).remaining).toBe(0);
    expect((await limiter.consume('caller-c', 2)).allowed).toBe(false);
  });
});
