import { truncate } from "./text";

/** Reviews shown before 'Show all', and the length past which a review body is cut (spec section 9). */
export const REVIEWS_SHOWN_FIRST = 4;
export const REVIEW_EXCERPT_LENGTH = 150;

/** A review body cut for the collapsed card, and whether there is more to read. */
export function reviewExcerpt(body: string, max = REVIEW_EXCERPT_LENGTH): { text: string; truncated: boolean } {
  return body.length > max ? { text: truncate(body, max), truncated: true } : { text: body, truncated: false };
}

/** How many reviews the product's structured data carries. */
export const REVIEWS_IN_STRUCTURED_DATA = 3;

/**
 * The most helpful reviews (the newest first among equals) for the Product JSON-LD, picked from the
 * reviews the page already has (newest first) rather than sent a second time in its loader data.
 */
export function mostHelpful<R extends { helpfulCount: number; createdAt: string }>(reviews: readonly R[], count = REVIEWS_IN_STRUCTURED_DATA): R[] {
  return [...reviews].sort((a, b) => b.helpfulCount - a.helpfulCount || b.createdAt.localeCompare(a.createdAt)).slice(0, count);
}

/** Moves through a ring of `count` items, wrapping past either end. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** Where a review stands: a buyer's starts pending; published is shown and counted (Approved in the back office). */
export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { pending: "Pending", published: "Approved", hidden: "Hidden" };

/** Limits of the review form (server and browser share them). */
export const REVIEW_LIMITS = { titleMin: 3, titleMax: 100, bodyMin: 10, bodyMax: 2000, photos: 3, replyMax: 1000 } as const;

export type RatingBreakdown = { average: number; counts: Record<1 | 2 | 3 | 4 | 5, number> };

/** Average (one decimal) and how many reviews gave each number of stars. */
export function ratingBreakdown(reviews: readonly { rating: number }[]): RatingBreakdown {
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let sum = 0;
  for (const r of reviews) {
    const stars = Math.min(5, Math.max(1, Math.round(r.rating))) as 1 | 2 | 3 | 4 | 5;
    counts[stars]++;
    sum += r.rating;
  }
  return { average: reviews.length ? Math.round((sum / reviews.length) * 10) / 10 : 0, counts };
}

/** The query a no-JavaScript helpful vote comes back with, naming the review voted for. */
export const HELPFUL_PARAM = "helpful";
