import { sql } from "drizzle-orm";
import { database, queueNotification, type Tx } from "../db/client";
import { log } from "../log";

/**
 * Change events between instances through PostgreSQL LISTEN/NOTIFY (PGlite supports it in-process).
 * Writers call notify() inside their transaction, so the event is delivered only after commit.
 */
export const CHANNEL = "shop_events";

export type ShopEvent =
  | { type: "catalog" }
  /**
   * Stock or a reservation moved: what can be bought changed, nothing else (server/cache/catalog.ts).
   * `rose`: some colour may have more available than before (a restock, a released hold), which is
   * when the back-in-stock sender looks; a sale or a new hold only lowers it. An event without the
   * field (an older instance) counts as risen.
   */
  | { type: "stock"; rose?: boolean }
  /** "paid": the payment of a new order was confirmed, the moment a merchant calls it a new order. */
  | { type: "order"; id: string; action: "created" | "paid" | "updated" }
  | { type: "post"; id: string; action: "created" | "updated" | "deleted" }
  /**
   * Local only, never sent: this process listens again after losing its connection, and events
   * sent meanwhile are gone. Whoever keeps state from events must refetch it.
   */
  | { type: "resync" };

type Listener = (e: ShopEvent) => void;
const listeners = new Set<Listener>();
let started: Promise<void> | undefined;
/** Bumped by resetBus, so a retry scheduled for an earlier database does nothing. */
let generation = 0;
let retryTimer: NodeJS.Timeout | undefined;

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 10_000;

/** What each open transaction outside transaction() has announced: PostgreSQL folds repeats at commit, so they need no round trip. */
const announced = new WeakMap<Tx, Set<string>>();

/**
 * Announces `event` to every instance: at the commit of `tx` when given (nothing on a rollback), else
 * at once. In a transaction opened by transaction() the announcements wait and go in one statement.
 */
export async function notify(tx: Tx | undefined, event: ShopEvent) {
  const payload = JSON.stringify(event);
  if (tx) {
    if (queueNotification(tx, CHANNEL, payload)) return;
    const sent = announced.get(tx) ?? new Set<string>();
    if (sent.has(payload)) return;
    sent.add(payload);
    announced.set(tx, sent);
  }
  const runner = tx ?? database().db;
  await runner.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

function dispatch(event: ShopEvent) {
  for (const l of listeners) l(event);
}

function receive(payload: string) {
  let event: ShopEvent;
  try {
    event = JSON.parse(payload) as ShopEvent;
  } catch {
    return;
  }
  dispatch(event);
}

/**
 * Listens, and keeps listening: a lost connection (or a failed first attempt) is retried with
 * exponential backoff until the database answers again, then listeners hear a resync.
 */
async function listen(gen: number, failures: number): Promise<void> {
  const retry = (err: Error, what: string, attempt: number) => {
    if (gen !== generation) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** attempt);
    log.warn({ err, retryInMs: delay }, what);
    retryTimer = setTimeout(() => void listen(gen, attempt + 1), delay);
    retryTimer.unref();
  };
  try {
    await database().listen(CHANNEL, receive, (err) => retry(err, "lost the connection listening for shop events; reconnecting", 0));
  } catch (err) {
    retry(err instanceof Error ? err : new Error(String(err)), "could not listen for shop events; retrying", failures);
    return;
  }
  if (failures > 0 && gen === generation) {
    log.info({ attempts: failures + 1 }, "listening for shop events again");
    dispatch({ type: "resync" });
  }
}

/** Starts the one LISTEN of this process (idempotent); resolves after the first attempt. */
export function startBus(): Promise<void> {
  started ??= listen(generation, 0);
  return started;
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forget listeners and stop retrying (shutdown; tests reopen the database). */
export function resetBus() {
  generation++;
  clearTimeout(retryTimer);
  listeners.clear();
  started = undefined;
}
