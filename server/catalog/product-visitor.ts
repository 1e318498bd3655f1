import { sql } from "drizzle-orm";
import { executeRows } from "../db/client";
import { accessColumns, accessOf, currentVoter, votesColumn, votesOf, type AccessRow, type ReviewAccess, type VotePairs } from "../reviews";
import { guestSavedVariantOf, savedVariantColumn } from "../wishlist";

export type ProductVisitor = {
  /** The colour they saved to their wishlist, or null. */
  savedVariantId: string | null;
  /** Whether they may write a review (a guest is asked to sign in). */
  reviewAccess: ReviewAccess | { kind: "sign-in" };
  /** The reviews they found helpful, with their counts now. */
  votes: Map<string, number>;
};

/**
 * What one visitor has on a product page beyond the cached product: their saved colour, review
 * access and helpful votes. A signed-in customer's comes from one query (it is on every product page
 * they open; the parts are the wishlist's and the reviews' own subqueries); a guest's needs a query
 * only when they have voted.
 */
export async function productVisitor(request: Request, userId: string | null, product: { id: string; variants: { id: string }[] }): Promise<ProductVisitor> {
  const voter = await currentVoter(request, userId);
  if (!userId) {
    const [savedVariantId, votes] = await Promise.all([guestSavedVariantOf(request, product), votesOf(voter, product.id)]);
    return { savedVariantId, reviewAccess: { kind: "sign-in" }, votes };
  }
  const [row] = await executeRows<AccessRow & { votes: VotePairs; saved_variant_id: string | null }>(
    sql`select ${accessColumns(userId, product.id)}, ${voter ? votesColumn(voter, product.id) : sql`'[]'::json`} as votes, ${savedVariantColumn(userId, product.id)} as saved_variant_id`,
  );
  return { savedVariantId: row?.saved_variant_id ?? null, reviewAccess: accessOf(row), votes: new Map(row?.votes ?? []) };
}
