import crypto from "node:crypto";
import { eq, lt } from "drizzle-orm";
import { Redis } from "ioredis";
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { db, type Db } from "../db/client";
import { startPeriodicJob, type StopJob } from "../jobs";
import { rateLimit, rateLimitWindows } from "./schema";

export type RateLimitOptions = { limit: number; windowMs: number };
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/*
 * Every fixed-window rate limit, the shop's and better-auth's, is a rate-limiter-flexible limiter:
 * in the database (its Drizzle store: one atomic upsert per attempt, shared by every instance,
 * PGlite included) or, for better-auth's limits when REDIS_URL is set, in Redis (no PostgreSQL write
 * per sign-in attempt). The shop's own limits stay in the database in every mode: their keys are
 * per client address and the tests count them per database.
 */

/** One limiter per store, key prefix and rule; the database's are made again when the client changes (tests). */
const limiters = new Map<string, { client: Db | Redis; limiter: RateLimiterAbstract }>();

function databaseLimiter(prefix: string, points: number, durationSeconds: number): RateLimiterAbstract {
  const client = db();
  const id = `db:${prefix}:${points}:${durationSeconds}`;
  const kept = limiters.get(id);
  if (kept?.client === client) return kept.limiter;
  // No cleanup timer of its own (one per limiter, left running on a replaced client): startRateLimitCleanup.
  const limiter = new RateLimiterDrizzle({ storeClient: client, schema: rateLimitWindows, keyPrefix: prefix, points, duration: durationSeconds, clearExpiredByTimeout: false });
  limiters.set(id, { client, limiter });
  return limiter;
}

/** An ended window is kept this long before it is deleted (the library's own rule). */
const ENDED_WINDOW_KEPT_MS = 60 * 60 * 1000;
/** How often the cleanup runs (the library's timer ran every 5 minutes in each limiter). */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Deletes the database's windows that ended over ENDED_WINDOW_KEPT_MS ago; answers how many. */
export async function deleteExpiredRateLimitWindows(now = new Date()): Promise<number> {
  const deleted = await db()
    .delete(rateLimitWindows)
    .where(lt(rateLimitWindows.expire, new Date(now.getTime() - ENDED_WINDOW_KEPT_MS)))
    .returning({ key: rateLimitWindows.key });
  return deleted.length;
}

/** One hourly job for every limiter's windows; several instances deleting the same rows is harmless. */
export function startRateLimitCleanup(): StopJob {
  return startPeriodicJob("rate-limit cleanup", CLEANUP_INTERVAL_MS, async () => void (await deleteExpiredRateLimitWindows()));
}

const redisClients = new Map<string, Redis>();
function redisLimiter(url: string, prefix: string, points: number, durationSeconds: number): RateLimiterAbstract {
  const id = `redis:${url}:${prefix}:${points}:${durationSeconds}`;
  const kept = limiters.get(id);
  if (kept) return kept.limiter;
  let client = redisClients.get(url);
  if (!client) {
    client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    redisClients.set(url, client);
  }
  const limiter = new RateLimiterRedis({ storeClient: client, keyPrefix: prefix, points, duration: durationSeconds });
  limiters.set(id, { client, limiter });
  return limiter;
}

/** Counts one attempt on `key`; refused (with the seconds left in the window) past `points`. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<RateLimitResult> {
  try {
    await limiter.consume(key);
    return { ok: true };
  } catch (res) {
    // rate-limiter-flexible rejects with the window's state when the limit is passed, and with an Error when the store fails.
    if (!(res instanceof RateLimiterRes)) throw res;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
  }
}

const SHOP = "shop";
const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * A fixed-window counter per key, shared by every instance (DESIGN.md 12). Callers prefix their keys
 * ("contact:<ip>"). Each call counts as one attempt, refused ones included.
 */
export function checkRateLimit(key: string, { limit, windowMs }: RateLimitOptions): Promise<RateLimitResult> {
  return consume(databaseLimiter(SHOP, limit, seconds(windowMs)), key);
}

/** Gives back one attempt counted on `key` (an attempt that turned out to be legitimate). */
export async function refundRateLimit(key: string): Promise<void> {
  // A reward touches only the key's count: the limiter's own points and duration do not matter.
  await databaseLimiter(SHOP, 1, 1).reward(key, 1);
}

/** Forgets every attempt counted on `key`; also the progressive lockout below (a right password clears an account's failures). */
export async function resetRateLimit(key: string): Promise<void> {
  await databaseLimiter(SHOP, 1, 1).delete(key);
  await db().delete(rateLimit).where(eq(rateLimit.key, key));
}

/**
 * better-auth's rate-limit storage (`rateLimit.customStorage`): its rules (window in seconds, max
 * attempts) as limiters in Redis when `redisUrl` is given, else in the database.
 */
export function authRateLimitStorage(redisUrl: string | undefined) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const limiter = redisUrl ? redisLimiter(redisUrl, "auth", rule.max, rule.window) : databaseLimiter("auth", rule.max, rule.window);
      const result = await consume(limiter, key);
      return result.ok ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: result.retryAfterSeconds };
    },
  };
}

export type BackoffOptions = {
  /** Failures allowed before the first lockout. */
  free: number;
  /** The first lockout; each failure after it doubles the next one. */
  baseMs: number;
  /** The longest lockout. */
  maxMs: number;
  /** Failures are forgotten after this long without one. */
  forgetMs: number;
};

export type BackoffResult = { ok: true; failures: number } | { ok: false; retryAfterSeconds: number };

/** How long a key with `failures` counted stays locked after its last one. */
export function backoffMs(failures: number, { free, baseMs, maxMs }: BackoffOptions): number {
  return failures < free ? 0 : Math.min(maxMs, baseMs * 2 ** (failures - free));
}

/**
 * A progressive lockout per key (the sign-in's per-account limit), in the same shared table: `count`
 * holds the failures, `last_request` the time of the last one (epoch ms). After `free` failures
 * each one locks the key for `baseMs`, doubling, at most `maxMs`; while locked an attempt is refused
 * without being counted. Every allowed attempt counts before it is judged (refund it when it turns
 * out right, as for checkRateLimit), under the row's lock, so parallel guesses cannot slip past a
 * lockout that one of them starts. `failures` is the count including this attempt.
 */
export async function checkBackoff(key: string, options: BackoffOptions): Promise<BackoffResult> {
  const now = Date.now();
  return db().transaction(async (tx) => {
    await tx.insert(rateLimit).values({ id: crypto.randomUUID(), key, count: 0, lastRequest: now }).onConflictDoNothing({ target: rateLimit.key });
    const [row] = await tx.select({ count: rateLimit.count, last: rateLimit.lastRequest }).from(rateLimit).where(eq(rateLimit.key, key)).for("update");
    const failures = now - row.last > options.forgetMs ? 0 : row.count;
    const lockedUntil = row.last + backoffMs(failures, options);
    if (lockedUntil > now) return { ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - now) / 1000)) };
    await tx.update(rateLimit).set({ count: failures + 1, lastRequest: now }).where(eq(rateLimit.key, key));
    return { ok: true as const, failures: failures + 1 };
  });
}
