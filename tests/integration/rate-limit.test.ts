import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkRateLimit } from "../../server/security/rate-limit";
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
});
