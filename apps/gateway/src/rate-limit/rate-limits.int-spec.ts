import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { createLogger } from '@platform/observability';
import type { Config } from '../config';
import { RateLimits } from './rate-limits';

/** The gateway's request limits on real Redis: exact under a burst, shared by replicas, open when Redis is gone. */
describe('gateway rate limits', () => {
  const logger = createLogger('gateway-it', 'silent');
  const opened: RateLimits[] = [];

  async function limitsOf(config: Partial<Config>): Promise<RateLimits> {
    const limits = new RateLimits(
      {
        REDIS_URL: 'redis://127.0.0.1:6379',
        RATE_LIMIT_PREFIX: `it-${randomUUID()}`,
        RATE_LIMIT_WINDOW_SECONDS: 60,
        RATE_LIMIT_IP_PER_MINUTE: 5,
        RATE_LIMIT_KEY_PER_MINUTE: 5,
        RATE_LIMIT_STATUS_PER_MINUTE: 5,
        RATE_LIMIT_ADMIN_PER_MINUTE: 5,
        ...config,
      } as Config,
      logger,
    );
    opened.push(limits);
    const redis = (limits as unknown as { redis: { status: string; once(event: string, listener: () => void): void } }).redis;
    if (config.REDIS_URL === undefined && redis.status !== 'ready') await new Promise<void>((resolve) => redis.once('ready', resolve));
    return limits;
  }

  function reply(): FastifyReply & { headers: Record<string, string> } {
    const headers: Record<string, string> = {};
    return { headers, header: (name: string, value: string) => ((headers[name] = value), undefined) } as never;
  }

  afterAll(async () => {
    for (const limits of opened) await limits.onModuleDestroy();
  });

  it('lets exactly the limit through under a burst, and counts kinds and subjects apart', async () => {
    const limits = await limitsOf({});
    const burst = Array.from({ length: 12 }, () => reply());
    const outcomes = await Promise.allSettled(burst.map((r) => limits.enforce('key', 'key-a', r)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.code)).toEqual(Array(7).fill('1000005'));
    expect(burst.map((r) => r.headers['x-ratelimit-remaining']).sort()).toEqual(['0', '0', '0', '0', '0', '0', '0', '0', '1', '2', '3', '4']);
    // The window is a minute and has just filled: come back in a minute, not 61 s.
    expect(burst.map((r) => r.headers['retry-after']).filter((wait) => wait !== undefined)).toEqual(Array(7).fill('60'));
    await expect(limits.enforce('key', 'key-b', reply())).resolves.toBeUndefined();
    await expect(limits.enforce('ip', 'key-a', reply())).resolves.toBeUndefined();
  });

  /** Two replicas of the gateway: the same prefix, so the same shared windows. */
  async function replicas(keyLimit: number): Promise<[RateLimits, RateLimits]> {
    const shared = { RATE_LIMIT_PREFIX: `it-${randomUUID()}`, RATE_LIMIT_KEY_PER_MINUTE: keyLimit };
    return [await limitsOf(shared), await limitsOf(shared)];
  }

  async function passed(limits: RateLimits, count: number): Promise<number> {
    const outcomes = await Promise.allSettled(Array.from({ length: count }, () => limits.enforce('key', 'shared', reply())));
    return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
  }

  it('lets no more than the limit through two replicas under a burst on both', async () => {
    const [a, b] = await replicas(10);
    const [throughA, throughB] = await Promise.all([passed(a, 8), passed(b, 8)]);
    expect(throughA + throughB).toBe(10);
  });

  it('lets requests through when Redis cannot answer: losing the limiter must not stop payments', async () => {
    const limits = await limitsOf({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_KEY_PER_MINUTE: 1 });
    const answers = Array.from({ length: 3 }, () => reply());
    for (const r of answers) await expect(limits.enforce('key', 'key-c', r)).resolves.toBeUndefined();
    expect(answers.map((r) => r.headers['x-ratelimit-limit'])).toEqual([undefined, undefined, undefined]);
  });
});
