import { sql } from "drizzle-orm";
import { database, type Tx } from "../db/client";
import { log } from "../log";

/**
 * Change events between instances through PostgreSQL LISTEN/NOTIFY (PGlite supports it in-process).
 * Writers call notify() inside their transaction, so the event is delivered only after commit.
 */
export const CHANNEL = "shop_events";

export type ShopEvent =
  | { type: "catalog" }
  /** "paid": the payment of a new order was confirmed, the moment a merchant calls it a new order. */
  | { type: "order"; id: string; action: "created" | "paid" | "updated" }
  | { type: "post"; id: string; action: "created" | "updated" | "deleted" };

type Listener = (e: ShopEvent) => void;
const listeners = new Set<Listener>();
let started: Promise<void> | undefined;

export async function notify(tx: Tx | undefined, event: ShopEvent) {
  const runner = tx ?? database().db;
  await runner.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
}

/** Starts the one LISTEN of this process (idempotent). */
export function startBus(): Promise<void> {
  started ??= database()
    .listen(CHANNEL, (payload) => {
      let event: ShopEvent;
      try {
        event = JSON.parse(payload) as ShopEvent;
      } catch {
        return;
      }
      for (const l of listeners) l(event);
    })
    .then(() => undefined)
    .catch((err: unknown) => {
      started = undefined;
      log.error({ err }, "could not listen for shop events");
    });
  return started;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forget listeners and the LISTEN (tests reopen the database). */
export function resetBus() {
  listeners.clear();
  started = undefined;
}
