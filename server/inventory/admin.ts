import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { recordAudit, type Actor } from "@server/audit";
import { productVariants, products } from "../catalog/schema";
import { db, transaction } from "../db/client";
import { orders } from "../orders/schema";
import type { AdjustStockInput, InventoryRow } from "@core/inventory-form";
import type { StockReason } from "@core/stock";
import { heldUnits } from "./availability";
import { stockLedger } from "./schema";
import { moveStock, setOnHand } from "./stock";

/**
 * The back office's inventory (issue 14): every colour of every product with what is on hand, held by
 * open checkouts and still available, its SKU and the product's low-stock threshold; adjustments with
 * a reason; the ledger's latest movements.
 */

export type InventoryFilter = { q?: string; low?: boolean; page?: number; pageSize?: number };

export const INVENTORY_PAGE_SIZE = 50;

/** Every colour's figures, as columns of one select (the held subquery is joined by the caller). */
function inventoryColumns(held: ReturnType<typeof heldUnits>) {
  const reserved = sql<number>`coalesce(${held.units}, 0)::int`;
  const available = sql<number>`greatest(${productVariants.stock} - coalesce(${held.units}, 0), 0)::int`;
  return {
    reserved,
    available,
    low: sql<boolean>`(${productVariants.stock} - coalesce(${held.units}, 0)) <= ${products.lowStockThreshold}`,
  };
}

function inventoryWhere(f: InventoryFilter, held: ReturnType<typeof heldUnits>): SQL | undefined {
  const q = f.q?.trim().toLowerCase();
  return and(
    // position(), not LIKE: % and _ in a search are plain characters.
    q
      ? sql`(position(${q} in lower(${products.title})) > 0 or position(${q} in lower(${productVariants.name})) > 0 or position(${q} in lower(coalesce(${productVariants.sku}, ''))) > 0)`
      : undefined,
    f.low ? inventoryColumns(held).low : undefined,
  );
}

/** One page of colours, by product title then colour position; the count is of the filter's matches. */
export async function listInventory(f: InventoryFilter = {}): Promise<{ rows: InventoryRow[]; total: number; page: number; pageCount: number }> {
  const pageSize = f.pageSize ?? INVENTORY_PAGE_SIZE;
  const held = heldUnits(db());
  const where = inventoryWhere(f, held);
  const [{ total }] = await db()
    .select({ total: count() })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(held, eq(held.variantId, productVariants.id))
    .where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, f.page ?? 1), pageCount);
  const rows = await db()
    .select({
      variantId: productVariants.id,
      productId: products.id,
      title: products.title,
      slug: products.slug,
      colour: productVariants.name,
      hex: productVariants.hex,
      sku: productVariants.sku,
      onHand: productVariants.stock,
      threshold: products.lowStockThreshold,
      ...inventoryColumns(held),
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(held, eq(held.variantId, productVariants.id))
    .where(where)
    .orderBy(asc(products.title), asc(products.id), asc(productVariants.position), asc(productVariants.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total, page, pageCount };
}

export type LedgerRow = {
  id: string;
  at: string;
  title: string;
  colour: string;
  sku: string | null;
  delta: number;
  balance: number;
  reason: StockReason;
  who: string;
  orderId: string | null;
  orderNumber: string | null;
  note: string | null;
};

/** How the ledger names who moved stock: the admin's email, the payment provider, or the system. */
export function ledgerActorLabel(actorId: string, actorEmail: string | null): string {
  if (actorEmail) return actorEmail;
  if (actorId.startsWith("provider:")) return `Payment (${actorId.slice("provider:".length)})`;
  return actorId === "system" ? "System" : actorId;
}

/** The newest stock movements, everything or one colour's. */
export async function recentMovements(limit = 20, variantId?: string): Promise<LedgerRow[]> {
  const rows = await db()
    .select({
      id: stockLedger.id,
      createdAt: stockLedger.createdAt,
      title: products.title,
      colour: productVariants.name,
      sku: productVariants.sku,
      delta: stockLedger.delta,
      balance: stockLedger.balance,
      reason: stockLedger.reason,
      actorId: stockLedger.actorId,
      actorEmail: stockLedger.actorEmail,
      orderId: stockLedger.orderId,
      orderNumber: orders.number,
      note: stockLedger.note,
    })
    .from(stockLedger)
    .innerJoin(productVariants, eq(productVariants.id, stockLedger.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(orders, eq(orders.id, stockLedger.orderId))
    .where(variantId ? eq(stockLedger.variantId, variantId) : undefined)
    .orderBy(desc(stockLedger.createdAt), desc(stockLedger.id))
    .limit(limit);
  return rows.map(({ createdAt, actorId, actorEmail, ...r }) => ({ ...r, at: createdAt.toISOString(), who: ledgerActorLabel(actorId, actorEmail) }));
}

/**
 * Staff adjust one colour's stock: Received and Return add, Damaged takes off (refused below 0),
 * Recount sets on hand to the count. The ledger entry and the audit entry commit with the change.
 */
export async function adjustStock(input: AdjustStockInput, admin: Actor): Promise<{ before: number; after: number }> {
  return transaction(async (tx) => {
    const actor = { id: admin.id, email: admin.email };
    let result: { before: number; after: number };
    if (input.reason === "recount") {
      result = (await setOnHand(tx, [{ variantId: input.variantId, onHand: input.quantity }], "recount", actor, input.note)).get(input.variantId)!;
    } else {
      const delta = input.reason === "damaged" ? -input.quantity : input.quantity;
      const after = (await moveStock(tx, [{ variantId: input.variantId, delta, reason: input.reason, note: input.note }], actor)).get(input.variantId)!;
      result = { before: after - delta, after };
    }
    await recordAudit(tx, {
      actor: admin,
      action: "adjust_stock",
      entity: "inventory",
      entityId: input.variantId,
      data: { reason: input.reason, quantity: input.quantity, ...result, note: input.note },
    });
    return result;
  });
}
