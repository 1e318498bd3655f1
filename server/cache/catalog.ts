import { afterCommit, type Tx } from "@server/db/client";
import { dropCachedPages } from "@server/http/page-cache";
import { notify, startBus, subscribe } from "@server/realtime/bus";

/**
 * Hot catalogue reads are cached per process and dropped whenever any instance announces a catalogue
 * change on the bus, so every instance shows an edit on its next request.
 */
const entries = new Map<string, Promise<unknown>>();
/** Reads that do not show stock (settings, prices, reviews): a sale leaves them cached. */
const stockFree = new Set<string>();
let wired = false;

/** Drops the catalogue reads and the rendered pages built from them (server/http/page-cache.ts). */
export function invalidateCatalog() {
  entries.clear();
  dropCachedPages();
}

/**
 * Drops what shows stock: every sale moves stock twice (reserved, then sold), and dropping the
 * settings, markets and rates with it made each checkout reload them all.
 */
export function invalidateStock() {
  for (const key of entries.keys()) if (!stockFree.has(key)) entries.delete(key);
  dropCachedPages();
}

/**
 * What the storefront shows changed in `tx`: every instance drops its cached catalogue when the event
 * arrives after commit, and this one drops its own at commit, so the writer's next request is fresh
 * without waiting for the round trip (ADR 002). `tx` must come from transaction().
 */
export async function catalogChanged(tx: Tx) {
  await notify(tx, { type: "catalog" });
  afterCommit(tx, invalidateCatalog);
}

/** Stock or a reservation moved in `tx`: as catalogChanged, for the reads that show stock only. */
export async function stockMoved(tx: Tx, rose: boolean) {
  await notify(tx, { type: "stock", rose });
  afterCommit(tx, invalidateStock);
}

export function cachedCatalogRead<T>(key: string, load: () => Promise<T>, opts: { showsStock: boolean } = { showsStock: true }): Promise<T> {
  if (!opts.showsStock) stockFree.add(key);
  if (!wired) {
    wired = true;
    void startBus();
    subscribe((e) => {
      // After a resync, edits announced while this process was not listening may be unseen.
      if (e.type === "catalog" || e.type === "resync") invalidateCatalog();
      else if (e.type === "stock") invalidateStock();
    });
  }
  let hit = entries.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    entries.set(key, hit);
    hit.catch(() => entries.delete(key));
  }
  return hit;
}

export function resetCatalogCache() {
  entries.clear();
  stockFree.clear();
  wired = false;
}
