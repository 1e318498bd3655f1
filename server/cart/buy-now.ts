import { and, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { carts } from "./schema";
import { readSignedValue, signedCookie } from "../http/cookies";
import { BUY_NOW_CHECKOUT } from "@core/checkout-form";
import { addToCart, createDetachedCart, deleteVisitorCart } from "./cart";

/**
 * Buy Now checks out exactly one product, colour and quantity, and leaves the shopper's cart as it
 * was: the line goes into a cart of its own, named by a short-lived signed cookie, and checkout is
 * opened on that cart (`/checkout?buy=now`).
 */

const BUY_NOW_MAX_AGE = 2 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function buyNowCookie() {
  return signedCookie("buy-now", BUY_NOW_MAX_AGE);
}

/** Whether a checkout request is a Buy Now's (BUY_NOW_CHECKOUT). */
export function isBuyNowCheckout(request: Request): boolean {
  // The checkout's summary asks the same page with ?country=…&method=… too.
  const url = new URL(request.url);
  return url.pathname === new URL(BUY_NOW_CHECKOUT, url).pathname && url.searchParams.get("buy") === "now";
}

/** The Buy Now cart the request's cookie names, if it still exists. */
export async function buyNowCartIdFromRequest(request: Request): Promise<string | null> {
  const value = await readSignedValue(buyNowCookie(), request);
  if (!value || !UUID.test(value)) return null;
  const [row] = await db()
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, value), sql`${carts.userId} is null`));
  return row?.id ?? null;
}

/**
 * Starts a Buy Now: replaces any earlier Buy Now cart with a new one holding this line. Refusals
 * (sold out, not enough left) throw CartError and keep nothing. Returns the Set-Cookie value.
 */
export async function startBuyNow(request: Request, variantId: string, quantity: number): Promise<string> {
  const previous = await buyNowCartIdFromRequest(request);
  if (previous) await deleteVisitorCart(previous);
  const cartId = await createDetachedCart();
  try {
    await addToCart(cartId, variantId, quantity);
  } catch (err) {
    await deleteVisitorCart(cartId);
    throw err;
  }
  return buyNowCookie().serialize(cartId);
}

/** After a Buy Now was paid: its cart is deleted and its cookie forgotten (Set-Cookie value). */
export async function finishBuyNow(request: Request): Promise<string> {
  const cartId = await buyNowCartIdFromRequest(request);
  if (cartId) await deleteVisitorCart(cartId);
  return buyNowCookie().serialize("", { maxAge: 0 });
}
