import { eq } from "drizzle-orm";
import { deleteUser, passwordMatches, WrongPasswordError } from "@server/auth";
import { transaction } from "../db/client";
import { anonymiseCustomerOrders } from "@server/orders";
import { beforeOwnAccountDeleted } from "@server/staff";
import { user } from "../auth/schema";

/**
 * Deletes a customer's account after checking the password, in one transaction: the orders stay
 * (the shop's books need them) but lose the link to the account and every personal detail; the
 * user row goes, and with it (by cascade) sessions, credentials, two-factor secrets, the saved
 * address and the cart. Pending verification tokens of the account are removed too. A member of
 * staff's deletion follows the staff rules (server/staff/members.ts: beforeOwnAccountDeleted).
 */
export async function deleteAccount(userId: string, password: string): Promise<void> {
  if (!(await passwordMatches(userId, password))) throw new WrongPasswordError();
  await transaction(async (tx) => {
    // A member of staff: the last active owner is refused, anyone else's deletion audited.
    await beforeOwnAccountDeleted(tx, userId);
    const [owner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!owner) return;
    await anonymiseCustomerOrders(tx, userId);
    await deleteUser(tx, userId, owner.email);
  });
}
