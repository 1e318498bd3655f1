import { asc, inArray } from "drizzle-orm";
import { passwordMatches, roleOfUser, setUserRole, WrongPasswordError } from "@server/auth";
import { recordAudit, type Actor } from "@server/audit";
import { user } from "../auth/schema";
import { transaction } from "../db/client";
import { checkRateLimit } from "../security/rate-limit";
import { OWNER_ROLE } from "@core/staff-roles";
import { StaffChangeRefused, StaffMemberNotFound } from "./members";

/**
 * The owner hands the shop to another active member of staff, confirmed by the owner's password (5
 * tries per 15 minutes): the member becomes an owner and the owner steps down to staff, in one
 * transaction, audited. Both rows are locked, so the shop always has an active owner.
 */
export async function transferOwnership(actor: Actor, toId: string, password: string): Promise<void> {
  const limit = await checkRateLimit(`ownership-transfer:${actor.id}`, { limit: 5, windowMs: 15 * 60_000 });
  if (!limit.ok) throw new StaffChangeRefused(`Too many attempts. Try again in ${limit.retryAfterSeconds} seconds.`);
  if (!(await passwordMatches(actor.id, password))) throw new WrongPasswordError();
  return transaction(async (tx) => {
    if (toId === actor.id) throw new StaffChangeRefused("Choose another member of staff.");
    const rows = await tx
      .select({ id: user.id, email: user.email, role: user.role, banned: user.banned })
      .from(user)
      .where(inArray(user.id, [actor.id, toId]))
      .orderBy(asc(user.id))
      .for("update");
    const self = rows.find((r) => r.id === actor.id);
    const to = rows.find((r) => r.id === toId);
    if (self?.role !== OWNER_ROLE || self.banned) throw new StaffChangeRefused("Only an active owner can transfer ownership.");
    const toRole = to ? await roleOfUser(tx, to.id) : null;
    if (!to || !toRole) throw new StaffMemberNotFound();
    if (to.banned) throw new StaffChangeRefused("Reactivate that account first: ownership goes to an active member of staff.");
    // The Staff preset cannot be deleted (server/staff/roles.ts), so it is always there to step down to.
    await setUserRole(tx, toId, OWNER_ROLE);
    await setUserRole(tx, actor.id, "staff");
    const stepsDownTo = await roleOfUser(tx, actor.id);
    await recordAudit(tx, {
      actor,
      action: "ownership_transfer",
      entity: "staff",
      entityId: toId,
      data: { from: self.email, to: to.email, toPreviousRole: toRole.name, fromNowRole: stepsDownTo?.name ?? "staff" },
    });
  });
}
