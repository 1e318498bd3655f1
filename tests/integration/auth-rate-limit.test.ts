import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signInWithPassword } from "../../server/auth/sign-in";
import { action as authAction } from "../../app/routes/api/auth";
import { config } from "../../server/config";
import { db } from "../../server/db/client";
import { outboxMail } from "../../server/mail/schema";
import { cookieHeaderFrom, createCustomer, shopRequest } from "./auth-helpers";
import { useTestDatabase } from "./test-db";

/** Documentation-range addresses picked per run, so runs against one Redis never share counters. */
function freshIp(range: "203.0.113" | "198.51.100") {
  return `${range}.${crypto.randomInt(1, 255)}`;
}

async function attempts(n: number, ip: string, email = "nobody@example.com", cookie?: string) {
  const kinds: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await signInWithPassword(shopRequest("/auth", { method: "POST", ip, cookie }), { email, password: `guess-${i}` });
    kinds.push(r.kind);
  }
  return kinds;
}

const signIn = (email: string, ip: string, cookie?: string) =>
  signInWithPassword(shopRequest("/auth", { method: "POST", ip, cookie }), { email, password: "customer-pass-1" });

function rateLimitSuite(label: string, env: Record<string, string>) {
  describe(`sign-in rate limit (${label})`, () => {
    useTestDatabase({ env });

    it("answers the 11th attempt in a minute from one address with rate-limited, other addresses unaffected", async () => {
      const kinds = await attempts(11, freshIp("203.0.113"));
      expect(kinds.slice(0, 10)).toEqual(Array(10).fill("invalid"));
      expect(kinds[10]).toBe("rate-limited");
      expect(await attempts(1, freshIp("198.51.100"), "somebody-else@example.com")).toEqual(["invalid"]);
    });
  });
}

rateLimitSuite("database", {});

describe("sign-in lockout keyed on account, address and known device", () => {
  // Its own database: fixed addresses, one per test, never shared.
  useTestDatabase();

  it("ten wrong passwords from the owner's address do not lock the owner out of a device that signed in before", async () => {
    await createCustomer("owner@example.com");
    const shared = "10.0.1.1";
    const first = await signIn("owner@example.com", shared);
    expect(first.kind).toBe("signed-in");
    const device = cookieHeaderFrom(first.kind === "signed-in" ? first.cookies : []);

    // Someone on the same wifi guesses: at other accounts, then at the owner's.
    expect(await attempts(11, shared, "someone@example.com")).toEqual([...Array(10).fill("invalid"), "rate-limited"]);
    expect((await attempts(12, shared, "owner@example.com")).at(-1)).toBe("rate-limited");
    // A new device on that address waits; the owner's known device signs in.
    expect((await signIn("owner@example.com", shared)).kind).toBe("rate-limited");
    expect((await signIn("owner@example.com", shared, device)).kind).toBe("signed-in");
    expect(device).toMatch(/pr_device=/);
  }, 120_000); // about 30 scrypt hashes: over 30 s on a loaded 2-core machine

  it("brute force stays stopped: per account across addresses, per known device, and the answer says when to retry", async () => {
    await createCustomer("target@example.com");
    const kinds: string[] = [];
    for (let i = 0; i < 11; i++) kinds.push(...(await attempts(1, `10.0.2.${i + 1}`, "target@example.com")));
    expect(kinds).toEqual([...Array(10).fill("invalid"), "rate-limited"]);
    const locked = await signIn("target@example.com", "10.0.2.200");
    expect(locked).toMatchObject({ kind: "rate-limited" });
    const wait = locked.kind === "rate-limited" ? locked.retryAfterSeconds : 0;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);

    // A device cookie issued for one account means nothing for another, and a known device has its own cap.
    await createCustomer("holder@example.com");
    const known = await signIn("holder@example.com", "10.0.3.1");
    const device = cookieHeaderFrom(known.kind === "signed-in" ? known.cookies : []);
    expect((await signIn("target@example.com", "10.0.3.1", device)).kind).toBe("rate-limited");
    expect(await attempts(11, "10.0.3.1", "holder@example.com", device)).toEqual([...Array(10).fill("invalid"), "rate-limited"]);
  }, 120_000); // about 30 scrypt hashes: over 30 s on a loaded 2-core machine

  it("right passwords do not count: twelve sign-ins in a row from one address all succeed", async () => {
    await createCustomer("regular@example.com");
    const ip = "10.0.4.1";
    const kinds: string[] = [];
    for (let i = 0; i < 12; i++) kinds.push((await signIn("regular@example.com", ip)).kind);
    expect(kinds).toEqual(Array(12).fill("signed-in"));
  });

  it("a direct call to /api/auth/sign-in/email is limited the same way (429 with Retry-After)", async () => {
    const ip = "10.0.5.1";
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      const headers = new Headers(shopRequest("/api/auth/sign-in/email", { method: "POST", ip }).headers);
      headers.set("content-type", "application/json");
      const request = new Request(`${config().publicUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email: `direct-${i}@example.com`, password: "guess-guess" }),
      });
      last = await authAction({ request, params: { "*": "sign-in/email" }, context: {} } as never);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
describe("per-account progressive lockout", () => {
  useTestDatabase();
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a day of guessing at one account from ever-new addresses: 38 guesses instead of 14,400; one email; the owner's known device still signs in", async () => {
    await createCustomer("besieged@example.com");
    const known = await signIn("besieged@example.com", "10.0.6.1");
    const device = cookieHeaderFrom(known.kind === "signed-in" ? known.cookies : []);
    // Only Date is faked: the clock jumps over each lockout, the database and timers run as usual.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const start = Date.now();
    const day = 24 * 60 * 60_000;
    let guesses = 0;
    const waits: number[] = [];
    // Stops at 60 on the old fixed window (10 a minute, 14,400 a day) rather than loop all day.
    for (let i = 0; Date.now() - start < day && guesses < 60; i++) {
      const r = await attempts(1, `10.${6 + (i >> 16)}.${(i >> 8) & 255}.${i & 255}`, "besieged@example.com");
      if (r[0] === "invalid") guesses++;
      else {
        const locked = await signIn("besieged@example.com", "10.0.7.1");
        const wait = locked.kind === "rate-limited" ? locked.retryAfterSeconds : 1;
        if (waits.length < 8) waits.push(wait);
        vi.setSystemTime(Date.now() + wait * 1000);
      }
    }
    // During the lockout the owner's device (it signed in before) is let in.
    expect((await signIn("besieged@example.com", "10.0.6.1", device)).kind).toBe("signed-in");
    const mails = await db().select().from(outboxMail).where(and(eq(outboxMail.to, "besieged@example.com"), like(outboxMail.subject, "%paused%")));
    expect({ guessesInADay: guesses, mails: mails.length }).toEqual({ guessesInADay: expect.any(Number), mails: 1 });
    expect(guesses).toBeLessThan(50);
    expect(waits.slice(0, 6)).toEqual([60, 120, 240, 480, 960, 1920]);
  }, 180_000);
});

if (process.env.TEST_REDIS_URL) rateLimitSuite("Redis", { REDIS_URL: process.env.TEST_REDIS_URL });
