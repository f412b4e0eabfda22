import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import type { Logger } from '@platform/observability';
import { CONFIG, LOGGER, SlidingWindowLimiter, callerBucket } from '@platform/service-kit';
import type { Config } from '../config';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Card attempts per client address (an IPv6 client by its /64) over an hour, across every
 * page and checkout replica (Redis): one address cannot test cards page after page. When
 * Redis cannot answer, attempts pass (logged): the limiter must not stop payments.
 */
@Injectable()
export class CardAttemptLimit implements OnModuleDestroy {
  private readonly redis: Redis;
  private readonly limiter: SlidingWindowLimiter;

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000 });
    this.redis.on('error', (error: Error) => this.logger.warn({ err: error.message }, 'redis unavailable for card attempt limits'));
    this.limiter = new SlidingWindowLimiter(this.redis, `${config.RATE_LIMIT_PREFIX}:card-attempts`, HOUR_MS);
  }

  /** Counts one card attempt of the request's client; the seconds to wait when over the limit, else null. */
  async take(request: FastifyRequest): Promise<number | null> {
    try {
      const decision = await this.limiter.consume(callerBucket(request.ip), this.config.CARD_ATTEMPTS_PER_ADDRESS_PER_HOUR);
      return decision.allowed ? null : decision.retryAfterSeconds;
    } catch (error) {
      this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'card attempt limit not checked');
      return null;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
