import crypto from "node:crypto";
import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { executeRows, transaction } from "../db/client";
import { reviews } from "./schema";
import { readSignedValue, signedCookie } from "../http/cookies";
import { NotFoundError } from "../errors";
import { reviewHelpfulVotes } from "./schema";

/**
 * "Was this helpful?": counted once per visitor. A signed-in customer votes as their account; anyone
 * else as a random id in a signed `visitor` cookie (set on their first vote; not one of the page
 * cache's neutral cookies, so from then on their pages are rendered for them and show their votes).
 * The vote's primary key (review, voter) refuses a second one, and the count moves in the same
 * transaction as the vote. A vote does not drop the page cache (any visitor could otherwise flush
 * it at will): the cached anonymous page shows counts as of the last catalogue change.
 */

class HelpfulReviewNotFoundError extends NotFoundError {
  constructor() {
    super("review");
  }
}

const VISITOR_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const visitorCookie = () => signedCookie("visitor", VISITOR_COOKIE_MAX_AGE);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A signed-in customer votes as "user:<id>"; `userId` may be a column of the enclosing query. */
export function userVoter(userId: string): string;
export function userVoter(userId: string | SQLWrapper): string | SQL;
export function userVoter(userId: string | SQLWrapper): string | SQL {
  return typeof userId === "string" ? `user:${userId}` : sql`'user:' || ${userId}`;
}

/** Who is voting, or null for a visitor who never voted (nothing to look up). */
export async function currentVoter(request: Request, userId: string | null): Promise<string | null> {
  if (userId) return userVoter(userId);
  const visitor = await readSignedValue(visitorCookie(), request);
  return visitor && UUID.test(visitor) ? `visitor:${visitor}` : null;
}

/** The voter, creating a visitor id (and the cookie that keeps it) for someone without one. */
async function voterFor(request: Request, userId: string | null): Promise<{ voter: string; setCookie?: string }> {
  const voter = await currentVoter(request, userId);
  if (voter) return { voter };
  const id = crypto.randomUUID();
  return { voter: `visitor:${id}`, setCookie: await visitorCookie().serialize(id) };
}

export type HelpfulResult = { helpfulCount: number; counted: boolean; setCookie?: string };

/** Records the visitor's vote for an approved review; a second vote by the same visitor is not counted. */
export async function markHelpful(request: Request, userId: string | null, reviewId: string): Promise<HelpfulResult> {
  if (!UUID.test(reviewId)) throw new HelpfulReviewNotFoundError();
  const { voter, setCookie } = await voterFor(request, userId);
  return transaction(async (tx) => {
    const [review] = await tx
      .select({ id: reviews.id, helpfulCount: reviews.helpfulCount })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.status, "published")));
    if (!review) throw new HelpfulReviewNotFoundError();
    const [vote] = await tx.insert(reviewHelpfulVotes).values({ reviewId, voter }).onConflictDoNothing().returning({ reviewId: reviewHelpfulVotes.reviewId });
    if (!vote) return { helpfulCount: review.helpfulCount, counted: false, setCookie };
    const [updated] = await tx
      .update(reviews)
      .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
      .where(eq(reviews.id, reviewId))
      .returning({ helpfulCount: reviews.helpfulCount });
    return { helpfulCount: updated.helpfulCount, counted: true, setCookie };
  });
}

/**
 * A scalar subquery: the reviews of a product this voter found helpful, as JSON `[id, count]` pairs
 * with their counts now (fresher than the cached list's).
 */
export function votesColumn(voter: string | SQLWrapper, productId: string | SQLWrapper): SQL {
  return sql`(select coalesce(json_agg(json_build_array(${reviews.id}, ${reviews.helpfulCount})), '[]'::json)
    from ${reviewHelpfulVotes} inner join ${reviews} on ${reviews.id} = ${reviewHelpfulVotes.reviewId}
    where ${reviewHelpfulVotes.voter} = ${voter} and ${reviews.productId} = ${productId})`;
}

export type VotePairs = [id: string, helpfulCount: number][];

/** The reviews of a product this voter found helpful, with their counts now. */
export async function votesOf(voter: string | null, productId: string): Promise<Map<string, number>> {
  if (!voter) return new Map();
  const [row] = await executeRows<{ votes: VotePairs }>(sql`select ${votesColumn(voter, productId)} as votes`);
  return new Map(row?.votes ?? []);
}
