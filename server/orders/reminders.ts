import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { orders } from "./schema";

/**
 * Marks an unpaid checkout as reminded (server/checkout/reminder.ts), inside the caller's
 * transaction that holds its row lock: the clock after the lock, so a payment that waited on it is
 * stamped later.
 */
export async function markReminderSent(tx: Tx, orderId: string): Promise<void> {
  await tx.update(orders).set({ remindedAt: sql`clock_timestamp()` }).where(eq(orders.id, orderId));
}
