import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export type RateDecision = { allowed: boolean; count: number; retryAfterMs: number };

/**
 * Fixed-window counters. In memory for one instance; in Redis when REDIS_URL is set, so every
 * instance counts against the same limit.
 */
export interface RateLimitStore {
  /** Adds `cost` (1 by default) to the key's count in its window. */
  hit(key: string, windowMs: number, cost?: number): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number, cost = 1) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 50_000) this.sweep(now);
    }
    window.count += cost;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const HIT_SHA = createHash('sha1').update(HIT_SCRIPT).digest('hex');

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'shop:rl:',
  ) {}

  async hit(key: string, windowMs: number, cost = 1) {
    // by the script's digest (EVALSHA, sent whole only when Redis does not know it yet)
    const [count, ttl] = (await this.redis
      .evalsha(HIT_SHA, 1, this.prefix + key, String(windowMs), String(cost))
      .catch((error: Error) =>
        error.message.startsWith('NOSCRIPT')
          ? this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, String(windowMs), String(cost))
          : Promise.reject(error),
      )) as [number, number];
    return { count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  /**
   * Counts one attempt (or `cost` units, such as bytes) against `key`; `allowed` is false once more
   * than `limit` fall in the window.
   */
  async consume(key: string, limit: number, windowMs: number, cost = 1): Promise<RateDecision> {
    const { count, resetInMs } = await this.store.hit(key, windowMs, cost);
    return { allowed: count <= limit, count, retryAfterMs: count <= limit ? 0 : resetInMs };
  }

  reset(key: string) {
    return this.store.reset(key);
  }
}
