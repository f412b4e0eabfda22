import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until a slot frees up; 0 when allowed. */
  retryAfterSeconds: number;
}

// A sliding-window log in one sorted set per subject, updated atomically and timed by
// the Redis server's clock, so every gateway replica counts against the same window.
// Refused requests are not recorded, so a client that waits gets in again.
const SCRIPT = `
local now = redis.call('TIME')
local now_ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now_ms, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, count + 1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, count, tonumber(oldest[2]) + window - now_ms}
`;

type Consume = (key: string, windowMs: string, limit: string, member: string) => Promise<[number, number, number]>;

export class SlidingWindowLimiter {
  private readonly consumeInRedis: Consume;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {
    // A defined command is sent as EVALSHA (the script text only when Redis does not know it yet),
    // not as the whole script with every request.
    redis.defineCommand('slidingWindowConsume', { numberOfKeys: 1, lua: SCRIPT });
    const defined = (redis as unknown as { slidingWindowConsume: Consume }).slidingWindowConsume;
    this.consumeInRedis = defined.bind(redis);
  }

  async consume(subject: string, limit: number): Promise<LimitDecision> {
    const [allowed, count, waitMs] = await this.consumeInRedis(`${this.prefix}:${subject}`, String(this.windowMs), String(limit), randomUUID());
    return {
      allowed: allowed === 1,
      limit,
      remaining: Math.max(0, limit - count),
      retryAfterSeconds: allowed === 1 ? 0 : Math.max(1, Math.ceil(waitMs / 1000)),
    };
  }
}
