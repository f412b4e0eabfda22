import type Redis from 'ioredis';
import type { Grant, Reservation, SlotStore } from './slot-reservations';

// The shared window: one sorted set per subject, trimmed and granted atomically and timed by the
// Redis server's clock, so every replica counts against the same window. Granted members are
// stamped with the reservation's end: a request spent from one stays in the window a full window.
const RESERVE = `
local now = redis.call('TIME')
local now_ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local asked = tonumber(ARGV[3])
local lifetime = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now_ms - window)
local count = redis.call('ZCARD', KEYS[1])
local granted = math.max(0, math.min(asked, limit - count))
if granted > 0 then
  -- In chunks: unpack() is bounded by Lua's stack.
  local members = {}
  for i = 1, granted do
    members[#members + 1] = now_ms + lifetime
    members[#members + 1] = ARGV[5] .. ':' .. i
    if #members >= 1000 or i == granted then
      redis.call('ZADD', KEYS[1], unpack(members))
      members = {}
    end
  end
  redis.call('PEXPIRE', KEYS[1], window + lifetime)
  count = count + granted
end
local wait = 0
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  -- At most a window: a slot stamped a lifetime ahead may hold up to a lifetime longer, so a client
  -- back after a minute can be refused once more, briefly, rather than told 61 s for a per-minute limit.
  if oldest[2] then wait = math.min(window, tonumber(oldest[2]) + window - now_ms) end
end
return {granted, count, wait}
`;

type Pipeline = ReturnType<Redis['pipeline']> & {
  reserveSlots(key: string, windowMs: string, limit: string, asked: string, lifetimeMs: string, batch: string): Pipeline;
};

/** The shared window in Redis: every reservation due in one pipeline, releases sent on their own. */
export class RedisSlotStore implements SlotStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
  ) {
    // Sent as EVALSHA, the script text only when Redis does not know it yet.
    redis.defineCommand('reserveSlots', { numberOfKeys: 1, lua: RESERVE });
  }

  async reserve(reservations: Reservation[]): Promise<Array<Grant | Error>> {
    // Not connected (reconnecting, or never reached): fail now rather than wait for a connection.
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
    const pipeline = this.redis.pipeline() as Pipeline;
    for (const { key, asked, limit, lifetimeMs, batch } of reservations) {
      pipeline.reserveSlots(`${this.prefix}:${key}`, String(this.windowMs), String(limit), String(asked), String(lifetimeMs), batch);
    }
    const results = (await pipeline.exec()) ?? [];
    return reservations.map((_, index) => {
      const [error, answer] = results[index] ?? [new Error('no reply from Redis'), undefined];
      if (error) return error;
      const [granted, count, retryAfterMs] = answer as [number, number, number];
      return { granted, count, retryAfterMs };
    });
  }

  release(key: string, batch: string, count: number): void {
    if (this.redis.status !== 'ready') return;
    const members = Array.from({ length: count }, (_, index) => `${batch}:${index + 1}`);
    // Unreleased slots only leave with the window: refusals come early, never late, so a lost release is not retried.
    this.redis.zrem(`${this.prefix}:${key}`, ...members).catch(() => undefined);
  }
}
