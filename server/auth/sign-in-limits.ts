import crypto from "node:crypto";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { tooManySignInAttempts } from "@core/auth-rules";
import { config } from "../config";
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { checkBackoff, checkRateLimit, refundRateLimit, resetRateLimit, type BackoffOptions } from "../security/rate-limit";
import { sendSignInLockedEmail } from "./emails";
import { user } from "./schema";
import { rateLimit } from "../security/schema";
import { CLIENT_IP_HEADER } from "@server/http/client-ip";
import { readCookie } from "@server/http/cookies";
import type { HookContext } from "./hook-context";

/**
 * Sign-in lockout keyed on the account and on the address, with known devices (OWASP's "device
 * cookie" pattern). Every attempt counts against its keys before the password is checked (so a
 * burst of parallel guesses cannot all pass), and a right password gives the attempt back:
 * only failures stay counted.
 *  - from a device that has signed in to this account before (signed `pr_device` cookie):
 *    10 failures a minute for that device and account; nothing else applies, so the owner still
 *    signs in while someone on the same wifi, NAT or carrier address, or a botnet, hammers the account;
 *  - from any other device: 10 failures a minute per client address (all accounts), and per account
 *    (all addresses) a progressive lockout: after 10 failures each one locks the account for a
 *    minute, then 2, 4 ... at most an hour (about 40 guesses a day instead of 14,400), forgotten
 *    after a day without one, and reset by a right password. The account's owner is emailed once,
 *    when the lockout starts.
 * Runs as a better-auth hook, so a direct call to /api/auth/sign-in/email is limited exactly as
 * our forms are. Counters live in the shared `rate_limit` table (every instance sees them).
 */
export const SIGN_IN_WINDOW_SECONDS = 60;
export const SIGN_IN_MAX_FAILURES = 10;
const DEVICE_COOKIE = "pr_device";
const DEVICE_MAX_AGE = 365 * 24 * 60 * 60;
const SIGN_IN_PATH = "/sign-in/email";

function deviceSignature(nonce: string, email: string): string {
  return crypto.createHmac("sha256", config().authSecret).update(`device:${nonce}:${email}`).digest("base64url");
}

/** The device id when the request's device cookie was issued for this account, else null. */
function knownDevice(cookieHeader: string | null | undefined, email: string): string | null {
  const raw = readCookie(cookieHeader, DEVICE_COOKIE);
  const [nonce, signature] = (raw === undefined ? "" : decodeURIComponent(raw)).split(".");
  if (!nonce || !signature) return null;
  const expected = Buffer.from(deviceSignature(nonce, email));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? nonce : null;
}

function limitKeys(email: string, ip: string, device: string | null) {
  const account = crypto.createHash("sha256").update(email).digest("hex").slice(0, 32);
  return device
    ? { windows: [`signin:device:${device}:${account}`], account: null }
    : { windows: [`signin:ip:${ip}`], account: `signin:account:${account}` };
}

type SignInCtx = { path?: string; body?: unknown; headers?: Headers };

function attempt(ctx: SignInCtx) {
  const body = (ctx.body ?? {}) as { email?: unknown };
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  const cookie = ctx.headers?.get("cookie");
  const device = email ? knownDevice(cookie, email) : null;
  return { email, device, ...limitKeys(email, ctx.headers?.get(CLIENT_IP_HEADER) || "unknown", device) };
}

const window = { limit: SIGN_IN_MAX_FAILURES, windowMs: SIGN_IN_WINDOW_SECONDS * 1000 };

/** The per-account lockout's steps: 10 failures free, then 1 minute doubling to an hour; a quiet day forgets. */
export const ACCOUNT_BACKOFF: BackoffOptions = { free: SIGN_IN_MAX_FAILURES, baseMs: 60_000, maxMs: 60 * 60_000, forgetMs: 24 * 60 * 60_000 };

/** Before a sign-in (better-auth's before hook, server/auth/auth.ts): refuses an attempt over a limit. */
export async function checkSignInLimits(ctx: HookContext): Promise<void> {
  if (ctx.path !== SIGN_IN_PATH) return;
  const keys = attempt(ctx);
  const results = await Promise.all([
    ...keys.windows.map((key) => checkRateLimit(key, window)),
    ...(keys.account ? [checkBackoff(keys.account, ACCOUNT_BACKOFF)] : []),
  ]);
  const waits = results.flatMap((r) => (r.ok ? [] : [r.retryAfterSeconds]));
  if (waits.length === 0) return;
  const retryAfter = Math.max(...waits);
  throw new APIError(
    "TOO_MANY_REQUESTS",
    { message: tooManySignInAttempts(retryAfter), code: "TOO_MANY_SIGN_IN_ATTEMPTS", retryAfter },
    { "Retry-After": String(retryAfter) },
  );
}

/** A wrong password from an unknown device: when it is the one that starts the lockout, the account's owner hears of it. */
async function afterFailure(accountKey: string, email: string) {
  const [row] = await db().select({ count: rateLimit.count }).from(rateLimit).where(eq(rateLimit.key, accountKey));
  if (row?.count !== ACCOUNT_BACKOFF.free) return;
  const [owner] = await db().select({ email: user.email }).from(user).where(eq(user.email, email));
  if (owner) await sendSignInLockedEmail(owner.email, `${config().publicUrl}/auth/forgot`);
}

export const signInLimitAfter = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== SIGN_IN_PATH) return;
  const returned = ctx.context.returned;
  const { email, device, windows, account } = attempt(ctx);
  const refused = returned instanceof APIError && returned.body?.code === "TOO_MANY_SIGN_IN_ATTEMPTS";
  if (returned instanceof Error || (returned instanceof Response && !returned.ok)) {
    if (account && !refused) await afterFailure(account, email);
    return;
  }
  // The password was right (a session, or the second-factor step): give the attempt back, clear
  // the account's failures, and remember this device for this account.
  await Promise.all([...windows.map((key) => refundRateLimit(key)), ...(account ? [resetRateLimit(account)] : [])]);
  const nonce = device ?? crypto.randomBytes(16).toString("base64url");
  ctx.setCookie(DEVICE_COOKIE, `${nonce}.${deviceSignature(nonce, email)}`, {
    httpOnly: true,
    sameSite: "lax",
    secure: config().publicUrl.startsWith("https://"),
    path: "/",
    maxAge: DEVICE_MAX_AGE,
  });
});
