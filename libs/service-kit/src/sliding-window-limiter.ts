import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { GroupedWrites } from '@platform/persistence';

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

interface Count {
  key: string;
  limit: number;
  resolve: (decision: LimitDecision) => void;
  reject: (error: unknown) => void;
}

type Pipeline = ReturnType<Redis['pipeline']> & {
  slidingWindowConsume(key: string, windowMs: string, limit: string, member: string): Pipeline;
};

/**
 * Counts requests against limits in Redis. Counts are written as a group commit (GroupedWrites):
 * they wait for the pipeline in flight, then leave together in one write, so under load N requests
 * cost one round trip instead of N; alone, a count leaves on the next turn of the event loop.
 */
export class SlidingWindowLimiter {
  private readonly counts = new GroupedWrites<Count>((batch) => this.send(batch));

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {
    // A defined command is sent as EVALSHA (the script text only when Redis does not know it yet),
    // not as the whole script with every request.
    redis.defineCommand('slidingWindowConsume', { numberOfKeys: 1, lua: SCRIPT });
  }

  consume(subject: string, limit: number): Promise<LimitDecision> {
    // Not connected (reconnecting, or never reached): fail now, as a lone command would with the
    // offline queue off, rather than wait behind a batch that may hang until the connection drops.
    if (this.redis.status !== 'ready') return Promise.reject(new Error(`Redis is ${this.redis.status}`));
    return new Promise<LimitDecision>((resolve, reject) => {
      // A failed pipeline fails the write, and so every count in it.
      this.counts.add({ key: `${this.prefix}:${subject}`, limit, resolve, reject }).catch(reject);
    });
  }

  /** One pipeline for the batch; each count gets its own answer or error. */
  private async send(batch: Count[]): Promise<void> {
    const pipeline = this.redis.pipeline() as Pipeline;
    for (const { key, limit } of batch) pipeline.slidingWindowConsume(key, String(this.windowMs), String(limit), randomUUID());
    const results = (await pipeline.exec()) ?? [];
    batch.forEach(({ limit, resolve, reject }, index) => {
      const [error, counted] = results[index] ?? [new Error('no reply from Redis'), undefined];
      if (error) reject(error);
      else resolve(decide(limit, counted as [number, number, number]));
    });
  }
}

function decide(limit: number, [allowed, count, waitMs]: [number, number, number]): LimitDecision {
  if (allowed !== 1) return refused(limit, waitMs);
  return { allowed: true, limit, remaining: Math.max(0, limit - count), retryAfterSeconds: 0 };
}

/** Past the limit: nothing remaining, and at least a second to wait. */
export function refused(limit: number, waitMs: number): LimitDecision {
  return { allowed: false, limit, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
