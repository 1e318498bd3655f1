import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { session, user } from "./schema";
import { callAuth } from "./call";
import type { Permission } from "@core/staff-roles";
import { roleOfUser } from "./roles";
import { SIGN_IN_WINDOW_SECONDS } from "./sign-in-limits";

export type SignInResult =
  | { kind: "signed-in"; userId: string; sessionToken: string; cookies: string[] }
  | { kind: "two-factor"; userId: string; cookies: string[] }
  | { kind: "unverified" }
  | { kind: "invalid" }
  | { kind: "rate-limited"; retryAfterSeconds: number };

async function userIdByEmail(email: string): Promise<string | undefined> {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return row?.id;
}

/** Email and password sign-in through better-auth (its rate limiter and origin check included). */
export async function signInWithPassword(
  request: Request,
  input: { email: string; password: string; rememberMe?: boolean },
): Promise<SignInResult> {
  const r = await callAuth(request, "/sign-in/email", { ...input, rememberMe: input.rememberMe ?? true });
  if (r.status === 429) {
    const seconds = Number(r.body.retryAfter);
    return { kind: "rate-limited", retryAfterSeconds: Number.isInteger(seconds) && seconds > 0 ? seconds : SIGN_IN_WINDOW_SECONDS };
  }
  if (r.status === 403 && r.body.code === "EMAIL_NOT_VERIFIED") return { kind: "unverified" };
  if (r.status !== 200) return { kind: "invalid" };
  if (r.body.twoFactorRedirect) {
    // The password was right (better-auth checked it); the session waits for the second factor.
    const userId = await userIdByEmail(input.email);
    return userId ? { kind: "two-factor", userId, cookies: r.cookies } : { kind: "invalid" };
  }
  const signedIn = r.body.user as { id?: string } | undefined;
  if (!signedIn?.id || typeof r.body.token !== "string") return { kind: "invalid" };
  return { kind: "signed-in", userId: signedIn.id, sessionToken: r.body.token, cookies: r.cookies };
}

/**
 * The admin sign-in (any staff role, returned with the result): any outcome other than staff's right credentials is the same
 * 'invalid' (no hint whether the account exists), and a customer's valid sign-in leaves
 * neither a session nor a cookie behind.
 */
export async function signInAdmin(
  request: Request,
  input: { email: string; password: string },
): Promise<(Extract<SignInResult, { kind: "signed-in" | "two-factor" }> & { role: string; permissions: Permission[] }) | Extract<SignInResult, { kind: "rate-limited" | "invalid" }>> {
  const result = await signInWithPassword(request, { ...input, rememberMe: false });
  if (result.kind === "rate-limited" || result.kind === "invalid") return result;
  if (result.kind === "unverified") return { kind: "invalid" };
  const role = await roleOfUser(db(), result.userId);
  if (role) return { ...result, role: role.id, permissions: role.permissions };
  if (result.kind === "signed-in") await db().delete(session).where(eq(session.token, result.sessionToken));
  return { kind: "invalid" };
}
