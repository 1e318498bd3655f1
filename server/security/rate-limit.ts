import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { rateLimit } from "./schema";

export type RateLimitOptions = { limit: number; windowMs: number };
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * A fixed-window counter per key, kept in the database so every instance shares it (DESIGN.md 12).
 * It lives in better-auth's `rate_limit` table; callers prefix their keys ("contact:<ip>") so they
 * never meet better-auth's own. For our keys `last_request` holds the start of the current window
 * (epoch ms). Each call counts as one attempt.
 */
export async function checkRateLimit(key: string, { limit, windowMs }: RateLimitOptions): Promise<RateLimitResult> {
  const now = Date.now();
  // One atomic upsert: concurrent requests on the same key are serialised by the row lock.
  const windowOver = sql`${rateLimit.lastRequest} <= ${now - windowMs}`;
  const [row] = await db()
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${rateLimit.count} + 1 END`,
        lastRequest: sql`CASE WHEN ${windowOver} THEN ${now} ELSE ${rateLimit.lastRequest} END`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  if (row.count <= limit) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000)) };
}

/** Gives back one attempt counted on `key` (an attempt that turned out to be legitimate). */
export async function refundRateLimit(key: string): Promise<void> {
  await db()
    .update(rateLimit)
    .set({ count: sql`GREATEST(${rateLimit.count} - 1, 0)` })
    .where(eq(rateLimit.key, key));
}

/** Forgets every attempt counted on `key` (a right password clears an account's failures). */
export async function resetRateLimit(key: string): Promise<void> {
  await db().delete(rateLimit).where(eq(rateLimit.key, key));
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
