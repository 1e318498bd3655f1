import { and, desc, eq, like } from "drizzle-orm";
import { config } from "../../server/config";
import { getAuth } from "../../server/auth/auth";
import { callAuth } from "../../server/auth/call";
import { signInWithPassword } from "../../server/auth/sign-in";
import { db } from "../../server/db/client";
import { outboxMail } from "../../server/mail/schema";
import { user } from "../../server/auth/schema";

export { base32Decode } from "../totp";

/** A browser-like request to the shop, optionally carrying cookies. */
export function shopRequest(path: string, init: { cookie?: string; ip?: string; method?: string } = {}): Request {
  const headers = new Headers({ origin: config().publicUrl, "x-shop-client-ip": init.ip ?? "192.0.2.10" });
  if (init.cookie) headers.set("cookie", init.cookie);
  return new Request(`${config().publicUrl}${path}`, { method: init.method ?? "GET", headers });
}

/** Set-Cookie headers turned into the Cookie header a browser would send back. */
export function cookieHeaderFrom(setCookies: string[]): string {
  return setCookies
    .map((c) => c.split(";")[0])
    .filter((pair) => !/=$/.test(pair))
    .join("; ");
}

/** The newest message to `to` with `subject` in it, from the outbox (no SMTP in these tests). */
export async function lastMailTo(to: string, subject: string) {
  const [mail] = await db()
    .select()
    .from(outboxMail)
    .where(and(eq(outboxMail.to, to), like(outboxMail.subject, `%${subject}%`)))
    .orderBy(desc(outboxMail.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${to} about ${subject}`);
  return mail;
}

/** Signs a customer up through better-auth and confirms the address with the emailed link. */
export async function createCustomer(email: string, password = "customer-pass-1"): Promise<void> {
  const r = await callAuth(shopRequest("/auth"), "/sign-up/email", { email, password, name: email.split("@")[0] });
  if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${JSON.stringify(r.body)}`);
  const mail = await lastMailTo(email, "Confirm your email");
  const link = /https?:\/\/\S+\/auth\/verify\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no confirmation link in the email");
  const token = new URL(link).searchParams.get("token")!;
  await getAuth().api.verifyEmail({ query: { token } });
}

/** Signs in and returns the Cookie header of the new session. */
export async function signInCookie(email: string, password = "customer-pass-1", ip?: string): Promise<string> {
  const result = await signInWithPassword(shopRequest("/auth", { method: "POST", ip }), { email, password });
  if (result.kind !== "signed-in") throw new Error(`sign-in failed: ${result.kind}`);
  return cookieHeaderFrom(result.cookies);
}


/**
 * Marks a member of staff as having enrolled TOTP, for tests about something else: in deployed mode
 * (the TEST_DB=postgres run) owners and staff must have it before the back office opens. The
 * enrolment itself is tests/integration/admin-two-factor.test.ts.
 */
export async function markTwoFactorEnrolled(email: string): Promise<void> {
  await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.email, email.toLowerCase()));
}
