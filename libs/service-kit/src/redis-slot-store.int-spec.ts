import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { RedisSlotStore } from './redis-slot-store';
import { SlotReservations, type Reservation } from './slot-reservations';

/** The shared window's script on the real Redis: grants up to the limit, stamps, releases, survives a forgotten script. */
describe('RedisSlotStore on Redis', () => {
  let redis: Redis;
  const prefix = `it-slots-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    redis = new Redis('redis://127.0.0.1:6379');
    await redis.ping();
  });

  afterAll(async () => {
    await redis.quit();
  });

  const ask = (key: string, asked: number, limit: number): Reservation => ({ key, asked, limit, lifetimeMs: 100, batch: randomUUID() });

  it('grants up to the limit in one round trip, each reservation its own answer, and says how long until the oldest slot frees, never more than the window', async () => {
    const store = new RedisSlotStore(redis, prefix, 60_000);
    const [seconds, micros] = await redis.time();
    const before = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const [a, b, other] = await store.reserve([ask('k:a', 4, 6), ask('k:a', 4, 6), ask('k:b', 3, 6)]);
    expect(a).toEqual({ granted: 4, count: 4, retryAfterMs: 0 });
    expect(b).toMatchObject({ granted: 2, count: 6 });
    // The oldest slot is stamped a lifetime ahead and frees up to 60.1 s from now; a client is told at most the window (Retry-After 60, not 61).
    expect((b as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(59_000);
    expect((b as { retryAfterMs: number }).retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(other).toEqual({ granted: 3, count: 3, retryAfterMs: 0 });
    const scores = (await redis.zrange(`${prefix}:k:a`, 0, -1, 'WITHSCORES')).filter((_, index) => index % 2 === 1).map(Number);
    expect(scores.every((score) => score >= before + 100)).toBe(true);
    expect(await redis.pttl(`${prefix}:k:a`)).toBeGreaterThan(59_000);
  });

  it('gives released slots back to the window', async () => {
    const store = new RedisSlotStore(redis, prefix, 60_000);
    const reservation = ask('k:c', 5, 5);
    await store.reserve([reservation]);
    store.release('k:c', reservation.batch, 3);
    const [after] = await store.reserve([ask('k:c', 10, 5)]);
    expect(after).toMatchObject({ granted: 3, count: 5 });
  });

  it('keeps granting after Redis forgot the script (restart, SCRIPT FLUSH)', async () => {
    const store = new RedisSlotStore(redis, prefix, 60_000);
    await store.reserve([ask('k:d', 1, 3)]);
    await redis.script('FLUSH');
    expect(await store.reserve([ask('k:d', 1, 3)])).toEqual([{ granted: 1, count: 2, retryAfterMs: 0 }]);
  });

  it('counts the slots one replica reserved ahead (1 % of the limit) against another only until that reservation lapses', async () => {
    const shared = `${prefix}-replicas`;
    const options = { lifetimeMs: 1000 };
    const [a, b] = [
      new SlotReservations(new RedisSlotStore(redis, shared, 60_000), options),
      new SlotReservations(new RedisSlotStore(redis, shared, 60_000), options),
    ];
    await Promise.all(Array.from({ length: 30 }, () => a.consume('k', 1000)));
    // Spent that fast, A reserves ahead with its next request: 10 slots, 1 % of the limit.
    await a.consume('k', 1000);
    expect((await b.consume('k', 1000)).remaining).toBe(1000 - 32 - 10);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect((await b.consume('k', 1000)).remaining).toBe(1000 - 33);
    a.close();
    b.close();
  });

  it('fails at once while Redis is not connected', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    unreachable.on('error', () => undefined);
    const store = new RedisSlotStore(unreachable, prefix, 60_000);
    await expect(store.reserve([ask('k:e', 1, 5)])).rejects.toThrow('Redis is wait');
    expect(() => store.release('k:e', 'batch', 1)).not.toThrow();
    unreachable.disconnect();
  });
});
