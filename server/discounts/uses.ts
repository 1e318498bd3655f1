import { and, count, eq, gt, inArray, ne, or, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { discountCodes, discountUses } from "./schema";
import { checkAvailability, DiscountRefusedError, notFound, type DiscountDefinition, type DiscountUsage } from "./rules";
import type { Market } from "../pricing";

/**
 * Exactly once (issue 13): a use is HELD when the checkout session is created, under a lock on the
 * code's row, so concurrent checkouts of a code with one use left queue there and each sees what
 * the previous one committed; it is COUNTED in the transaction that marks the order paid, and
 * RELEASED when the checkout is cancelled, replaced or lapses. A hold past its expiry no longer
 * counts against the limit even before anything releases it.
 */

/** A use that takes one of the code's uses: counted, or held and not yet lapsed. */
function takesAUse() {
  return or(eq(discountUses.status, "counted"), and(eq(discountUses.status, "held"), gt(discountUses.expiresAt, sql`now()`)));
}

/** The code's uses so far (other than `exceptOrderId`'s) and whether `email` has one. */
export async function discountUsage(runner: Pick<Db, "select">, discountId: string, email: string | null, exceptOrderId?: string): Promise<DiscountUsage> {
  const others = exceptOrderId ? ne(discountUses.orderId, exceptOrderId) : undefined;
  const [{ uses }] = await runner
    .select({ uses: count() })
    .from(discountUses)
    .where(and(eq(discountUses.discountId, discountId), takesAUse(), others));
  if (!email) return { uses, usedByEmail: false };
  const [mine] = await runner
    .select({ id: discountUses.id })
    .from(discountUses)
    .where(and(eq(discountUses.discountId, discountId), eq(discountUses.email, email.trim().toLowerCase()), takesAUse(), others))
    .limit(1);
  return { uses, usedByEmail: !!mine };
}

export type DiscountHold = {
  code: string;
  label: string;
  amountMinor: number;
  freeShipping: boolean;
  currency: string;
  /** The definition the amount was computed from (checked again under the lock). */
  discountId: string;
};

/**
 * Holds one use of a code for `orderId` in the checkout's transaction. The code's row is locked
 * first; then availability (active, dates, limit, this email, zone) is checked again against what
 * is committed, so of N checkouts racing for the last use exactly one gets it and the others get
 * DiscountRefusedError ("… has been used up") before any payment page exists.
 */
export async function holdDiscountUse(
  tx: Tx,
  hold: DiscountHold & { orderId: string; email: string; expiresAt: Date; market: Market; now: Date },
): Promise<void> {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, hold.discountId)).for("update");
  if (!row) throw notFound(hold.code);
  const usage = await discountUsage(tx, row.id, hold.email, hold.orderId);
  checkAvailability(row satisfies DiscountDefinition, { now: hold.now, usage, market: hold.market });
  await tx.insert(discountUses).values({
    discountId: row.id,
    orderId: hold.orderId,
    email: hold.email.trim().toLowerCase(),
    code: hold.code,
    label: hold.label,
    amountMinor: hold.amountMinor,
    freeShipping: hold.freeShipping,
    currency: hold.currency,
    expiresAt: hold.expiresAt,
  });
}

/**
 * The order is paid: its use is counted, in the caller's (the payment's) transaction. Whatever
 * happened to the code since (deactivated, expired, its hold lapsed) the payment was made for the
 * amount shown, so it is honoured and counted. Answers the discount the order was given (as
 * orderDiscount reads it) from the same statement, for the payment's confirmation email;
 * `countedNow` is false when it was counted already (a row already counted keeps its time). Null:
 * the order had no code.
 */
export async function countOrderDiscount(tx: Tx, orderId: string) {
  const now = new Date();
  const [row] = await countedUse({ orderId, now: now.toISOString() }, tx);
  return row ? { ...row, countedNow: row.countedAt?.getTime() === now.getTime() } : null;
}

/** Every payment runs it (most find no use): prepared. */
const countedUse = preparedQuery("discount_use_counted", (d) => {
  const counted = sql`${discountUses.status} = 'counted'`;
  return d
    .update(discountUses)
    .set({
      status: "counted",
      countedAt: sql`case when ${counted} then ${discountUses.countedAt} else ${sql.placeholder("now")}::timestamptz end`,
      releasedAt: sql`case when ${counted} then ${discountUses.releasedAt} end`,
    })
    .where(eq(discountUses.orderId, sql.placeholder("orderId")))
    .returning({
      code: discountUses.code,
      label: discountUses.label,
      amountMinor: discountUses.amountMinor,
      freeShipping: discountUses.freeShipping,
      currency: discountUses.currency,
      countedAt: discountUses.countedAt,
    });
});

/** The checkout ended unpaid (cancelled, replaced, lapsed): its held use is given back. */
export async function releaseDiscountUses(tx: Tx, orderIds: string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await tx
    .update(discountUses)
    .set({ status: "released", releasedAt: new Date() })
    .where(and(inArray(discountUses.orderId, orderIds), eq(discountUses.status, "held")))
    .returning({ id: discountUses.id });
  return rows.length;
}

/** The discount an order was given (code, label, amount), or null: for its pages and emails. */
export async function orderDiscount(orderId: string, runner: Pick<Db, "select"> = db()) {
  const [row] = await runner
    .select({
      code: discountUses.code,
      label: discountUses.label,
      amountMinor: discountUses.amountMinor,
      freeShipping: discountUses.freeShipping,
      currency: discountUses.currency,
      status: discountUses.status,
    })
    .from(discountUses)
    .where(eq(discountUses.orderId, orderId));
  return row ?? null;
}

export { DiscountRefusedError };
