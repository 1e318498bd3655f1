import { eq, sql } from "drizzle-orm";
import { db, type Db } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { cartDiscountCodes } from "./schema";
import { findDiscountByCode } from "./codes";
import { notFound, type DiscountDefinition, type DiscountUsage } from "./rules";
import { discountUsage } from "./uses";
import { DISCOUNT_CODE_PATTERN, normalizeDiscountCode } from "@core/discount-form";

/**
 * The code a shopper typed, kept with their cart (one per cart: a new one replaces the old) and
 * looked up again each time the cart is priced, so a code changed meanwhile is judged as it is now.
 */

/** A code as the pricing needs it: the definition and how much of it is taken. */
export type ResolvedDiscount = { def: DiscountDefinition; usage: DiscountUsage };

/**
 * Looks a typed code up: DiscountRefusedError("not_found") when there is none. `email` is the
 * shopper's once known (checkout), for "one use per customer"; `exceptOrderId` is the checkout
 * being replaced, whose own hold does not count against it.
 */
export async function resolveDiscount(
  code: string,
  opts: { email?: string | null; exceptOrderId?: string | null } = {},
  runner: Pick<Db, "select"> = db(),
): Promise<ResolvedDiscount> {
  const normalized = normalizeDiscountCode(code);
  const def = DISCOUNT_CODE_PATTERN.test(normalized) ? await findDiscountByCode(normalized, runner) : null;
  if (!def) throw notFound(normalized.slice(0, 32));
  return { def, usage: await discountUsage(runner, def.id, opts.email ?? null, opts.exceptOrderId ?? undefined) };
}

const cartCode = preparedQuery("cart_discount_code", (d) =>
  d.select({ code: cartDiscountCodes.code }).from(cartDiscountCodes).where(eq(cartDiscountCodes.cartId, sql.placeholder("cartId"))),
);

export async function cartDiscountCode(cartId: string): Promise<string | null> {
  const [row] = await cartCode({ cartId });
  return row?.code ?? null;
}

/** Keeps `code` with the cart, replacing any other. The caller has checked that it applies. */
export async function setCartDiscountCode(cartId: string, code: string): Promise<void> {
  const value = { cartId, code: normalizeDiscountCode(code), updatedAt: new Date() };
  await db().insert(cartDiscountCodes).values(value).onConflictDoUpdate({ target: cartDiscountCodes.cartId, set: value });
}

export async function removeCartDiscountCode(cartId: string): Promise<void> {
  await db().delete(cartDiscountCodes).where(eq(cartDiscountCodes.cartId, cartId));
}
