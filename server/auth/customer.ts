import { config } from "../config";
import { getAuth } from "./auth";
import { callAuth } from "./call";

/**
 * The customer's account flows behind the /auth pages. Each goes through better-auth's handler
 * (callAuth), so its rate limits apply; answers never reveal whether an address has an account.
 */

export type FlowResult = { ok: true; cookies: string[] } | { ok: false; reason: "rate-limited" | "invalid"; message?: string };

function outcome(r: Awaited<ReturnType<typeof callAuth>>): FlowResult {
  if (r.status === 429) return { ok: false, reason: "rate-limited" };
  if (r.status !== 200) return { ok: false, reason: "invalid", message: typeof r.body.message === "string" ? r.body.message : undefined };
  return { ok: true, cookies: r.cookies };
}

/**
 * Creates the account and sends the confirmation email. An address that already has an account
 * gets the same answer here (its owner is told by email instead).
 */
export async function signUp(request: Request, input: { email: string; password: string }) {
  return outcome(await callAuth(request, "/sign-up/email", { ...input, name: input.email.split("@")[0] }));
}

export async function resendConfirmation(request: Request, email: string) {
  return outcome(await callAuth(request, "/send-verification-email", { email }));
}

/** Confirms an address from the emailed link. The token is a signed, expiring value. */
export async function confirmEmail(token: string): Promise<boolean> {
  try {
    await getAuth().api.verifyEmail({ query: { token } });
    return true;
  } catch {
    return false;
  }
}

export async function requestPasswordReset(request: Request, email: string) {
  return outcome(await callAuth(request, "/request-password-reset", { email, redirectTo: `${config().publicUrl}/auth/reset` }));
}

/** Sets the new password; better-auth then revokes every session of the account. */
export async function resetPassword(request: Request, input: { token: string; password: string }) {
  return outcome(await callAuth(request, "/reset-password", { token: input.token, newPassword: input.password }));
}

/** The second step of a sign-in with two-factor authentication: a TOTP code or a backup code. */
export async function verifySecondFactor(request: Request, input: { code: string; kind: "totp" | "backup"; trustDevice: boolean }) {
  const path = input.kind === "totp" ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code";
  const r = await callAuth(request, path, { code: input.code, trustDevice: input.trustDevice });
  const result = outcome(r);
  if (!result.ok) return result;
  const userId = (r.body.user as { id?: string } | undefined)?.id;
  return userId ? { ...result, userId } : ({ ok: false, reason: "invalid" } as const);
}

/** Whether the request carries a pending two-factor challenge (set by a password sign-in). */
export async function hasTwoFactorChallenge(request: Request): Promise<boolean> {
  const ctx = await getAuth().$context;
  const name = ctx.createAuthCookie("two_factor").name;
  return (request.headers.get("cookie") ?? "").split(";").some((c) => c.trim().startsWith(`${name}=`));
}
