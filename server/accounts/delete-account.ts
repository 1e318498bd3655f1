import { eq, sql } from "drizzle-orm";
import { passwordMatches, WrongPasswordError } from "@server/auth";
import { transaction } from "../db/client";
import { beforeOwnAccountDeleted } from "@server/staff";
import { user, verification } from "../auth/schema";
import { orders } from "../orders/schema";

/** What an anonymised order keeps in place of the customer's details. */
export const ANONYMISED = { name: "Deleted customer", text: "Removed" } as const;

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
    await tx
      .update(orders)
      .set({
        userId: null,
        name: ANONYMISED.name,
        email: sql`'deleted-' || left(${orders.id}::text, 8) || '@deleted.invalid'`,
        shipLine1: ANONYMISED.text,
        shipLine2: null,
        shipCity: ANONYMISED.text,
        shipPostalCode: ANONYMISED.text,
        // A US state stays, as the country does: sales tax is reported per state. Free text elsewhere goes.
        shipRegion: sql`case when ${orders.shipCountry} = 'US' then ${orders.shipRegion} end`,
        updatedAt: new Date(),
      })
      .where(eq(orders.userId, userId));
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(verification).where(eq(verification.identifier, owner.email));
    await tx.delete(user).where(eq(user.id, userId));
  });
}
