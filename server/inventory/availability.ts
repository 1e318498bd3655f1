import { and, eq, inArray, isNull, ne, sql, type Placeholder } from "drizzle-orm";
import { oneOf, preparedQuery } from "../db/prepared";
import { db, type Db, type Tx } from "../db/client";
import { productVariants } from "../catalog/schema";
import { stockReservations } from "./schema";

/**
 * An active reservation: not released (by payment, cancellation or the sweep) and not yet expired.
 * The one definition of "held units"; `exceptOrderId` leaves out an order's own hold.
 */
export function activeReservation(exceptOrderId?: string | Placeholder) {
  return and(
    isNull(stockReservations.releasedAt),
    sql`${stockReservations.expiresAt} > now()`,
    exceptOrderId ? ne(stockReservations.orderId, exceptOrderId) : undefined,
  );
}

/** Units held by active reservations per variant (of orders other than `exceptOrderId`). */
export async function reservedUnits(runner: Pick<Db, "select">, variantIds: string[], exceptOrderId?: string): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  return unitsOf(await reservedRows(runner, variantIds, exceptOrderId));
}

const unitsOf = (rows: { variantId: string; units: number }[]) => new Map(rows.map((r) => [r.variantId, r.units]));

function reservedRows(runner: Pick<Db, "select"> | Pick<ReturnType<Tx["with"]>, "select">, variantIds: string[] | Placeholder, exceptOrderId?: string | Placeholder) {
  return runner
    .select({
      variantId: stockReservations.variantId,
      units: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int`,
    })
    .from(stockReservations)
    .where(and(oneOf(stockReservations.variantId, variantIds), activeReservation(exceptOrderId)))
    .groupBy(stockReservations.variantId);
}

/** reservedRows of every order, prepared: checkout counts them after locking the variants. */
const reservedByVariant = preparedQuery("reserved_by_variant", (d) => reservedRows(d, sql.placeholder("variantIds")));

/**
 * Active reservations' units per variant (of `variantIds`, or every variant), as a subquery "held"
 * (variantId, units) to left-join on product_variants: units is null where nothing is held. The ids
 * may be placeholders of a prepared query (server/db/prepared.ts).
 */
export function heldUnits(runner: Pick<Db, "select">, variantIds?: (string | Placeholder)[]) {
  return runner
    .select({
      variantId: stockReservations.variantId,
      units: sql<number>`sum(${stockReservations.quantity})`.as("units"),
    })
    .from(stockReservations)
    .where(and(variantIds ? inArray(stockReservations.variantId, variantIds) : undefined, activeReservation()))
    .groupBy(stockReservations.variantId)
    .as("held");
}

/** Units that can still be sold, never below 0: a column of a query joining product_variants and `held`. */
export function availableUnits(held: ReturnType<typeof heldUnits>) {
  return sql<number>`greatest(${productVariants.stock} - coalesce(${held.units}, 0), 0)::int`;
}

/**
 * Units that can still be sold per variant: stock minus active reservations, never below 0. Pass the
 * transaction when calling from inside one (PGlite has a single connection).
 */
export async function availableStock(variantIds: string[], runner: Pick<Db, "select"> = db()): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const held = heldUnits(runner, variantIds);
  const rows = await runner
    .select({ id: productVariants.id, available: availableUnits(held) })
    .from(productVariants)
    .leftJoin(held, eq(held.variantId, productVariants.id))
    .where(inArray(productVariants.id, variantIds));
  return new Map(rows.map((r) => [r.id, r.available]));
}

/**
 * Locks the variants' rows, always in id order so two transactions cannot deadlock, and returns their
 * stock. Every write that takes or returns units happens under this lock, so concurrent buyers of the
 * same colour queue here and each sees what the previous one committed.
 */
export async function lockVariants(tx: Tx, variantIds: string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await variantsLocked({ variantIds }, tx);
  return new Map(rows.map((r) => [r.id, r.stock]));
}

const variantsLocked = preparedQuery("variants_locked", (d) =>
  d
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(oneOf(productVariants.id, sql.placeholder("variantIds")))
    .orderBy(productVariants.id)
    .for("update"),
);

/**
 * Locks the variants and answers what each can still give: stock minus the active reservations of
 * orders other than `exceptOrderId`, read in a statement after the lock so that under READ COMMITTED
 * it sees every committed reservation. May be negative when a lapsed order's units were sold.
 */
export async function lockAvailable(tx: Tx, variantIds: string[], exceptOrderId?: string): Promise<Map<string, number>> {
  const stock = await lockVariants(tx, variantIds);
  const reserved = await reservedUnits(tx, variantIds, exceptOrderId);
  return freeUnits(stock, reserved);
}

/** The units the client holds in active reservations, as a scalar subquery. */
function clientUnits(clientKey: string | Placeholder) {
  // Its columns resolve to stock_reservations, the subquery's own table, even where drizzle leaves them unqualified.
  return sql<number>`(select coalesce(sum(${stockReservations.quantity}), 0)::int from ${stockReservations}
    where ${and(eq(stockReservations.clientKey, clientKey), activeReservation())})`;
}

/** lockVariants with clientUnits on every row, prepared: every checkout's lock. */
const variantsLockedForClient = preparedQuery("variants_locked_for_client", (d) =>
  d
    .select({ id: productVariants.id, stock: productVariants.stock, clientUnits: clientUnits(sql.placeholder("clientKey")) })
    .from(productVariants)
    .where(oneOf(productVariants.id, sql.placeholder("variantIds")))
    .orderBy(productVariants.id)
    .for("update"),
);

/**
 * lockAvailable for a checkout of the client `clientKey`, also answering the units that client holds
 * in active reservations, counted in the statement that locks the variants. Call under the client's
 * lock (lockClient): that statement's snapshot is taken after it, so it sees every earlier checkout
 * of the client that held the lock.
 */
export async function lockAvailableForClient(tx: Tx, variantIds: string[], clientKey: string): Promise<{ free: Map<string, number>; clientUnits: number }> {
  const countAlone = async () => (await tx.select({ units: clientUnits(clientKey) }).from(sql`(select 1) as one`))[0].units;
  if (variantIds.length === 0) return { free: new Map(), clientUnits: await countAlone() };
  const rows = await variantsLockedForClient({ variantIds, clientKey }, tx);
  const stock = new Map(rows.map((r) => [r.id, r.stock]));
  const reserved = unitsOf(await reservedByVariant({ variantIds }, tx));
  // Every row carries the same count; none when no variant exists any more.
  return { free: freeUnits(stock, reserved), clientUnits: rows.length > 0 ? rows[0].clientUnits : await countAlone() };
}

const freeUnits = (stock: Map<string, number>, reserved: Map<string, number>) =>
  new Map([...stock].map(([id, units]) => [id, units - (reserved.get(id) ?? 0)]));

/**
 * lockAvailable for the payment of `orderId`, which also ends that order's holds in the statement
 * counting everyone else's: a payment's units are taken from stock or given back in its transaction
 * either way. The caller announces which with stockChanged (a sale: { rose: false }; given back:
 * { rose: true }), as releaseReservations does for a hold given back.
 */
export async function lockAvailableEndingHolds(tx: Tx, orderId: string, variantIds: string[]): Promise<Map<string, number>> {
  const stock = await lockVariants(tx, variantIds);
  const now = new Date().toISOString();
  if (variantIds.length === 0) {
    await holdsEnded(tx, orderId, now);
    return new Map();
  }
  return freeUnits(stock, unitsOf(await reservedEndingHolds({ orderId, variantIds, now }, tx)));
}

/** The order's active holds end now (a placeholder in a SET goes through sql: drizzle types only values there). */
function holdsEnded(runner: Pick<Db, "update">, orderId: string | Placeholder, now: string | Placeholder) {
  return runner
    .update(stockReservations)
    .set({ releasedAt: sql`${now}::timestamptz` })
    .where(and(eq(stockReservations.orderId, orderId), isNull(stockReservations.releasedAt)))
    .returning({ id: stockReservations.id });
}

/** Everyone else's holds on the variants, counted in the statement that ends the order's own (every payment's). */
const reservedEndingHolds = preparedQuery("reserved_ending_holds", (d) => {
  const [orderId, now] = [sql.placeholder("orderId"), sql.placeholder("now")];
  // A data-modifying CTE runs whether or not the query reads it; the count leaves this order out anyway.
  return reservedRows(d.with(d.$with("ended").as(holdsEnded(d, orderId, now))), sql.placeholder("variantIds"), orderId);
});
