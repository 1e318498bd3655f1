import crypto from "node:crypto";
import { and, eq, gt, sql, type SQLWrapper } from "drizzle-orm";
import { config } from "../config";
import { db } from "../db/client";
import { session, user } from "./schema";
import { getAuth } from "./auth";
import { oncePerRequest } from "../http/request-context";
import { readCookie } from "../http/cookies";
import type { Permission } from "@core/staff-roles";
import { staffRoles } from "../staff/schema";
import { permissionsOf } from "./roles";

export type SessionUser = {
  id: string;
  email: string;
  /** A staff role's id (a row of staff_roles: owner, staff, writer or one the owner defined), or "user" for a customer. */
  role: string;
  /** The staff role's name; null for a customer. */
  roleName: string | null;
  /** What the role lets them do in the back office; empty for a customer. */
  permissions: Permission[];
  emailVerified: boolean;
  twoFactorEnabled: boolean;
};

/**
 * better-auth signs its session cookie as `token.base64(HMAC-SHA256(secret, token))`, URL-encoded.
 * Read as better-auth reads it (better-call's getSignedCookie), so both agree on who is signed in
 * (tests/integration/session-reader-contract.test.ts): double quotes around the value dropped, the
 * value percent-decoded, the signature exactly 44 characters of padded base64.
 */
function verifySignedToken(raw: string, secret: string): string | undefined {
  let value: string;
  try {
    value = decodeURIComponent(raw.startsWith('"') ? raw.slice(1, -1) : raw);
  } catch {
    return undefined;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return undefined;
  const token = value.slice(0, dot);
  const encoded = value.slice(dot + 1);
  if (!/^[A-Za-z0-9+/]{43}=$/.test(encoded)) return undefined;
  const signature = Buffer.from(encoded, "base64");
  const expected = crypto.createHmac("sha256", secret).update(token).digest();
  if (signature.length !== expected.length || !crypto.timingSafeEqual(signature, expected)) return undefined;
  return token;
}

let cookieName: Promise<string> | undefined;

/** The session cookie's name (`__Secure-` prefixed on https), as better-auth computes it. */
export function sessionCookieName(): Promise<string> {
  cookieName ??= getAuth().$context.then((ctx) => ctx.authCookies.sessionToken.name);
  return cookieName;
}

/** The session token from the request's signed cookie, when the signature holds. */
export async function sessionTokenOf(request: Request): Promise<string | undefined> {
  const raw = readCookie(request.headers.get("cookie"), await sessionCookieName());
  return raw ? verifySignedToken(raw, config().authSecret) : undefined;
}

/**
 * The session of this token while it lasts (7 days from sign-in; sign-out deletes its row). In a
 * prepared statement both are placeholders, `at` filled with the time of the run as an ISO string.
 */
const liveSession = (token: string | SQLWrapper, at: Date | SQLWrapper = new Date()) => and(eq(session.token, token), gt(session.expiresAt, at));

/**
 * The user signed in with this session token, as a subquery "signed_in" (id, email) to select from:
 * no row for an unknown, expired or signed-out session or a banned user, as getSessionUser answers
 * null for them. For a request that needs only who it is and its own data, read in the same
 * statement (the personal answer, server/personal, a prepared statement: `token` and `at`, the
 * time of the run, are its placeholders).
 */
export function signedInUser(token: SQLWrapper, at: SQLWrapper) {
  return db()
    .select({ id: user.id, email: user.email })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(liveSession(token, at), sql`${user.banned} is not true`))
    .limit(1)
    .as("signed_in");
}

async function lookup(request: Request): Promise<SessionUser | null> {
  const token = await sessionTokenOf(request);
  if (!token) return null;
  const [row] = await db()
    .select({
      id: user.id,
      email: user.email,
      role: user.role,
      roleName: staffRoles.name,
      rolePermissions: staffRoles.permissions,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      banned: user.banned,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(staffRoles, eq(staffRoles.id, user.role))
    .where(liveSession(token))
    .limit(1);
  if (!row || row.banned) return null;
  return {
    id: row.id,
    email: row.email,
    role: row.roleName !== null && row.role ? row.role : "user",
    roleName: row.roleName,
    permissions: row.roleName !== null && row.role ? permissionsOf(row.role, row.rolePermissions ?? []) : [],
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled ?? false,
  };
}

/**
 * The signed-in user of a request, or null: the cookie's signature is checked here and the
 * session and user are read in one query (better-auth's own getSession does more work and may
 * write), once per page request (after an action, which may sign in or out, each asks again).
 * Sessions last 7 days from sign-in.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookup(request);
  return oncePerRequest(`session-user:${request.headers.get("cookie") ?? ""}`, () => lookup(request));
}
