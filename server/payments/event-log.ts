import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { paymentEvents } from "./schema";

/**
 * Records a provider event's id in the caller's transaction; false when it was already applied (a
 * redelivery, or a concurrent twin: the second insert waits on the first's uncommitted key, then
 * conflicts). The idempotency key of webhook handling.
 */
export async function firstDelivery(tx: Tx, provider: string, eventId: string, eventType: string): Promise<boolean> {
  const rows = await eventRecorded({ provider, eventId, eventType }, tx);
  return rows.length > 0;
}

const eventRecorded = preparedQuery("payment_event_recorded", (d) =>
  d
    .insert(paymentEvents)
    .values({ provider: sql.placeholder("provider"), id: sql.placeholder("eventId"), type: sql.placeholder("eventType") })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id }),
);
