import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import Redis from 'ioredis';
import { ApiError, Errors } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, RedisSlotStore, SlotReservations, type LimitDecision } from '@platform/service-kit';
import type { Config } from '../config';

export type LimitKind = 'ip' | 'key' | 'status' | 'admin';

/**
 * The gateway's request limits, shared by all replicas through Redis: per caller
 * address before authentication, per API key after it, and a separate one for the
 * public service status. Headers tell the client where it stands; past the limit it
 * gets 429 1000005 with Retry-After. When Redis cannot answer, requests pass (logged):
 * losing the limiter must not stop payments. Each replica reserves slots of the shared
 * window ahead of demand and spends them with no Redis on the request's path (ADR 0029).
 */
@Injectable()
export class RateLimits implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly limiter: SlotReservations;
  private readonly limits: Record<LimitKind, number>;

  constructor(
    @Inject(CONFIG) config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    // A count slower than a second lets its request pass (logged) instead of holding it and every count behind it.
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false, commandTimeout: 1000 });
    this.redis.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'redis unavailable for rate limits'));
    this.limiter = new SlotReservations(new RedisSlotStore(this.redis, config.RATE_LIMIT_PREFIX, config.RATE_LIMIT_WINDOW_SECONDS * 1000));
    this.limits = {
      ip: config.RATE_LIMIT_IP_PER_MINUTE,
      key: config.RATE_LIMIT_KEY_PER_MINUTE,
      status: config.RATE_LIMIT_STATUS_PER_MINUTE,
      admin: config.RATE_LIMIT_ADMIN_PER_MINUTE,
    };
  }

  /** Counts one request of the subject; sets the headers, throws 1000005 past the limit. */
  async enforce(kind: LimitKind, subject: string, reply: FastifyReply): Promise<void> {
    let decision: LimitDecision;
    try {
      decision = await this.limiter.consume(`${kind}:${subject}`, this.limits[kind]);
    } catch (error) {
      this.logger.warn({ err: error instanceof Error ? error.message : String(error), kind }, 'rate limit not checked');
      return;
    }
    void reply.header('x-ratelimit-limit', String(decision.limit));
    void reply.header('x-ratelimit-remaining', String(decision.remaining));
    if (!decision.allowed) {
      void reply.header('retry-after', String(decision.retryAfterSeconds));
      throw new ApiError(Errors.RateLimitExceeded, `Rate limit of ${decision.limit} requests per minute exceeded; retry in ${decision.retryAfterSeconds} s`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.limiter.close();
    await this.redis.quit().catch(() => undefined);
  }
}
