import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { signInWithPassword } from "../../server/auth/sign-in";
import { shopRequest } from "./auth-helpers";
import { useTestDatabase } from "./test-db";

/** Documentation-range addresses picked per run, so runs against one Redis never share counters. */
function freshIp(range: "203.0.113" | "198.51.100") {
  return `${range}.${crypto.randomInt(1, 255)}`;
}

async function attempts(n: number, ip: string) {
  const kinds: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await signInWithPassword(shopRequest("/auth", { method: "POST", ip }), { email: "nobody@example.com", password: `guess-${i}` });
    kinds.push(r.kind);
  }
  return kinds;
}

function rateLimitSuite(label: string, env: Record<string, string>) {
  describe(`sign-in rate limit (${label})`, () => {
    useTestDatabase({ env });

    it("answers the 11th attempt in a minute from one address with rate-limited, other addresses unaffected", async () => {
      const kinds = await attempts(11, freshIp("203.0.113"));
      expect(kinds.slice(0, 10)).toEqual(Array(10).fill("invalid"));
      expect(kinds[10]).toBe("rate-limited");
      expect(await attempts(1, freshIp("198.51.100"))).toEqual(["invalid"]);
    });
  });
}

rateLimitSuite("database", {});
if (process.env.TEST_REDIS_URL) rateLimitSuite("Redis", { REDIS_URL: process.env.TEST_REDIS_URL });
