import { Redis } from "ioredis";

type Rule = { window: number; max: number };

// INCR and the first EXPIRE in one step, so concurrent requests on any instance share one counter.
const CONSUME = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('TTL', KEYS[1])}
`;

/**
 * better-auth's rate-limit store in Redis (fixed window per key), used when REDIS_URL is set so
 * the limit holds across instances without a write to PostgreSQL on every attempt.
 */
export function redisRateLimitStore(url: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  return {
    async consume(key: string, rule: Rule) {
      const [count, ttl] = (await redis.eval(CONSUME, 1, `rl:${key}`, String(rule.window))) as [number, number];
      if (count <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: ttl > 0 ? ttl : rule.window };
    },
  };
}
