import { and, eq } from "drizzle-orm";
import { DEMO_ADMIN_PASSWORD } from "../config";
import { db } from "../db/client";
import { account } from "../db/schema";
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
