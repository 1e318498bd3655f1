import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { db } from "../db/client";
import { inFuzzyTier, trigramCloseness, trigramMatch, underFirstThresholdFinding, type TierRunner } from "../db/trigram";
import { productColumns, products } from "./schema";
import { toCards } from "./products";
import type { ProductCard } from "@core/product-view";
import { searchAlternatives } from "@core/search";

/** What a product is found by (its generated column, trigram-indexed by migration 0013). */
const PRODUCT_SEARCH_DOC = sql`${products.searchText}`;

const published = eq(products.status, "published");

/**
 * The terms as a full-text query against the weighted, stemmed document (migration 0030): every
 * group of searchAlternatives required, any of its phrases enough ("gameboy" is 'game' <-> 'boy' |
 * 'gameboy'). Each phrase is a bound parameter parsed by phraseto_tsquery, never SQL text or tsquery
 * syntax; a phrase of stop words only is an empty query, which && ignores.
 */
function fullTextMatch(terms: string[]): { matches: SQL; rank: SQL } {
  const phrases = (names: string[]) => sql.join(names.map((name) => sql`phraseto_tsquery('english', ${name}::text)`), sql` || `);
  const query = sql.join(searchAlternatives(terms).map((names) => sql`(${phrases(names)})`), sql` && `);
  return { matches: sql`${products.searchDocument} @@ (${query})`, rank: sql`ts_rank(${products.searchDocument}, ${query})` };
}

/** Above any trigram score (word similarity, at most 1, plus 0.5 for a title starting with the query). */
const FULL_TEXT_FIRST = 2;

/**
 * Published products matching the terms, best match first, one page of them and how many there are.
 * Full-text matches (title, systems, specifications, description; stemmed, with synonyms) come first
 * by weight, then what holds every term as written in its title or slug ("r36" in "R36S"); only when
 * neither finds anything does the typo tier (trigram near misses) answer.
 */
export async function searchProducts(terms: string[], page: { limit: number; offset: number }): Promise<{ items: ProductCard[]; total: number }> {
  if (terms.length === 0) return { items: [], total: 0 };
  const trigram = trigramMatch(PRODUCT_SEARCH_DOC, terms);
  const fullText = fullTextMatch(terms);
  // One sort key, so that word similarity (tens of µs a row) is computed only for rows the full text
  // did not match: as a second key it was computed for every match, 480 ms for "gameboy"'s 5,000 at
  // 10,000 products on PostgreSQL, 7 ms without.
  const relevance = sql`case when ${fullText.matches} then ${sql.raw(String(FULL_TEXT_FIRST))} + ${fullText.rank} else ${trigram.score} end`;
  const pageWhere = (runner: TierRunner, where: SQL) => {
    // The page is chosen on narrow rows (id, sort key, title) and only its own rows are read whole:
    // sorting thousands of whole rows under count(*) over () spilled to disk ("consoles" at 10,000).
    const onePage = runner
      .select({ id: products.id, relevance: sql<number>`${relevance}`.as("relevance"), title: products.title, total: sql<number>`count(*) over ()::int`.as("total") })
      .from(products)
      .where(and(published, where))
      .orderBy(desc(relevance), products.title)
      .limit(page.limit)
      .offset(page.offset)
      .as("page");
    return runner
      .select({ product: productColumns, total: onePage.total })
      .from(onePage)
      .innerJoin(products, eq(products.id, onePage.id))
      .orderBy(desc(onePage.relevance), onePage.title);
  };
  // The page first, not a count first as inBestTier does: a page that holds anything carries the
  // total (count(*) over ()), so the thousands of rows "consoles" matches are not read twice. An
  // empty page past the first is past the end when the query matched anything (as before: no near
  // misses on page 3); otherwise the typo tier answers.
  const matched = or(fullText.matches, trigram.exact)!;
  const matchedAny = async () => (await db().select({ id: products.id }).from(products).where(and(published, matched)).limit(1)).length > 0;
  let rows = await pageWhere(db(), matched);
  if (rows.length === 0 && (page.offset === 0 || !(await matchedAny()))) rows = await inFuzzyTier((tx) => pageWhere(tx, trigram.fuzzy));
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
