import { truncate } from "./text";

/** Reviews shown before 'Show all', and the length past which a review body is cut (spec section 9). */
export const REVIEWS_SHOWN_FIRST = 4;
export const REVIEW_EXCERPT_LENGTH = 150;

/** A review body cut for the collapsed card, and whether there is more to read. */
export function reviewExcerpt(body: string, max = REVIEW_EXCERPT_LENGTH): { text: string; truncated: boolean } {
  return body.length > max ? { text: truncate(body, max), truncated: true } : { text: body, truncated: false };
}

/** Moves through a ring of `count` items, wrapping past either end. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
