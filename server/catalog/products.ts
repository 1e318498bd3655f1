import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import { db } from "../db/client";
import { productVariants, products, type ProductRow } from "./schema";
import { reviews } from "../reviews/schema";
import { availableStock } from "../inventory";
import type { AccessoryOffer, HomeRows, ProductCard, ProductPage, RatingSummary, ReviewView } from "@core/product-view";
import { loadImages } from "@server/media";
import type { StoredImage } from "@core/images";
import { sanitizeRichText } from "@server/content";
import { stripHtml, truncate } from "@core/text";
import { cachedCatalogRead } from "@server/cache";
import type { ProductType } from "@core/collections";

/** The product `/product` shows (DESIGN.md section 8); its canonical page is `/products/r36s`. */
export const MAIN_PRODUCT_SLUG = "r36s";

async function ratingSummaries(productIds: string[]): Promise<Map<string, RatingSummary>> {
  if (productIds.length === 0) return new Map();
  const rows = await db()
    .select({
      productId: reviews.productId,
      average: sql<string>`avg(${reviews.rating})`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(inArray(reviews.productId, productIds), eq(reviews.status, "published")))
    .groupBy(reviews.productId);
  return new Map(
    rows.map((r) => [r.productId, { average: Math.round(Number(r.average) * 10) / 10, count: r.count }]),
  );
}

/** The first image of each product (its first colour's), for cards and the admin list. */
export async function firstImages(productIds: string[]): Promise<Map<string, StoredImage>> {
  if (productIds.length === 0) return new Map();
  const variants = await db()
    .select({ productId: productVariants.productId, imageIds: productVariants.imageIds })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.position));
  const firstByProduct = new Map<string, string>();
  for (const v of variants) {
    if (!firstByProduct.has(v.productId) && v.imageIds[0]) firstByProduct.set(v.productId, v.imageIds[0]);
  }
  const images = await loadImages([...firstByProduct.values()]);
  const out = new Map<string, StoredImage>();
  for (const [productId, imageId] of firstByProduct) {
    const image = images.get(imageId);
    if (image) out.set(productId, image);
  }
  return out;
}

/** Catalogue rows as cards: first image and rating summary each, in the rows' order. */
export async function toCards(rows: ProductRow[]): Promise<ProductCard[]> {
  const ids = rows.map((r) => r.id);
  const [images, ratings] = await Promise.all([firstImages(ids), ratingSummaries(ids)]);
  return rows.map((p) => ({
    id: p.id,
    slug: p.slug,
    title: p.title,
    summary: truncate(stripHtml(p.descriptionHtml), 100),
    priceCents: p.priceCents,
    compareAtCents: p.compareAtCents,
    image: images.get(p.id) ?? null,
    rating: ratings.get(p.id) ?? { average: 0, count: 0 },
  }));
}

/** Published products, newest first, as cards for the catalogue grid. */
export function listPublishedProducts(): Promise<ProductCard[]> {
  return cachedCatalogRead("list", async () => {
    const rows = await db()
      .select()
      .from(products)
      .where(eq(products.status, "published"))
      .orderBy(desc(products.createdAt));
    return toCards(rows);
  });
}

/**
 * Published products by slug as cards, in the order asked ("Recently viewed": the browser's own list).
 * A slug no published product has (unpublished or deleted since it was viewed) is left out. Picked
 * from the cached catalogue list: no query per request.
 */
export async function listPublishedCardsBySlug(slugs: string[]): Promise<ProductCard[]> {
  if (slugs.length === 0) return [];
  const bySlug = new Map((await listPublishedProducts()).map((p) => [p.slug, p]));
  return [...new Set(slugs)].flatMap((slug) => bySlug.get(slug) ?? []);
}

/** Other published products of the same type for 'You may also like' (accessories have "Goes well with" on consoles). */
export function listRelatedProducts(product: { id: string; type: ProductType }, limit = 3): Promise<ProductCard[]> {
  return cachedCatalogRead(`related:${product.id}`, async () => {
    const rows = await db()
      .select()
      .from(products)
      .where(and(eq(products.status, "published"), eq(products.type, product.type), ne(products.id, product.id)))
      .orderBy(desc(products.createdAt))
      .limit(limit);
    return toCards(rows);
  });
}

/** How many cards the home page's "New arrivals" row shows. */
const NEW_ARRIVALS = 4;

/** The home page's rows: featured products in the merchant's order, then the newest arrivals. */
export function listHomeRows(): Promise<HomeRows> {
  return cachedCatalogRead("home", async () => {
    const published = eq(products.status, "published");
    const [featured, newest] = await Promise.all([
      db().select().from(products).where(and(published, isNotNull(products.featuredPosition))).orderBy(asc(products.featuredPosition), asc(products.title)),
      db().select().from(products).where(published).orderBy(desc(products.createdAt), desc(products.id)).limit(NEW_ARRIVALS),
    ]);
    const [featuredCards, newCards] = await Promise.all([toCards(featured), toCards(newest)]);
    return { featured: featuredCards, newArrivals: newCards };
  });
}

/**
 * Published accessories with their variants and what can be bought of each, for "Goes well with"
 * on console pages and in the cart (a shopper adds one from there without opening its page).
 */
export function listAccessoryOffers(): Promise<AccessoryOffer[]> {
  return cachedCatalogRead("accessory-offers", async () => {
    const rows = await db()
      .select()
      .from(products)
      .where(and(eq(products.status, "published"), eq(products.type, "accessory")))
      .orderBy(desc(products.createdAt), desc(products.id));
    if (rows.length === 0) return [];
    const variants = await db()
      .select({ id: productVariants.id, productId: productVariants.productId, name: productVariants.name })
      .from(productVariants)
      .where(inArray(productVariants.productId, rows.map((r) => r.id)))
      .orderBy(asc(productVariants.position));
    const [cards, stock] = await Promise.all([toCards(rows), availableStock(variants.map((v) => v.id))]);
    return cards.map((card) => ({
      ...card,
      variants: variants.filter((v) => v.productId === card.id).map((v) => ({ id: v.id, name: v.name, available: stock.get(v.id) ?? 0 })),
    }));
  });
}

/** A published product with its variants and rating, or null when there is none by that slug. */
export function getPublishedProduct(slug: string): Promise<ProductPage | null> {
  return cachedCatalogRead(`product:${slug}`, async () => {
    const [p] = await db()
      .select()
      .from(products)
      .where(and(eq(products.slug, slug), eq(products.status, "published")))
      .limit(1);
    if (!p) return null;
    const variantRows = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, p.id))
      .orderBy(asc(productVariants.position));
    const [images, ratings, stock] = await Promise.all([
      loadImages(variantRows.flatMap((v) => v.imageIds)),
      ratingSummaries([p.id]),
      availableStock(variantRows.map((v) => v.id)),
    ]);
    const description = stripHtml(p.descriptionHtml);
    return {
      id: p.id,
      slug: p.slug,
      title: p.title,
      type: p.type,
      // Sanitised again on the way out (DESIGN.md section 6), once per cache fill rather than per request.
      descriptionHtml: sanitizeRichText(p.descriptionHtml),
      highlights: p.highlights ?? description,
      badge: p.badge,
      priceCents: p.priceCents,
      compareAtCents: p.compareAtCents,
      externalUrl: p.externalUrl,
      seoTitle: p.seoTitle,
      seoDescription: truncate(p.seoDescription ?? description, 160, ""),
      content: p.content,
      variants: variantRows.map((v) => ({
        id: v.id,
        name: v.name,
        hex: v.hex,
        images: v.imageIds.map((id) => images.get(id)).filter((i): i is StoredImage => !!i),
        available: stock.get(v.id) ?? 0,
      })),
      lowStockThreshold: p.lowStockThreshold,
      rating: ratings.get(p.id) ?? { average: 0, count: 0 },
      updatedAt: p.updatedAt.toISOString(),
    };
  });
}

/** Published (approved) reviews of a product, newest first (streamed below the fold); pending and hidden ones are never read here. */
export function listReviews(productId: string): Promise<ReviewView[]> {
  return cachedCatalogRead(`reviews:${productId}`, async () => {
    const rows = await db()
      .select()
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.status, "published")))
      .orderBy(desc(reviews.createdAt));
    const images = await loadImages(rows.flatMap((r) => r.images));
    return rows.map((r) => ({
      id: r.id,
      author: r.author,
      authorImage: r.authorImage,
      rating: r.rating,
      title: r.title,
      body: r.body,
      images: r.images.map((id) => images.get(id)).filter((i): i is StoredImage => !!i),
      helpfulCount: r.helpfulCount,
      createdAt: r.createdAt.toISOString(),
      verifiedBuyer: r.verifiedBuyer,
      reply: r.reply,
    }));
  }, { showsStock: false });
}
