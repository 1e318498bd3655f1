import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAuth } from "../../server/auth/auth";
import { getSessionUser, sessionCookieName } from "../../server/auth/session";
import { signOut } from "../../server/auth/sign-out";
import { config } from "../../server/config";
import { db } from "../../server/db/client";
import { session, user } from "../../server/auth/schema";
import { createCustomer, shopRequest, signInCookie } from "./auth-helpers";
import { useTestDatabase } from "./test-db";

/**
 * A contract between our fast session reader (server/auth/session.ts: it re-implements
 * better-auth's signed cookie and reads the session table itself) and better-auth's own
 * `auth.api.getSession`. For each shape of cookie a browser (or an attacker) may send, both must
 * say the same person is signed in, or both nobody. better-auth is pinned to an exact version in
 * package.json so that an upgrade that changes its cookie format comes with a run of this file.
 */

let ip = 0;
const customers = new Map<string, string>();

/**
 * A new session of a confirmed customer: their id and the Cookie header. Sign-up is limited to 5 an
 * address a minute, so the file makes few customers and signs them in again (each time from
 * its own address, as sign-in limits are per address); every sign-in is a session of its own.
 */
async function signedIn(email: string): Promise<{ id: string; cookie: string }> {
  if (!customers.has(email)) {
    await createCustomer(email);
    const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
    customers.set(email, row.id);
  }
  const cookie = await signInCookie(email, undefined, `203.0.113.${++ip}`);
  return { id: customers.get(email)!, cookie };
}

/** The session cookie's value in a Cookie header, as the browser sends it (URL-encoded `token.signature`). */
async function sessionValue(cookie: string): Promise<string> {
  const name = await sessionCookieName();
  const pair = cookie.split("; ").find((p) => p.startsWith(`${name}=`));
  if (!pair) throw new Error(`no ${name} in ${cookie}`);
  return pair.slice(name.length + 1);
}

/** The session token and its signature, from the session cookie's value. */
function parts(value: string): { token: string; signature: string } {
  const decoded = decodeURIComponent(value);
  const dot = decoded.lastIndexOf(".");
  return { token: decoded.slice(0, dot), signature: decoded.slice(dot + 1) };
}

const hmac = (token: string, secret = config().authSecret) => crypto.createHmac("sha256", secret).update(token).digest();

/**
 * Who each reader says is signed in for this Cookie header (or none). Ours asks first: better-auth's
 * getSession deletes an expired session it finds, which would make the second reader's job easier.
 */
async function whoIsSignedIn(cookie: string | undefined): Promise<{ ours: string | null; betterAuth: string | null }> {
  const request = () => shopRequest("/account", { cookie });
  const ours = (await getSessionUser(request()))?.id ?? null;
  const theirs = await getAuth().api.getSession({ headers: request().headers });
  return { ours, betterAuth: theirs?.user.id ?? null };
}

async function expectBoth(cookie: string | undefined, expected: string | null) {
  expect(await whoIsSignedIn(cookie)).toEqual({ ours: expected, betterAuth: expected });
}

describe("our session reader and better-auth's getSession agree on who is signed in", () => {
  useTestDatabase();

  it("a valid session: the same user; next to other cookies, and either cookie order", async () => {
    const ada = await signedIn("ada@example.com");
    const name = await sessionCookieName();
    const value = await sessionValue(ada.cookie);
    await expectBoth(ada.cookie, ada.id);
    await expectBoth(`${name}=${value}`, ada.id);
    await expectBoth(`theme=dark; ${name}=${value}; pr_cart=abc`, ada.id);
    // The value as signed but not URL-encoded (a client that does not encode "=" and "/").
    await expectBoth(`${name}=${decodeURIComponent(value)}`, ada.id);
    // The value in double quotes (RFC 6265 allows them around a cookie's value).
    await expectBoth(`${name}="${value}"`, ada.id);
    // Two cookies of the same name: both readers take the first.
    await expectBoth(`${name}=${value}; ${name}=garbage`, ada.id);
    await expectBoth(`${name}=garbage; ${name}=${value}`, null);
  });

  it("no session cookie: nobody", async () => {
    const name = await sessionCookieName();
    await expectBoth(undefined, null);
    await expectBoth("", null);
    await expectBoth("theme=dark; pr_cart=abc", null);
    await expectBoth(`${name}=`, null);
    // Near misses of the name: the secure prefix on plain http, a different separator, another case.
    const { cookie } = await signedIn("ada@example.com");
    const value = await sessionValue(cookie);
    await expectBoth(`__Secure-${name}=${value}`, null);
    await expectBoth(`${name.replace(".", "-")}=${value}`, null);
    await expectBoth(`${name.toUpperCase()}=${value}`, null);
  });

  it("an expired session: nobody", async () => {
    const ada = await signedIn("ada@example.com");
    await expectBoth(ada.cookie, ada.id);
    const { token } = parts(await sessionValue(ada.cookie));
    await db().update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.token, token));
    await expectBoth(ada.cookie, null);
  });

  it("a revoked session (signed out, revoked, its row deleted) and a deleted user: nobody", async () => {
    const signedOut = await signedIn("ada@example.com");
    await signOut(shopRequest("/auth/sign-out", { cookie: signedOut.cookie, method: "POST" }));
    await expectBoth(signedOut.cookie, null);

    const revoked = await signedIn("ada@example.com");
    const { token } = parts(await sessionValue(revoked.cookie));
    await getAuth().api.revokeSession({ body: { token }, headers: shopRequest("/account", { cookie: revoked.cookie }).headers });
    await expectBoth(revoked.cookie, null);

    const rowDeleted = await signedIn("ada@example.com");
    await db().delete(session).where(eq(session.token, parts(await sessionValue(rowDeleted.cookie)).token));
    await expectBoth(rowDeleted.cookie, null);

    // The sessions of one user are apart: the one still live still signs in.
    const live = await signedIn("ada@example.com");
    await expectBoth(live.cookie, live.id);

    const leaver = await signedIn("leaver@example.com");
    await db().delete(user).where(eq(user.id, leaver.id));
    await expectBoth(leaver.cookie, null);
  });

  it("the one known difference, on the safe side: a banned user's live session is refused by ours only", async () => {
    // The shop bans only by deactivating staff (server/staff/members.ts), which deletes the member's
    // sessions in the same transaction, and better-auth's banUser deletes them too: then both say
    // nobody, as above. A banned flag next to a live session is refused by our reader alone.
    const banned = await signedIn("banned@example.com");
    await db().update(user).set({ banned: true }).where(eq(user.id, banned.id));
    expect(await whoIsSignedIn(banned.cookie)).toEqual({ ours: null, betterAuth: banned.id });
  });

  it("a tampered cookie: nobody, though the session itself is live", async () => {
    const ada = await signedIn("ada@example.com");
    const name = await sessionCookieName();
    const { token, signature } = parts(await sessionValue(ada.cookie));
    const signed = (t: string, s: string) => `${name}=${encodeURIComponent(`${t}.${s}`)}`;
    const flipped = (s: string, at: number) => s.slice(0, at) + (s[at] === "A" ? "B" : "A") + s.slice(at + 1);
    await expectBoth(signed(token, signature), ada.id);
    // The signature altered, the token altered, another user's token under this signature.
    await expectBoth(signed(token, flipped(signature, 0)), null);
    await expectBoth(signed(token, flipped(signature, 20)), null);
    await expectBoth(signed(flipped(token, 0), signature), null);
    await expectBoth(signed(`${token}x`, signature), null);
    const other = await signedIn("bob@example.com");
    await expectBoth(signed(parts(await sessionValue(other.cookie)).token, signature), null);
    // Signed with another secret.
    await expectBoth(signed(token, hmac(token, "another-secret-another-secret-0123456789").toString("base64")), null);
    // Signed again with the shop's secret: the very same cookie.
    await expectBoth(signed(token, hmac(token).toString("base64")), ada.id);
  });

  it("a cookie in an old or garbled format: nobody", async () => {
    const ada = await signedIn("ada@example.com");
    const name = await sessionCookieName();
    const value = await sessionValue(ada.cookie);
    const { token, signature } = parts(value);
    const right = hmac(token);
    const shapes: Record<string, string> = {
      "the bare token, unsigned": token,
      "the token and a dot": `${token}.`,
      "the signature alone": `.${signature}`,
      "token and signature swapped": encodeURIComponent(`${signature}.${token}`),
      "the signature in hex": `${token}.${right.toString("hex")}`,
      "the signature in base64url without padding": `${token}.${right.toString("base64url")}`,
      "the signature without its padding": encodeURIComponent(`${token}.${signature.replace(/=+$/, "")}`),
      "the signature with a character more": encodeURIComponent(`${token}.${signature}A`),
      "the signature with a space in it": encodeURIComponent(`${token}.${signature.slice(0, 10)} ${signature.slice(10)}`),
      "the signature twice": encodeURIComponent(`${token}.${signature}.${signature}`),
      "the value cut short": value.slice(0, Math.floor(value.length / 2)),
      "a broken percent-encoding": `${value}%E0%A4%A`,
      "JSON": encodeURIComponent(JSON.stringify({ token, signature })),
      "base64 of the whole value": Buffer.from(decodeURIComponent(value)).toString("base64"),
      "random bytes": crypto.randomBytes(48).toString("base64"),
    };
    const answers: Record<string, unknown> = {};
    for (const [shape, v] of Object.entries(shapes)) answers[shape] = await whoIsSignedIn(`${name}=${v}`);
    expect(answers).toEqual(Object.fromEntries(Object.keys(shapes).map((s) => [s, { ours: null, betterAuth: null }])));
    // The session was never the problem.
    await expectBoth(ada.cookie, ada.id);
  });
});
