import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { oneOf, preparedQuery } from "../db/prepared";
import { availableStock, availableUnits, heldUnits } from "../inventory";
import { db, transaction, type Db, type Tx } from "../db/client";
import { cartLines, carts } from "./schema";
import { productVariants, products } from "../catalog/schema";
import { readSignedValue, signedCookie } from "../http/cookies";
import { loadImages } from "@server/media";
import type { StoredImage } from "@core/images";
import { orderCaps, orderLinesRefusal } from "./limits";
import { DomainError } from "../errors";

/**
 * The server cart (DESIGN.md section 7: persisted, merged on sign-in). A visitor's cart is named by
 * a signed cookie; a signed-in user's cart is the row with their user id. Prices are never stored
 * here: every view reads them from the catalogue.
 */

export type CartLine = {
  variantId: string;
  productId: string;
  slug: string;
  title: string;
  variantName: string;
  hex: string;
  image: StoredImage | null;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
  /** Units that can still be sold right now (stock minus active reservations). */
  available: number;
};

export type CartView = { id: string | null; lines: CartLine[]; count: number; subtotalCents: number };

/** An expected refusal with the message the shopper sees and the HTTP status it maps to. */
export class CartError extends DomainError {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

const CART_COOKIE_MAX_AGE = 60 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function cartCookie() {
  return signedCookie("cart", CART_COOKIE_MAX_AGE);
}

/** The visitor cart id the request's signed cookie names (not checked against the database). */
export async function visitorCartIdFromRequest(request: Request): Promise<string | null> {
  const value = await readSignedValue(cartCookie(), request);
  return value && UUID.test(value) ? value : null;
}

/** A Set-Cookie value that forgets the visitor cart (after it was merged into an account). */
export function clearVisitorCartCookie(): Promise<string> {
  return cartCookie().serialize("", { maxAge: 0 });
}

/** The query for the user's cart id (a row, or none yet). */
function userCart(userId: string | SQLWrapper, runner: Pick<Db, "select"> = db()) {
  return runner.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
}

async function userCartId(userId: string, runner: Pick<Db, "select"> = db()): Promise<string | null> {
  const [row] = await userCart(userId, runner);
  return row?.id ?? null;
}

/** Which cart a request is using: the user's when signed in, else the visitor cookie's (or none yet). */
export async function cartIdForRequest(request: Request, userId: string | null): Promise<string | null> {
  return userId ? userCartId(userId) : visitorCartIdFromRequest(request);
}

/** Items in the cart (the header badge). One small query; no query at all for a cookieless visitor. */
export async function getCartCount(request: Request, userId: string | null): Promise<number> {
  if (userId) return countWhere(inArray(cartLines.cartId, userCart(userId)));
  const cartId = await visitorCartIdFromRequest(request);
  return cartId ? countItems(cartId) : 0;
}

export function countItems(cartId: string): Promise<number> {
  return countWhere(eq(cartLines.cartId, cartId));
}

/** Units of published products in the cart the condition names. */
async function countWhere(cart: SQL): Promise<number> {
  const [row] = await unitsWhere(cart);
  return row?.count ?? 0;
}

function unitsWhere(cart: SQL) {
  return db()
    .select({ count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(cart, eq(products.status, "published")));
}

/**
 * getCartCount of a signed-in user as a scalar subquery, `userId` a column of the enclosing query:
 * the personal answer reads it in the statement that finds who is signed in.
 */
export function userCartCountColumn(userId: SQLWrapper): SQL<number> {
  return sql<number>`(${unitsWhere(inArray(cartLines.cartId, userCart(userId)))})`;
}

/** The current cart with catalogue prices, images and availability; an empty view when there is none. */
export async function getCartForRequest(request: Request, userId: string | null): Promise<CartView> {
  const cartId = await cartIdForRequest(request, userId);
  return cartId ? readCart(cartId) : { id: null, lines: [], count: 0, subtotalCents: 0 };
}

/** The cart's lines on sale, oldest first, with what every reader of a cart needs. */
const cartRows = preparedQuery("cart_rows", (d) =>
  d
    .select({
      variantId: cartLines.variantId,
      productId: cartLines.productId,
      quantity: cartLines.quantity,
      slug: products.slug,
      title: products.title,
      priceCents: products.priceCents,
      variantName: productVariants.name,
      hex: productVariants.hex,
      imageIds: productVariants.imageIds,
    })
    .from(cartLines)
    .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.cartId, sql.placeholder("cartId")), eq(products.status, "published")))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id)),
);

/**
 * The lines checkout places an order for, in one query: no images and no availability, which the
 * cart page shows but the order's transaction checks itself under the variants' locks.
 */
export async function cartLinesToBuy(cartId: string) {
  const rows = await cartRows({ cartId });
  return rows.map((r) => ({
    variantId: r.variantId,
    productId: r.productId,
    title: r.title,
    variantName: r.variantName,
    unitPriceCents: r.priceCents,
    quantity: r.quantity,
  }));
}

export async function readCart(cartId: string): Promise<CartView> {
  const rows = await cartRows({ cartId });
  const [images, stock] = await Promise.all([
    loadImages(rows.flatMap((r) => r.imageIds.slice(0, 1))),
    availableStock(rows.map((r) => r.variantId)),
  ]);
  const lines = rows.map((r) => ({
    variantId: r.variantId,
    productId: r.productId,
    slug: r.slug,
    title: r.title,
    variantName: r.variantName,
    hex: r.hex,
    image: (r.imageIds[0] && images.get(r.imageIds[0])) || null,
    unitPriceCents: r.priceCents,
    quantity: r.quantity,
    lineTotalCents: r.priceCents * r.quantity,
    available: stock.get(r.variantId) ?? 0,
  }));
  return {
    id: cartId,
    lines,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    subtotalCents: lines.reduce((n, l) => n + l.lineTotalCents, 0),
  };
}

/**
 * The cart a mutation writes to, created on first use. For a visitor the answer carries the
 * Set-Cookie header naming it (re-sent on every write so the cookie's lifetime rolls).
 */
export async function openCartForRequest(
  request: Request,
  userId: string | null,
): Promise<{ cartId: string; setCookie?: string }> {
  if (userId) {
    await db().insert(carts).values({ userId }).onConflictDoNothing();
    return { cartId: (await userCartId(userId))! };
  }
  const named = await visitorCartIdFromRequest(request);
  let cartId: string | undefined;
  if (named) {
    const [row] = await db()
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, named), sql`${carts.userId} is null`));
    cartId = row?.id;
  }
  if (!cartId) cartId = await createDetachedCart();
  return { cartId, setCookie: await cartCookie().serialize(cartId) };
}

function stockMessage(available: number, inCart = 0): string {
  if (available <= 0) return "This colour is out of stock";
  const already = inCart > 0 ? ` (${inCart} already in your cart)` : "";
  return `Only ${available} left in stock${already}`;
}

const touchCart = preparedQuery("cart_touch", (d) =>
  d
    .update(carts)
    // A placeholder in a SET goes through sql (drizzle types only values there): the time as text, cast.
    .set({ updatedAt: sql`${sql.placeholder("now")}::timestamptz` })
    .where(eq(carts.id, sql.placeholder("cartId"))),
);

async function touch(cartId: string, runner: Db | Tx = db()) {
  await touchCart({ cartId, now: new Date().toISOString() }, runner);
}

/**
 * The colour as a cart change needs it, in one query: its product, whether that is on sale, its
 * price, the units that can still be sold, how many this cart holds already, and the cart's other
 * lines on sale (quantity and price: what the order caps weigh, orderLinesRefusal).
 */
const colourQuery = preparedQuery("cart_colour", (d) => {
  const [cartId, variantId] = [sql.placeholder("cartId"), sql.placeholder("variantId")];
  const held = heldUnits(d, [variantId]);
  // Aliased (ol, op) apart from the query's own cart line and product.
  const otherLines = sql<{ quantity: number; unitPriceCents: number }[]>`(
    select coalesce(json_agg(json_build_object('quantity', ol.quantity, 'unitPriceCents', op.price_cents)), '[]'::json)
    from cart_lines ol join products op on op.id = ol.product_id
    where ol.cart_id = ${cartId} and ol.variant_id <> ${variantId} and op.status = 'published')`;
  return d
    .select({
      productId: productVariants.productId,
      status: products.status,
      priceCents: products.priceCents,
      available: availableUnits(held),
      inCart: sql<number>`coalesce(${cartLines.quantity}, 0)::int`,
      otherLines,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(held, eq(held.variantId, productVariants.id))
    .leftJoin(cartLines, and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, productVariants.id)))
    .where(eq(productVariants.id, variantId));
});

async function colourForCart(tx: Tx, cartId: string, variantId: string) {
  const [row] = await colourQuery({ cartId, variantId }, tx);
  return row ?? null;
}

/**
 * Refuses a change that would make the cart an order checkout must refuse (per-colour and per-order
 * unit caps, maximum total): the cart's other lines plus this colour at `quantity` units.
 */
function assertOrderAllowed(colour: { otherLines: { quantity: number; unitPriceCents: number }[]; priceCents: number }, quantity: number) {
  const refusal = orderLinesRefusal([...colour.otherLines, { quantity, unitPriceCents: colour.priceCents }]);
  if (refusal) throw new CartError(refusal, 409);
}

/**
 * Opens a transaction holding the cart's row lock: changes to one cart (a double click, two tabs)
 * queue here, so each checks stock against the quantity the previous one wrote.
 */
function withLockedCart<T>(cartId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return transaction(async (tx) => {
    // The touch takes the row lock: one statement for both (a refused change rolls it back).
    await touch(cartId, tx);
    return work(tx);
  });
}

/** Adds units of a colour; the same colour again raises its line's quantity. Refuses beyond stock. */
export async function addToCart(cartId: string, variantId: string, quantity: number): Promise<void> {
  await withLockedCart(cartId, async (tx) => {
    const colour = await colourForCart(tx, cartId, variantId);
    if (!colour || colour.status !== "published") throw new CartError("This product is not available.", 404);
    const { available, inCart } = colour;
    if (inCart + quantity > available) throw new CartError(stockMessage(available, inCart), 409);
    assertOrderAllowed(colour, inCart + quantity);
    await addLine({ cartId, productId: colour.productId, variantId, quantity }, tx);
  });
}

const addLine = preparedQuery("cart_add_line", (d) =>
  d
    .insert(cartLines)
    .values({ cartId: sql.placeholder("cartId"), productId: sql.placeholder("productId"), variantId: sql.placeholder("variantId"), quantity: sql.placeholder("quantity") })
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.variantId],
      set: { quantity: sql`${cartLines.quantity} + excluded.quantity` },
    }),
);

/**
 * Sets a line's quantity. Below 1 is ignored (the spec's rule); raising it beyond what is available
 * is refused, lowering it is always allowed.
 */
export async function setLineQuantity(cartId: string, variantId: string, quantity: number): Promise<void> {
  if (quantity < 1) return;
  await withLockedCart(cartId, async (tx) => {
    const colour = await colourForCart(tx, cartId, variantId);
    if (!colour || colour.inCart === 0) throw new CartError("This item is no longer in your cart.", 404);
    if (quantity > colour.inCart) {
      if (quantity > colour.available) throw new CartError(stockMessage(colour.available), 409);
      assertOrderAllowed(colour, quantity);
    }
    await tx
      .update(cartLines)
      .set({ quantity })
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
  });
}

/** Removes the line of this colour (a colour is one product's variant). */
export async function removeLine(cartId: string, variantId: string): Promise<void> {
  await db().delete(cartLines).where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
  await touch(cartId);
}

/** A line as the cart held it: what "Clear cart" removed and its Undo puts back. */
export type HeldLine = { variantId: string; quantity: number };

/** Empties a cart; returns the lines it held, so the shopper can undo. */
export async function clearCart(cartId: string): Promise<HeldLine[]> {
  const removed = await db()
    .delete(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .returning({ variantId: cartLines.variantId, quantity: cartLines.quantity, createdAt: cartLines.createdAt });
  await touch(cartId);
  // In the cart's own order (oldest first), which DELETE ... RETURNING does not promise.
  return removed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(({ variantId, quantity }) => ({ variantId, quantity }));
}

/**
 * Undo of "Clear cart": puts the lines back, each colour at the quantity it had (added to anything
 * put in the cart since). Colours no longer sold are skipped; stock is checked at checkout, as for
 * a cart merged on sign-in.
 */
export async function restoreLines(cartId: string, held: HeldLine[]): Promise<void> {
  const lines = mergeHeldLines(held);
  if (lines.length === 0) return;
  const known = await db()
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, lines.map((l) => l.variantId)), eq(products.status, "published")));
  const productOf = new Map(known.map((v) => [v.id, v.productId]));
  // A millisecond apart, so the lines come back in the order they had (the cart lists oldest first).
  const start = Date.now();
  const values = lines.flatMap((l, i) => {
    const productId = productOf.get(l.variantId);
    return productId ? [{ cartId, productId, variantId: l.variantId, quantity: l.quantity, createdAt: new Date(start + i) }] : [];
  });
  if (values.length === 0) return;
  await db()
    .insert(cartLines)
    .values(values)
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.variantId],
      set: { quantity: sql`LEAST(${cartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})` },
    });
  await touch(cartId);
}

/** The most of one colour a line holds (the cart form's own limit). */
export const MAX_LINE_QUANTITY = 999;

/**
 * One line per colour, in first-seen order, quantities added and capped: a posted Undo may repeat a
 * colour, and one INSERT ... ON CONFLICT cannot touch the same row twice.
 */
export function mergeHeldLines(lines: HeldLine[]): HeldLine[] {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.variantId, Math.min(MAX_LINE_QUANTITY, (merged.get(l.variantId) ?? 0) + l.quantity));
  return [...merged].map(([variantId, quantity]) => ({ variantId, quantity }));
}

/** Empties the request's cart, if it has one (the payment return page does this). */
export async function clearCartForRequest(request: Request, userId: string | null): Promise<void> {
  const cartId = await cartIdForRequest(request, userId);
  if (cartId) await clearCart(cartId);
}

/**
 * A paid order's colours leave the cart it was bought from, in the payment's transaction (however
 * late the payment): whatever was added since stays.
 */
export async function removePurchasedLines(tx: Tx, cartId: string, variantIds: string[]): Promise<void> {
  if (variantIds.length === 0) return;
  await purchasedLinesRemoved({ cartId, variantIds }, tx);
}

const purchasedLinesRemoved = preparedQuery("cart_purchased_lines_removed", (d) =>
  d.delete(cartLines).where(and(eq(cartLines.cartId, sql.placeholder("cartId")), oneOf(cartLines.variantId, sql.placeholder("variantIds")))),
);

/** Deletes a cart that belongs to no user (a Buy Now cart that is done with). */
export async function deleteVisitorCart(cartId: string): Promise<void> {
  await db().delete(carts).where(and(eq(carts.id, cartId), sql`${carts.userId} is null`));
}

/** A new cart belonging to nobody (Buy Now's single line, kept apart from the shopper's cart). */
export async function createDetachedCart(): Promise<string> {
  const [row] = await newCart({});
  return row.id;
}

const newCart = preparedQuery("cart_new", (d) => d.insert(carts).values({}).returning({ id: carts.id }));

/**
 * On sign-in: moves a visitor cart's lines into the user's cart (created when missing). Quantities of
 * the same colour add up, capped at what is available and at the per-colour cap (at least 1, so a
 * sold-out line stays visible and checkout explains it). The visitor cart is deleted; clear its cookie with clearVisitorCartCookie().
 * Returns the user's cart id.
 */
export async function mergeVisitorCartIntoUser(visitorCartId: string, userId: string): Promise<string> {
  return db().transaction(async (tx) => {
    await tx.insert(carts).values({ userId }).onConflictDoNothing();
    const userCart = (await userCartId(userId, tx))!;
    if (userCart === visitorCartId) return userCart;
    const visitorLines = await tx
      .select({ variantId: cartLines.variantId, productId: cartLines.productId, quantity: cartLines.quantity })
      .from(cartLines)
      .innerJoin(carts, eq(carts.id, cartLines.cartId))
      .where(and(eq(cartLines.cartId, visitorCartId), sql`${carts.userId} is null`));
    if (visitorLines.length > 0) {
      const userLines = await tx
        .select({ variantId: cartLines.variantId, quantity: cartLines.quantity })
        .from(cartLines)
        .where(eq(cartLines.cartId, userCart));
      const owned = new Map(userLines.map((l) => [l.variantId, l.quantity]));
      const { perColour } = orderCaps();
      const stock = await availableStock(
        visitorLines.map((l) => l.variantId),
        tx,
      );
      for (const line of visitorLines) {
        const wanted = Math.min(line.quantity + (owned.get(line.variantId) ?? 0), perColour);
        const quantity = Math.max(1, Math.min(wanted, stock.get(line.variantId) ?? 0));
        await tx
          .insert(cartLines)
          .values({ cartId: userCart, productId: line.productId, variantId: line.variantId, quantity })
          .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.variantId], set: { quantity } });
      }
    }
    await tx.delete(carts).where(and(eq(carts.id, visitorCartId), sql`${carts.userId} is null`));
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, userCart));
    return userCart;
  });
}
