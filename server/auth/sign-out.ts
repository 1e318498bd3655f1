import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { session } from "./schema";
import { callAuth } from "./call";
import { sessionTokenOf } from "./session";

/**
 * Ends the request's session in the database and returns the cookies that clear it in the
 * browser. Safe to call when signed out.
 */
export async function signOut(request: Request): Promise<string[]> {
  const r = await callAuth(request, "/sign-out", {});
  if (r.status !== 200) {
    // Whatever better-auth answered (an origin it refused, say), the click ends the session.
    const token = await sessionTokenOf(request);
    if (token) await db().delete(session).where(eq(session.token, token));
  }
  return r.cookies;
}
