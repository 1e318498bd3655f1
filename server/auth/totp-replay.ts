import crypto from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { APIError, getSessionFromCtx } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { db } from "../db/client";
import type { HookContext } from "./hook-context";
import { twoFactor } from "./schema";

/**
 * A TOTP code is good for one use (RFC 6238 section 5.2): better-auth accepts any code of the
 * window (the step before, this one, the next), any number of times. Before its verify-totp
 * endpoint runs, this finds the step the code belongs to and claims it for the account with one
 * guarded UPDATE (`last_totp_step` below it): of two requests carrying one code, one claims it and
 * the other is refused, as is any code for that step or an earlier one afterwards. A wrong code
 * claims nothing and reaches better-auth, which counts the failure.
 */
const PERIOD_MS = 30_000;
const WINDOW = 1;
const VERIFY_TOTP = "/two-factor/verify-totp";

/** RFC 4226 HOTP: the six digits of `secret` (bytes) at `counter`. */
export function hotp(secret: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac("sha1", secret).update(message).digest();
  const offset = mac[mac.length - 1] & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** The time step `code` was made for, within the accepted window around `now`; null when none. */
export function stepOf(secret: Buffer, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const current = Math.floor(now / PERIOD_MS);
  let found: number | null = null;
  // Every step is computed and compared in constant time: the timing says nothing of which matched.
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if (crypto.timingSafeEqual(Buffer.from(code), Buffer.from(hotp(secret, step)))) found ??= step;
  }
  return found;
}

/** The user a verify-totp request is for: the signed-in one (enrolment), else the sign-in's pending challenge. */
async function userOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value ?? null;
}

/** Claims the step of a right code for the user; false when that step (or a later one) was already used. */
export async function claimTotpStep(userId: string, step: number): Promise<boolean> {
  const claimed = await db()
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  return claimed.length > 0;
}

export async function refuseReplayedTotp(ctx: HookContext): Promise<void> {
  if (ctx.path !== VERIFY_TOTP) return;
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string") return;
  const userId = await userOf(ctx);
  if (!userId) return;
  const [row] = await db().select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
  if (!row) return;
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
  // Secrets imported as `base32:…` are not something this shop creates; better-auth alone judges them.
  if (secret.startsWith("base32:")) return;
  const step = stepOf(Buffer.from(secret, "utf8"), code);
  if (step === null) return;
  if (!(await claimTotpStep(userId, step))) {
    throw new APIError("UNAUTHORIZED", { message: "This code has already been used. Wait for the next one.", code: "TOTP_CODE_REUSED" });
  }
}
