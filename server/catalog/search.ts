import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { inBestTier, trigramCloseness, trigramMatch, underFirstThresholdFinding } from "../db/trigram";
import { products } from "./schema";
import { toCards } from "./products";
import type { ProductCard } from "@core/product-view";

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

/**
 * Thresholds tried in turn, closest first, for the suggestion: the same title as under 0.3 alone, for
 * much less work when something is closer. At 0.3 a three-word query is "near" a third of a
 * 10,000-product catalogue (3,750 candidates whose word similarity is computed, 63 ms on PostgreSQL,
 * 150 on PGlite, for "retro pocket arcade"), at 0.4 a twelfth.
 */
const SUGGESTION_THRESHOLDS = [0.5, 0.4, SUGGESTION_THRESHOLD];

/** The published product title closest to a query that found nothing, if any is reasonably close. */
export async function closestProductTitle(terms: string[]): Promise<string | null> {
  if (terms.length === 0) return null;
  const { near, closeness } = trigramCloseness(PRODUCT_SEARCH_DOC, terms);
  return underFirstThresholdFinding(SUGGESTION_THRESHOLDS, async (tx) => {
    // Closeness computed once per row, in the subquery (OFFSET keeps PostgreSQL from merging it into
    // the outer query, which would compute it again for the sort).
    const candidates = tx
      .select({ title: products.title, closeness: sql<number>`${closeness}`.as("closeness") })
      .from(products)
      .where(and(published, near))
      .offset(0)
      .as("candidates");
    const [row] = await tx.select({ title: candidates.title }).from(candidates).orderBy(desc(candidates.closeness), candidates.title).limit(1);
    return row?.title ?? null;
  });
}
