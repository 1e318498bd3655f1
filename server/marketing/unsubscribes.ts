import { db } from "../db/client";
import { marketingUnsubscribes } from "./schema";

/** The address gets no more reminders or offers (one-click unsubscribe, RFC 8058). Idempotent. */
export async function unsubscribeAddress(email: string): Promise<void> {
  await db().insert(marketingUnsubscribes).values({ email }).onConflictDoNothing();
}
