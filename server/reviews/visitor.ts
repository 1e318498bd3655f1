import { sql } from "drizzle-orm";
import { executeRows } from "../db/client";
import { votesColumn, votesOf, type VotePairs } from "./helpful";
import { accessColumns, accessOf, type AccessRow, type ReviewAccess } from "./write";

export type ReviewState = { access: ReviewAccess | { kind: "sign-in" }; votes: Map<string, number> };

/**
 * What a product page shows one visitor about its reviews: whether they may write one and which
 * they found helpful. A signed-in customer's is read in one round trip (it is on every product
 * page they open); a guest is asked to sign in, and their votes are read only if they ever voted.
 */
export async function reviewStateOf(userId: string | null, voter: string | null, productId: string): Promise<ReviewState> {
  if (!userId) return { access: { kind: "sign-in" }, votes: await votesOf(voter, productId) };
  const [row] = await executeRows<AccessRow & { votes: VotePairs }>(
    sql`select ${accessColumns(userId, productId)}, ${voter ? votesColumn(voter, productId) : sql`'[]'::json`} as votes`,
  );
  return { access: accessOf(row), votes: new Map(row?.votes ?? []) };
}
