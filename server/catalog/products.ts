import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { db } from "../db/client";
import { productVariants, products, reviews } from "./schema";
import { availableStock } from "../inventory";
import type { ProductCard, ProductPage, RatingSummary, ReviewView } from "~/lib/product-view";
import { loadImages } from "../media/renditions";
import type { StoredImage } from "~/lib/images";
import { sanitizeRichText } from "../content/sanitize";
import { stripHtml, truncate } from "~/lib/text";
import { cachedCatalogRead } from "./cache";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/lib/stock";

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

async function toCards(rows: (typeof products.$inferSelect)[]): Promise<ProductCard[]> {
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

/** Other published products for 'You may also like'. */
export function listRelatedProducts(excludeId: string, limit = 3): Promise<ProductCard[]> {
  return cachedCatalogRead(`related:${excludeId}`, async () => {
    const rows = await db()
      .select()
      .from(products)
      .where(and(eq(products.status, "published"), ne(products.id, excludeId)))
      .orderBy(desc(products.createdAt))
      .limit(limit);
    return toCards(rows);
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
    const [images, ratings, stock, snippets] = await Promise.all([
      loadImages(variantRows.flatMap((v) => v.imageIds)),
      ratingSummaries([p.id]),
      availableStock(variantRows.map((v) => v.id)),
      db()
        .select({ author: reviews.author, rating: reviews.rating, title: reviews.title, body: reviews.body, createdAt: reviews.createdAt })
        .from(reviews)
        .where(and(eq(reviews.productId, p.id), eq(reviews.status, "published")))
        .orderBy(desc(reviews.helpfulCount), desc(reviews.createdAt))
        .limit(3),
    ]);
    const description = stripHtml(p.descriptionHtml);
    return {
      id: p.id,
      slug: p.slug,
      title: p.title,
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
      // One shop-wide default until the back office stores a threshold per product (issue 14).
      lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
      rating: ratings.get(p.id) ?? { average: 0, count: 0 },
      reviewSnippets: snippets.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      updatedAt: p.updatedAt.toISOString(),
    };
  });
}

/** Published reviews of a product, newest first (streamed below the fold). */
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
    }));
  });
}
