import { and, eq } from "drizzle-orm";
import { DEMO_ADMIN_PASSWORD } from "../config";
import { db } from "../db/client";
import { account, user } from "../db/schema";
import { getAuth } from "./auth";

/**
 * Whether a password hash is the published demo password's. Hashes are salted, so one hash is one
 * password for ever: its verdict is kept (per process, a handful of admin hashes) and the slow
 * verification runs once per hash rather than on every admin request.
 */
const verdicts = new Map<string, Promise<boolean>>();

export function isDemoPasswordHash(hash: string): Promise<boolean> {
  let verdict = verdicts.get(hash);
  if (!verdict) {
    if (verdicts.size >= 1000) verdicts.clear();
    verdict = getAuth().$context.then((ctx) => ctx.password.verify({ hash, password: DEMO_ADMIN_PASSWORD }));
    verdicts.set(hash, verdict);
  }
  return verdict;
}

/** Whether this user signs in with the demo password. */
export async function hasDemoPassword(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.hash ? isDemoPasswordHash(row.hash) : false;
}

/**
 * Why this admin must choose a new password before using the back office: still on the published
 * demo password, or still on the one generated and printed at first start; null when neither.
 */
export async function passwordChangeRequired(userId: string): Promise<"demo" | "generated" | null> {
  const [row] = await db()
    .select({ generated: user.mustChangePassword, hash: account.password })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, "credential")))
    .where(eq(user.id, userId));
  if (row?.hash && (await isDemoPasswordHash(row.hash))) return "demo";
  return row?.generated ? "generated" : null;
}
