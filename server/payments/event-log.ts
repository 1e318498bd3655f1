import type { Tx } from "../db/client";
import { paymentEvents } from "./schema";

/**
 * Records a provider event's id in the caller's transaction; false when it was already applied (a
 * redelivery, or a concurrent twin: the second insert waits on the first's uncommitted key, then
 * conflicts). The idempotency key of webhook handling.
 */
export async function firstDelivery(tx: Tx, provider: string, eventId: string, eventType: string): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ provider, id: eventId, type: eventType })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}
