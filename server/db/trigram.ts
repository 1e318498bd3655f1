import { and, or, sql, type SQL } from "drizzle-orm";
import { db, type Db } from "./client";

/**
 * Typo-tolerant matching of search terms (core/search.ts searchTerms) against a lower-case text
 * expression with pg_trgm (migration 0013 indexes each searched expression with gin_trgm_ops, which
 * serves both LIKE and the word-similarity operator <%).
 *
 * Two tiers, as shoppers expect: when some rows hold every term as written ("r36" in "R36S" and
 * "R36PRO"), only those are results; only when none do are near misses accepted ("consle" finds
 * "console": a word whose word similarity is at least FUZZY_THRESHOLD). In both tiers the terms run together
 * also match ("r36 pro" finds "R36PRO"). A term is matched as written: LIKE's % _ and \ in it are
 * escaped (the shop's terms are [a-z0-9]; the back office's order search keeps "ada@exa" whole).
 */
export type TrigramMatch = { exact: SQL; fuzzy: SQL; score: SQL };

/** A LIKE pattern's text taken literally (backslash is LIKE's default escape). */
const likeEscaped = (t: string) => t.replace(/[\\%_]/g, "\\$&");

export function trigramMatch(doc: SQL, terms: string[]): TrigramMatch {
  if (terms.length === 0) return { exact: sql`false`, fuzzy: sql`false`, score: sql`0` };
  const joined = terms.join("");
  const contains = (t: string) => sql`${doc} like ${`%${likeEscaped(t)}%`}`;
  // `doc %> t` is `t <% doc` (word similarity of t within doc) spelled as the index serves it: written
  // the other way round, PostgreSQL keeps the OR both as the bitmap scan's recheck and as a filter,
  // and computes every candidate's word similarity twice.
  const near = (t: string) => sql`(${contains(t)} or ${doc} %> ${t}::text)`;
  // The terms run together match as written only: as a near miss a long joined word matches too much
  // ("handheldconsle" is within 0.5 of every "handheld").
  const withJoined = (each: (t: string) => SQL) => or(and(...terms.map(each)), terms.length > 1 ? contains(joined) : undefined)!;
  // Word similarity orders the results: r36s before r36pro for "r36s"; a title starting with the query first.
  const termScore = (t: string) => sql`word_similarity(${t}::text, ${doc})`;
  const perTerm = sql.join(terms.map(termScore), sql` + `);
  const score = sql`greatest((${perTerm}) / ${terms.length}, ${termScore(joined)}) + case when ${doc} like ${`${likeEscaped(terms[0])}%`} then 0.5 else 0 end`;
  return { exact: withJoined(contains), fuzzy: withJoined(near), score };
}

/**
 * pg_trgm's default word-similarity threshold (0.6) misses a one-letter slip in a short word
 * ("consle" is 0.57 from "console"); near misses are only searched when nothing matched exactly.
 */
const FUZZY_THRESHOLD = 0.5;

/** What a tier's work runs its queries on: a CTE (`$with`/`with`) is allowed, another query is not. */
export type TierRunner = Pick<Db, "select" | "$with" | "with">;

/**
 * Runs `select` in the exact tier when anything matches as written (`count`), else in the fuzzy
 * tier with the lower threshold, set for its own transaction only. `select` must use `runner` and
 * nothing else (PGlite has one connection: another query inside the transaction would wait forever).
 */
export async function inBestTier<T>(match: TrigramMatch, count: (where: SQL) => Promise<number>, select: (runner: TierRunner, where: SQL) => Promise<T>): Promise<T> {
  if ((await count(match.exact)) > 0) return select(db(), match.exact);
  return withWordSimilarityThreshold(FUZZY_THRESHOLD, (tx) => select(tx, match.fuzzy));
}

/** Runs `work` in the fuzzy tier: `match.fuzzy` accepts near misses as inBestTier does. */
export function inFuzzyTier<T>(work: (tx: TierRunner) => Promise<T>): Promise<T> {
  return withWordSimilarityThreshold(FUZZY_THRESHOLD, work);
}

/** Runs `work` in a transaction whose `<%` operator accepts words at least `threshold` similar (index-served). */
export function withWordSimilarityThreshold<T>(threshold: number, work: (tx: TierRunner) => Promise<T>): Promise<T> {
  return db().transaction(async (tx) => {
    await prepareForWordSimilarity(tx, threshold);
    return work(tx);
  });
}

/**
 * Runs `work` under each threshold in turn, highest first, in one transaction, until it finds
 * something. For "the closest row" the answer is the same as under the lowest threshold alone (the
 * first threshold that admits any row admits the closest and every row as close), and a higher
 * threshold leaves the index far fewer candidates to compute word similarity for.
 */
export function underFirstThresholdFinding<T>(thresholds: number[], work: (tx: TierRunner) => Promise<T | null>): Promise<T | null> {
  return db().transaction(async (tx) => {
    for (const [i, threshold] of thresholds.entries()) {
      if (i === 0) await prepareForWordSimilarity(tx, threshold);
      else await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
      const found = await work(tx);
      if (found !== null) return found;
    }
    return null;
  });
}

/**
 * The threshold and two planner settings for this transaction only, in one round trip.
 * - enable_seqscan off: the planner cannot estimate how many rows `<%` keeps and on a large catalogue
 *   picks a sequential scan that computes word similarity for every row (0.4 s at 10,000 products);
 *   the trigram index answers in milliseconds.
 * - cpu_operator_cost 0.25: word similarity costs about as much as reading a row (10-40 µs), not the
 *   0.0025 the planner assumes for an operator. At that price it saw no gain in intersecting each
 *   word's index scan (BitmapAnd) and rechecked every row near one word: "handheld consle" rechecked
 *   all 1,430 consoles, 33 ms on PostgreSQL, 40 on PGlite, instead of the 2 near both words (1-6 ms).
 */
function prepareForWordSimilarity(tx: Pick<Db, "execute">, threshold: number) {
  return tx.execute(
    sql`select set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true), set_config('enable_seqscan', 'off', true), set_config('cpu_operator_cost', '0.25', true)`,
  );
}

/** The whole query against the text: `<%` for the WHERE (under a threshold, spelled `doc %> query` as the index serves it), word similarity for the order. */
export function trigramCloseness(doc: SQL, terms: string[]): { near: SQL; closeness: SQL } {
  const query = terms.join(" ");
  return { near: sql`${doc} %> ${query}::text`, closeness: sql`word_similarity(${query}::text, ${doc})` };
}
