import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../../server/db/client";
import { checkRateLimit, deleteExpiredRateLimitWindows } from "../../server/security/rate-limit";
import { rateLimitWindows } from "../../server/security/schema";
import { useTestDatabase } from "./test-db";

describe("database-backed fixed-window rate limiter", () => {
  useTestDatabase();
  const opts = { limit: 3, windowMs: 60_000 };

  // Only Date is faked: the database driver keeps its real timers.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-01T10:00:00Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("allows `limit` attempts in a window, then refuses with the seconds left in the window", async () => {
    for (let i = 0; i < 3; i++) expect(await checkRateLimit("test:limit", opts)).toEqual({ ok: true });
    vi.setSystemTime(new Date("2026-11-01T10:00:20Z"));
    expect(await checkRateLimit("test:limit", opts)).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(await checkRateLimit("test:limit", opts)).toEqual({ ok: false, retryAfterSeconds: 40 });
  });

  it("starts counting again when the window is over", async () => {
    for (let i = 0; i < 4; i++) await checkRateLimit("test:reset", opts);
    expect((await checkRateLimit("test:reset", opts)).ok).toBe(false);
    vi.setSystemTime(new Date("2026-11-01T10:01:00Z"));
    for (let i = 0; i < 3; i++) expect(await checkRateLimit("test:reset", opts)).toEqual({ ok: true });
    expect((await checkRateLimit("test:reset", opts)).ok).toBe(false);
  });

  it("keeps keys independent", async () => {
    for (let i = 0; i < 3; i++) await checkRateLimit("test:a", opts);
    expect((await checkRateLimit("test:a", opts)).ok).toBe(false);
    expect(await checkRateLimit("test:b", opts)).toEqual({ ok: true });
    expect(await checkRateLimit("other:a", opts)).toEqual({ ok: true });
  });

  it("counts concurrent attempts exactly", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => checkRateLimit("test:burst", { limit: 4, windowMs: 60_000 })));
    expect(results.filter((r) => r.ok)).toHaveLength(4);
  });

  it("the hourly cleanup deletes only windows that ended over an hour ago", async () => {
    await db().delete(rateLimitWindows); // the windows of the tests above
    await checkRateLimit("test:old", opts);
    vi.setSystemTime(new Date("2026-11-01T10:30:00Z"));
    await checkRateLimit("test:recent", opts);
    await checkRateLimit("test:open", { limit: 3, windowMs: 3 * 60 * 60_000 });
    // 11:30:30: test:old ended at 10:01, over an hour ago; test:recent at 10:31, under an hour ago.
    expect(await deleteExpiredRateLimitWindows(new Date("2026-11-01T11:30:30Z"))).toBe(1);
    const left = await db().select({ key: rateLimitWindows.key }).from(rateLimitWindows);
    expect(left.map((r) => r.key).sort()).toEqual(["shop:test:open", "shop:test:recent"]);
    // The counts kept are intact: test:recent still has its attempt.
    for (let i = 0; i < 2; i++) expect((await checkRateLimit("test:recent", opts)).ok).toBe(true);
    expect((await checkRateLimit("test:recent", opts)).ok).toBe(false);
  });
});
