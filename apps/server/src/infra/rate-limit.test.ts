import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../testing/harness';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './rate-limit';
import { connectRedis } from './redis';

// The limiter's counts, in memory and in Redis (where every instance counts against one limit). The
// Redis store sends its script by digest and sends it whole when Redis has forgotten it (decision 0064).

const redisUrl = testEngine === 'postgres' ? process.env.TEST_REDIS_URL : undefined;
const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

describe('the rate limiter in memory', () => {
  it('allows up to the limit in a window and says how long until it resets', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const decisions = [];
    for (let i = 0; i < 4; i++) decisions.push(await limiter.consume('k', 3, 60_000));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    expect(decisions[3]?.retryAfterMs).toBeGreaterThan(0);
  });
});

describe.skipIf(!redisUrl)('the rate limiter in Redis', () => {
  const a = redisUrl ? connectRedis(redisUrl) : null;
  const b = redisUrl ? connectRedis(redisUrl) : null;
  afterAll(async () => {
    await a?.quit();
    await b?.quit();
  });

  it('counts the calls of two instances against one limit, many at once', async () => {
    const first = new RateLimiter(new RedisRateLimitStore(a as NonNullable<typeof a>, `test:${run}:`));
    const second = new RateLimiter(new RedisRateLimitStore(b as NonNullable<typeof b>, `test:${run}:`));
    const decisions = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? first : second).consume('shared', 20, 60_000)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    expect(decisions.filter((d) => !d.allowed).every((d) => d.retryAfterMs > 0)).toBe(true);
  });

  it('keeps counting after Redis forgets its scripts (sent whole again on NOSCRIPT)', async () => {
    const limiter = new RateLimiter(new RedisRateLimitStore(a as NonNullable<typeof a>, `test:${run}:`));
    expect((await limiter.consume('flushed', 2, 60_000)).count).toBe(1);
    await a?.script('FLUSH');
    expect((await limiter.consume('flushed', 2, 60_000)).count).toBe(2);
    expect((await limiter.consume('flushed', 2, 60_000)).allowed).toBe(false);
  });
});
