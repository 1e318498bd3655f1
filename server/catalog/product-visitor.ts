import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { executeRows } from "../db/client";
import { accessColumns, accessOf, currentVoter, userVoter, votesColumn, votesOf, type AccessRow, type ReviewAccess, type VotePairs } from "../reviews";
import { guestSavedVariantOf, savedVariantColumn } from "../wishlist";

export type ProductVisitor = {
  /** The colour they saved to their wishlist, or null. */
  savedVariantId: string | null;
  /** Whether they may write a review (a guest is asked to sign in). */
  reviewAccess: ReviewAccess | { kind: "sign-in" };
  /** The reviews they found helpful, with their counts now. */
  votes: Map<string, number>;
};

/** What customerOnProductColumns read. */
export type CustomerOnProductRow = AccessRow & { votes: VotePairs; saved_variant_id: string | null };

/**
 * Select-list columns of a signed-in customer's part of a product page (the wishlist's and the
 * reviews' own subqueries); `userId` may be a column of the enclosing query, so the personal answer
 * reads them in the statement that finds who is signed in. customerOnProduct() reads the row.
 */
export function customerOnProductColumns(userId: string | SQLWrapper, productId: string | SQLWrapper): SQL {
  return sql`${accessColumns(userId, productId)}, ${votesColumn(userVoter(userId), productId)} as votes, ${savedVariantColumn(userId, productId)} as saved_variant_id`;
}

export function customerOnProduct(row: CustomerOnProductRow | undefined): ProductVisitor {
  return { savedVariantId: row?.saved_variant_id ?? null, reviewAccess: accessOf(row), votes: new Map(row?.votes ?? []) };
}

/**
 * What one visitor has on a product page beyond the cached product: their saved colour, review
 * access and helpful votes. A signed-in customer's comes from one query (it is on every product page
 * they open); a guest's needs a query only when they have voted.
 */
export async function productVisitor(request: Request, userId: string | null, product: { id: string; variants: { id: string }[] }): Promise<ProductVisitor> {
  if (!userId) {
    const voter = await currentVoter(request, null);
    const [savedVariantId, votes] = await Promise.all([guestSavedVariantOf(request, product), votesOf(voter, product.id)]);
    return { savedVariantId, reviewAccess: { kind: "sign-in" }, votes };
  }
  const [row] = await executeRows<CustomerOnProductRow>(sql`select ${customerOnProductColumns(userId, product.id)}`);
  return customerOnProduct(row);
}
