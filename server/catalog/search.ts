import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { inBestTier, trigramCloseness, trigramMatch, withWordSimilarityThreshold } from "../db/trigram";
import { products } from "./schema";
import { toCards } from "./products";
import type { ProductCard } from "~/lib/product-view";

/** What a product is found by (its generated column, trigram-indexed by migration 0013). */
const PRODUCT_SEARCH_DOC = sql`${products.searchText}`;

const published = eq(products.status, "published");

/** Published products matching the terms, best match first, one page of them and how many there are. */
export async function searchProducts(terms: string[], page: { limit: number; offset: number }): Promise<{ items: ProductCard[]; total: number }> {
  if (terms.length === 0) return { items: [], total: 0 };
  const match = trigramMatch(PRODUCT_SEARCH_DOC, terms);
  const rows = await inBestTier(
    match,
    async (where) => (await db().select({ n: sql<number>`count(*)::int` }).from(products).where(and(published, where)))[0].n,
    (runner, where) =>
      runner
        .select({ product: products, total: sql<number>`count(*) over ()::int` })
        .from(products)
        .where(and(published, where))
        .orderBy(desc(match.score), products.title)
        .limit(page.limit)
        .offset(page.offset),
  );
  return { items: await toCards(rows.map((r) => r.product)), total: rows[0]?.total ?? 0 };
}

/** Least word similarity for a "Did you mean" suggestion. */
const SUGGESTION_THRESHOLD = 0.3;

/** The published product title closest to a query that found nothing, if any is reasonably close. */
export async function closestProductTitle(terms: string[]): Promise<string | null> {
  if (terms.length === 0) return null;
  const { near, closeness } = trigramCloseness(PRODUCT_SEARCH_DOC, terms);
  const [row] = await withWordSimilarityThreshold(SUGGESTION_THRESHOLD, (tx) =>
    tx.select({ title: products.title }).from(products).where(and(published, near)).orderBy(desc(closeness), products.title).limit(1),
  );
  return row?.title ?? null;
}
