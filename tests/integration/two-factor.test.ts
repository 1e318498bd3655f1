import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "../../server/accounts/two-factor";
import { verifySecondFactor } from "../../server/auth/customer";
import { signInWithPassword } from "../../server/auth/sign-in";
import { hotp } from "../../server/auth/totp-replay";
import { base32Decode, cookieHeaderFrom, createCustomer, shopRequest, signInCookie } from "./auth-helpers";
import { useTestDatabase } from "./test-db";

const PASSWORD = "customer-pass-1";

const stepNow = () => Math.floor(Date.now() / 30_000);

/** Each call from its own address: better-auth allows 3 two-factor calls per address in 10 seconds. */
let calls = 0;
const fromNewAddress = (path: string, cookie?: string) => shopRequest(path, { method: "POST", cookie, ip: `198.51.100.${++calls % 250}` });

/** A customer with TOTP turned on (enrolled with the code of the current step); returns the raw secret. */
async function enrolledCustomer(email: string): Promise<Buffer> {
  await createCustomer(email, PASSWORD);
  const cookie = await signInCookie(email, PASSWORD);
  const started = await startTwoFactorEnrolment(fromNewAddress("/account/two-factor", cookie), PASSWORD);
  if (!started.ok) throw new Error(`enrolment refused: ${started.reason}`);
  const secret = base32Decode(started.secret);
  const confirmed = await confirmTwoFactorEnrolment(fromNewAddress("/account/two-factor", cookie), hotp(secret, stepNow()));
  if (!confirmed.ok) throw new Error("enrolment code refused");
  return secret;
}

/** A password sign-in that stops at the second factor; returns the challenge's Cookie header. */
async function challenge(email: string): Promise<string> {
  const result = await signInWithPassword(fromNewAddress("/auth"), { email, password: PASSWORD });
  if (result.kind !== "two-factor") throw new Error(`expected the second-factor step, got ${result.kind}`);
  return cookieHeaderFrom(result.cookies);
}

const second = (cookie: string, code: string) =>
  verifySecondFactor(fromNewAddress("/auth/two-factor", cookie), { code, kind: "totp", trustDevice: false });

describe("TOTP codes are single-use", () => {
  useTestDatabase();
  // The clock stands still (only Date: timers and the database run): on a loaded machine a step
  // (30 seconds) can pass between two password hashes, and each assertion names its step.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses a code used once already (at enrolment or at a sign-in), and any code of an earlier step", async () => {
    const email = "totp-replay@example.com";
    const secret = await enrolledCustomer(email);
    // The enrolment used this step's code: it does not sign in.
    const reusedAfterEnrolment = await second(await challenge(email), hotp(secret, stepNow()));
    // The next step's code (inside the window) signs in once, then neither it nor an earlier one does.
    const next = hotp(secret, stepNow() + 1);
    const first = await second(await challenge(email), next);
    const again = await second(await challenge(email), next);
    const earlier = await second(await challenge(email), hotp(secret, stepNow() - 1));
    expect({ reusedAfterEnrolment: reusedAfterEnrolment.ok, first: first.ok, again: again.ok, earlier: earlier.ok }).toEqual({
      reusedAfterEnrolment: false,
      first: true,
      again: false,
      earlier: false,
    });
  });

  it("of ten sign-ins racing with one code, exactly one gets in", async () => {
    const email = "totp-race@example.com";
    const secret = await enrolledCustomer(email);
    const cookies = [];
    for (let i = 0; i < 10; i++) cookies.push(await challenge(email));
    const code = hotp(secret, stepNow() + 1);
    const results = await Promise.all(cookies.map((c) => second(c, code)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
