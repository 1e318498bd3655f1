import { and, asc, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { recordAudit, type Actor } from "@server/audit";
import { db, type Db, type Tx } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { products } from "../catalog/schema";
import { orders } from "../orders/schema";
import { usdCents } from "@server/pricing";
import { discountCodes, discountUses } from "./schema";
import { pricingSettings } from "@server/pricing";
import { discountRulesSchema, normalizeDiscountCode, type DiscountDefinition, type DiscountRules } from "@core/discount-form";
import { fieldErrors } from "@core/form";
import { FieldSaveError, NotFoundError } from "../errors";

/** The merchant's side of discount codes: look-up, list with status and figures, save, deactivate, delete. */

export async function findDiscountByCode(code: string, runner: Pick<Db, "select"> = db()): Promise<DiscountDefinition | null> {
  const [row] = await runner.select().from(discountCodes).where(eq(discountCodes.code, normalizeDiscountCode(code)));
  return row ?? null;
}

export type DiscountStatus = "scheduled" | "active" | "expired" | "used up" | "deactivated";

export function discountStatus(def: Pick<DiscountDefinition, "active" | "startsAt" | "endsAt" | "usageLimit">, uses: number, now: Date): DiscountStatus {
  if (!def.active) return "deactivated";
  if (def.endsAt && now >= def.endsAt) return "expired";
  if (def.usageLimit !== null && uses >= def.usageLimit) return "used up";
  if (def.startsAt && now < def.startsAt) return "scheduled";
  return "active";
}

export type DiscountRow = {
  id: string;
  code: string;
  title: string;
  kind: DiscountDefinition["kind"];
  percentOff: number | null;
  status: DiscountStatus;
  /** Counted uses (paid orders). */
  uses: number;
  usageLimit: number | null;
  /** What the orders that used it paid, in US cents (each order converted at its own rate)... */
  revenueUsdCents: number;
  /** ...and the currencies other than USD that figure was converted from. */
  convertedFrom: string[];
  startsAt: string | null;
  endsAt: string | null;
};

/** Every code matching `search` (code or title), newest first, with its counted uses and revenue. */
export async function listDiscounts(search: string, now = new Date()): Promise<DiscountRow[]> {
  const q = search.trim();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db()
    .select()
    .from(discountCodes)
    .where(q ? or(ilike(discountCodes.code, pattern), ilike(discountCodes.title, pattern)) : undefined)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
    .limit(500);
  const ids = rows.map((r) => r.id);
  const figures = ids.length
    ? await db()
        .select({
          discountId: discountUses.discountId,
          currency: orders.currency,
          uses: sql<number>`count(*)::int`,
          revenueUsdCents: sql<number>`coalesce(sum(${usdCents()}), 0)::bigint`,
        })
        .from(discountUses)
        .innerJoin(orders, eq(orders.id, discountUses.orderId))
        .where(and(inArray(discountUses.discountId, ids), eq(discountUses.status, "counted")))
        .groupBy(discountUses.discountId, orders.currency)
    : [];
  return rows.map((r) => {
    const mine = figures.filter((f) => f.discountId === r.id);
    const uses = mine.reduce((sum, f) => sum + Number(f.uses), 0);
    return {
      id: r.id,
      code: r.code,
      title: r.title,
      kind: r.kind,
      percentOff: r.percentOff,
      status: discountStatus(r, uses, now),
      uses,
      usageLimit: r.usageLimit,
      revenueUsdCents: mine.reduce((sum, f) => sum + Number(f.revenueUsdCents), 0),
      convertedFrom: mine.map((f) => f.currency.toUpperCase()).filter((c) => c !== "USD"),
      startsAt: r.startsAt?.toISOString() ?? null,
      endsAt: r.endsAt?.toISOString() ?? null,
    };
  });
}

export async function getDiscount(id: string): Promise<(DiscountDefinition & { uses: number }) | null> {
  const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) return null;
  const [{ uses }] = await db()
    .select({ uses: sql<number>`count(*)::int` })
    .from(discountUses)
    .where(and(eq(discountUses.discountId, id), eq(discountUses.status, "counted")));
  return { ...row, uses: Number(uses) };
}

/**
 * What the editor offers: the products a code may be limited to, and the currencies and zones of
 * the markets the merchant has enabled (pricingSettings). USD always comes first: other currencies
 * fall back to it. What `existing` already uses stays on offer (a market disabled since), so saving
 * the form does not silently drop it.
 */
export async function discountEditorChoices(existing?: Pick<DiscountRules, "amounts" | "minSubtotals" | "freeShippingMarkets"> | null) {
  const [productRows, settings] = await Promise.all([
    db().select({ id: products.id, title: products.title }).from(products).orderBy(asc(products.title)),
    pricingSettings(),
  ]);
  const kept = new Set(existing?.freeShippingMarkets ?? []);
  const markets = settings.markets.filter((m) => m.enabled || kept.has(m.id));
  const currencies = [...markets.map((m) => m.currency), ...Object.keys(existing?.amounts ?? {}), ...Object.keys(existing?.minSubtotals ?? {})];
  return {
    products: productRows,
    currencies: ["USD", ...new Set(currencies.filter((c) => c !== "USD"))],
    zones: markets.map((m) => ({ id: m.id, name: m.name })),
  };
}

/** A save the editor explains next to a field. */
export class DiscountSaveError extends FieldSaveError {
  constructor(fieldErrors: Record<string, string>) {
    super(fieldErrors, "Failed to save the discount", "code");
  }
}

export class DiscountNotFoundError extends NotFoundError {
  constructor() {
    super("discount");
  }
}

async function unknownProducts(tx: Tx, ids: string[] | null): Promise<boolean> {
  if (!ids || ids.length === 0) return false;
  const found = await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  return found.length !== ids.length;
}

/** A rule's value as the audit log keeps it: instants as ISO text, objects with their keys sorted (jsonb reorders them). */
function auditValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
  }
  return value;
}

/** What an edit changed, field by field as { from, to }, for its audit entry. */
function changedRules(before: DiscountRules, after: DiscountRules): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(discountRulesSchema.shape) as (keyof DiscountRules)[]) {
    const from = auditValue(before[key]);
    const to = auditValue(after[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

/**
 * Creates (id null) or updates a code in one transaction with its audit entry: a creation records
 * what the code gives, an edit each changed field's before and after (nothing changed: no entry).
 */
export async function saveDiscount(id: string | null, input: DiscountRules, actor: Actor): Promise<{ id: string; code: string }> {
  // Whoever calls, what is stored obeys the editor's rules.
  const checked = discountRulesSchema.safeParse(input);
  if (!checked.success) throw new DiscountSaveError(fieldErrors(checked.error));
  input = checked.data;
  try {
    return await db().transaction(async (tx) => {
      if (await unknownProducts(tx, input.productIds)) throw new DiscountSaveError({ productIds: "A chosen product no longer exists. Choose again." });
      const now = new Date();
      if (id) {
        const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
        if (!before) throw new DiscountNotFoundError();
        const [row] = await tx.update(discountCodes).set({ ...input, updatedAt: now }).where(eq(discountCodes.id, id)).returning();
        const changes = changedRules(before, row);
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, { actor, action: "update", entity: "discount", entityId: id, data: { code: row.code, changes } });
        }
        return { id: row.id, code: row.code };
      }
      const [row] = await tx.insert(discountCodes).values({ ...input, createdAt: now, updatedAt: now }).returning();
      await recordAudit(tx, {
        actor,
        action: "create",
        entity: "discount",
        entityId: row.id,
        data: { code: row.code, kind: row.kind, percentOff: row.percentOff, amounts: row.amounts, usageLimit: row.usageLimit },
      });
      return { id: row.id, code: row.code };
    });
  } catch (err) {
    if (isUniqueViolation(err, "discount_codes_code_idx")) throw new DiscountSaveError({ code: "A discount with this code already exists" });
    throw err;
  }
}

async function setActive(tx: Tx, id: string, active: boolean, actor: Actor, action: string) {
  const [row] = await tx
    .update(discountCodes)
    .set({ active, updatedAt: new Date() })
    .where(eq(discountCodes.id, id))
    .returning({ id: discountCodes.id, code: discountCodes.code });
  if (!row) throw new DiscountNotFoundError();
  await recordAudit(tx, { actor, action, entity: "discount", entityId: id, data: { code: row.code } });
}

export async function setDiscountActive(id: string, active: boolean, actor: Actor): Promise<void> {
  await db().transaction((tx) => setActive(tx, id, active, actor, active ? "activate" : "deactivate"));
}

/**
 * Deletes a code no order has used. A code any order has a use of (counted, held, or released: a
 * cancelled checkout can still be paid late, and its use is then counted) is deactivated instead,
 * so past orders keep their record (the uses go with the code by cascade); the answer says which.
 */
export async function deleteDiscount(id: string, actor: Actor): Promise<"deleted" | "deactivated"> {
  return db().transaction(async (tx) => {
    const [code] = await tx.select({ id: discountCodes.id, code: discountCodes.code }).from(discountCodes).where(eq(discountCodes.id, id)).for("update");
    if (!code) throw new DiscountNotFoundError();
    const [used] = await tx
      .select({ id: discountUses.id })
      .from(discountUses)
      .where(eq(discountUses.discountId, id))
      .limit(1);
    if (used) {
      await setActive(tx, id, false, actor, "deactivate");
      return "deactivated";
    }
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
    await recordAudit(tx, { actor, action: "delete", entity: "discount", entityId: id, data: { code: code.code } });
    return "deleted";
  });
}
