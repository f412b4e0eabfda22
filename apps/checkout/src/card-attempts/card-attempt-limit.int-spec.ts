import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createLogger } from '@platform/observability';
import type { Config } from '../config';
import { CardAttemptLimit } from './card-attempt-limit';

/** Card attempts per client address on real Redis, shared by every checkout replica. */
describe('card attempts per client address', () => {
  const logger = createLogger('checkout-it', 'silent');
  const replicas: CardAttemptLimit[] = [];
  /** A replica's limiter, once its Redis connection is up (before that, attempts pass by design). */
  const limitOf = async (config: Partial<Config>) => {
    const limit = new CardAttemptLimit(
      { REDIS_URL: 'redis://127.0.0.1:6379', CARD_ATTEMPTS_PER_ADDRESS_PER_HOUR: 3, RATE_LIMIT_PREFIX: `it-${randomUUID()}`, ...config } as Config,
      logger,
    );
    replicas.push(limit);
    const redis = (limit as any).redis;
    if (config.REDIS_URL === undefined && redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    return limit;
  };
  const from = (ip: string) => ({ ip }) as FastifyRequest;

  afterAll(async () => {
    for (const replica of replicas) await replica.onModuleDestroy();
  });

  it('lets the limit’s attempts through, then answers the next one with the seconds to wait, on every replica', async () => {
    const prefix = `it-${randomUUID()}`;
    const [first, second] = [await limitOf({ RATE_LIMIT_PREFIX: prefix }), await limitOf({ RATE_LIMIT_PREFIX: prefix })];
    expect(await first.take(from('203.0.113.7'))).toBeNull();
    expect(await second.take(from('203.0.113.7'))).toBeNull();
    expect(await first.take(from('203.0.113.7'))).toBeNull();
    const wait = await second.take(from('203.0.113.7'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await first.take(from('203.0.113.8'))).toBeNull();
  });

  it('counts an IPv6 client by its /64, so rotating the interface id does not reset the count', async () => {
    const limit = await limitOf({});
    for (const host of ['1', '2', '3']) expect(await limit.take(from(`2001:db8:1:2::${host}`))).toBeNull();
    expect(await limit.take(from('2001:db8:1:2:ffff::9'))).toBeGreaterThan(0);
    expect(await limit.take(from('2001:db8:1:3::1'))).toBeNull();
  });

  it('lets attempts through when Redis cannot answer: the limiter never stops payments', async () => {
    const limit = await limitOf({ REDIS_URL: 'redis://127.0.0.1:1', CARD_ATTEMPTS_PER_ADDRESS_PER_HOUR: 1 });
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await limit.take(from('203.0.113.9'))).toBeNull();
  });
});
