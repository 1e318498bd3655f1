import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { db, transaction } from "../db/client";
import { productVariants, products } from "../catalog/schema";
import { availableStock } from "../inventory";
import { loadImages } from "@server/media";
import { DomainError } from "../errors";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "@core/stock";
import { MAX_CUSTOMER_ITEMS, MAX_GUEST_ITEMS, type WishlistItem } from "@core/wishlist";
import { guestWishlistCookie, readGuestWishlist } from "./guest";
import { wishlistItems } from "./schema";

/**
 * The wishlist (the spec's heart icon): a customer's in `wishlist_items`, a guest's in a signed
 * cookie (guest.ts), merged into the account on sign-in. One saved colour per product. Prices and
 * stock are read from the catalogue whenever the list is shown, never stored.
 */

export class WishlistError extends DomainError {
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}

/** What a change answers: for a guest, the cookie holding the new list. */
export type WishlistChange = { setCookie?: string };

type SavedVariant = { variantId: string; productId: string };

/** The published variants among these ids, with their product (unknown or unpublished ones dropped). */
async function publishedVariants(variantIds: string[]): Promise<Map<string, string>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db()
    .select({ variantId: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, variantIds), eq(products.status, "published")));
  return new Map(rows.map((r) => [r.variantId, r.productId]));
}

/** A guest's saved colours that still exist, oldest first. */
async function guestSaved(request: Request): Promise<SavedVariant[]> {
  const ids = await readGuestWishlist(request);
  const known = await publishedVariants(ids);
  return ids.flatMap((variantId) => (known.has(variantId) ? [{ variantId, productId: known.get(variantId)! }] : []));
}

/** A scalar subquery: the colour of the product a customer saved, or null (`userId` may be a column of the enclosing query). */
export function savedVariantColumn(userId: string | SQLWrapper, productId: string | SQLWrapper): SQL {
  return sql`(select ${wishlistItems.variantId} from ${wishlistItems} where ${wishlistItems.userId} = ${userId} and ${wishlistItems.productId} = ${productId})`;
}

/**
 * The colour of this product a guest saved (the cookie's ids checked against the product's own
 * variants); a guest without the cookie is never asked about, so the anonymous page the page cache
 * keeps shows nothing saved. A customer's is read with the product page's other personal state
 * (server/catalog/product-visitor.ts).
 */
export async function guestSavedVariantOf(request: Request, product: { variants: { id: string }[] }): Promise<string | null> {
  const saved = new Set(await readGuestWishlist(request));
  return product.variants.find((v) => saved.has(v.id))?.id ?? null;
}

/** Saves a colour (replacing another colour of the same product). Refuses an unknown product and a full list. */
export async function saveToWishlist(request: Request, userId: string | null, variantId: string): Promise<WishlistChange> {
  const productId = (await publishedVariants([variantId])).get(variantId);
  if (!productId) throw new WishlistError("This product is not available.", 404);
  if (userId) {
    await transaction(async (tx) => {
      await tx
        .insert(wishlistItems)
        .values({ userId, productId, variantId })
        .onConflictDoUpdate({ target: [wishlistItems.userId, wishlistItems.productId], set: { variantId } });
      const [{ n }] = await tx.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
      // Checked after the write so two tabs saving at once cannot both slip under the cap; the throw rolls back.
      if (n > MAX_CUSTOMER_ITEMS) throw new WishlistError(`Your wishlist is full (${MAX_CUSTOMER_ITEMS} items). Remove something to save this.`, 409);
    });
    return {};
  }
  const kept = (await guestSaved(request)).filter((s) => s.productId !== productId).map((s) => s.variantId);
  if (kept.length >= MAX_GUEST_ITEMS) {
    throw new WishlistError(`Your wishlist is full (${MAX_GUEST_ITEMS} items). Sign in to save more, or remove something.`, 409);
  }
  return { setCookie: await guestWishlistCookie([...kept, variantId]) };
}

/** Removes a product from the wishlist (whichever colour was saved). Removing what is not there is fine. */
export async function removeFromWishlist(request: Request, userId: string | null, productId: string): Promise<WishlistChange> {
  if (userId) {
    await db()
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    return {};
  }
  const kept = (await guestSaved(request)).filter((s) => s.productId !== productId).map((s) => s.variantId);
  return { setCookie: await guestWishlistCookie(kept) };
}

/** The saved items, newest first, with catalogue price, first image and what can be bought now. */
export async function readWishlist(request: Request, userId: string | null): Promise<WishlistItem[]> {
  const order = userId
    ? await db()
        .select({ variantId: wishlistItems.variantId })
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, userId))
        .orderBy(desc(wishlistItems.createdAt), asc(wishlistItems.id))
        .then((rows) => rows.map((r) => r.variantId))
    : (await readGuestWishlist(request)).reverse();
  if (order.length === 0) return [];
  const rows = await db()
    .select({
      id: products.id,
      variantId: productVariants.id,
      slug: products.slug,
      title: products.title,
      variantName: productVariants.name,
      hex: productVariants.hex,
      imageIds: productVariants.imageIds,
      priceCents: products.priceCents,
      compareAtCents: products.compareAtCents,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, order), eq(products.status, "published")));
  const [images, stock] = await Promise.all([loadImages(rows.flatMap((r) => r.imageIds.slice(0, 1))), availableStock(rows.map((r) => r.variantId))]);
  const byVariant = new Map(rows.map((r) => [r.variantId, r]));
  return order.flatMap((variantId) => {
    const r = byVariant.get(variantId);
    if (!r) return [];
    const { imageIds, ...rest } = r;
    return [
      {
        ...rest,
        image: (imageIds[0] && images.get(imageIds[0])) || null,
        available: stock.get(variantId) ?? 0,
        lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
      },
    ];
  });
}

/**
 * On sign-in: the guest's saved colours join the account's list (a product the customer had already
 * saved keeps the customer's colour), up to MAX_CUSTOMER_ITEMS, in one transaction. Returns the
 * Set-Cookie that forgets the guest cookie, or nothing when there was none.
 */
export async function mergeGuestWishlist(request: Request, userId: string): Promise<string[]> {
  const guest = await readGuestWishlist(request);
  if (guest.length === 0) return [];
  const saved = await guestSaved(request);
  await transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
    const room = Math.max(0, MAX_CUSTOMER_ITEMS - n);
    // Newest first, so a full list keeps what the guest saved last.
    for (const s of saved.reverse().slice(0, room)) {
      await tx.insert(wishlistItems).values({ userId, ...s }).onConflictDoNothing();
    }
  });
  return [await guestWishlistCookie([])];
}
