import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { rateLimit } from "../auth/schema";

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
