import { and, asc, eq, ne, sql } from "drizzle-orm";
import { recordAudit, type Actor } from "@server/audit";
import { banUser, roleOfUser, setUserRole, unbanUser } from "@server/auth";
import { user } from "../auth/schema";
import { db, transaction, type Tx } from "../db/client";
import { NotFoundError, RefusedError } from "../errors";
import { OWNER_ROLE, type StaffRole } from "@core/staff-roles";
import { actorRole, checkMayGrant, lockRole } from "./roles";
import { staffRoles } from "./schema";

/** The back office's people: who they are, their role, whether they may still sign in. */
export type StaffMember = {
  id: string;
  name: string;
  email: string;
  /** The role's id (a row of staff_roles) and name. */
  role: string;
  roleName: string;
  active: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
};

export class StaffMemberNotFound extends NotFoundError {
  constructor() {
    super("member of staff");
  }
}

/** A staff change the rules refuse: oneself, or the last active owner. */
export class StaffChangeRefused extends RefusedError {}

export async function listStaff(): Promise<StaffMember[]> {
  const rows = await db()
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      role: staffRoles.id,
      roleName: staffRoles.name,
      banned: user.banned,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .innerJoin(staffRoles, eq(staffRoles.id, user.role))
    .orderBy(asc(user.createdAt), asc(user.email));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    roleName: r.roleName,
    active: !r.banned,
    twoFactorEnabled: r.twoFactorEnabled ?? false,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The member `id`, locked for the change, after the rules every change shares: nobody changes their
 * own account here (so nobody raises their own role, and an owner cannot lock themselves out), the
 * actor may manage the member's role (checkMayGrant: not a role above their own), and the shop keeps
 * one active owner. `losesOwner` says whether the change would take an active owner away.
 */
async function lockMember(tx: Tx, actor: Actor, id: string, losesOwner: (m: { role: StaffRole; active: boolean }) => boolean) {
  if (id === actor.id) throw new StaffChangeRefused("You cannot change your own account here. Ask another owner.");
  const me = await actorRole(tx, actor);
  const [row] = await tx.select({ id: user.id, email: user.email, banned: user.banned }).from(user).where(eq(user.id, id)).for("update");
  const role = row ? await roleOfUser(tx, id) : null;
  if (!row || !role) throw new StaffMemberNotFound();
  checkMayGrant(me, role, `change the account of a member whose role is ${role.name}`);
  const member = { id: row.id, email: row.email, role, active: !row.banned };
  if (losesOwner(member)) await keepAnotherActiveOwner(tx, id, "The shop needs at least one active owner.");
  return { ...member, me };
}

/**
 * Refuses (with `refusal`) unless an active owner other than `id` remains. The other active owners
 * are locked too, so two owners cannot remove each other, or themselves, at the same moment.
 */
async function keepAnotherActiveOwner(tx: Tx, id: string, refusal: string): Promise<void> {
  const others = await tx
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.role, OWNER_ROLE), sql`${user.banned} is not true`, ne(user.id, id)))
    .for("update");
  if (others.length === 0) throw new StaffChangeRefused(refusal);
}

/**
 * A member of staff deleting their own account (/account/delete), inside its transaction: the last
 * active owner is refused (the shop would have nobody to run it), and every other member's deletion
 * is audited, since the account goes with its row. Customers pass through untouched.
 */
export async function beforeOwnAccountDeleted(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx.select({ email: user.email, banned: user.banned }).from(user).where(eq(user.id, userId)).for("update");
  const role = row ? await roleOfUser(tx, userId) : null;
  if (!row || !role) return;
  if (role.id === OWNER_ROLE && !row.banned) {
    await keepAnotherActiveOwner(
      tx,
      userId,
      "You are the shop's only active owner. Transfer ownership to another member of staff (Staff, in the back office) before deleting your account.",
    );
  }
  await recordAudit(tx, { actor: { id: userId, email: row.email }, action: "delete_own_account", entity: "staff", entityId: userId, data: { email: row.email, role: role.name } });
}

/**
 * Gives a member another role (by its id), which the actor may give (checkMayGrant); audited with
 * from/to. The role row is held (FOR SHARE) until commit, so it cannot be deleted meanwhile. Takes
 * effect on their next request.
 */
export async function changeStaffRole(actor: Actor, id: string, roleId: string): Promise<StaffRole> {
  return transaction(async (tx) => {
    const role = await lockRole(tx, roleId, "share");
    const member = await lockMember(tx, actor, id, (m) => m.active && m.role.id === OWNER_ROLE && role.id !== OWNER_ROLE);
    checkMayGrant(member.me, role);
    if (member.role.id === role.id) return role;
    await setUserRole(tx, id, role.id);
    await recordAudit(tx, { actor, action: "role_change", entity: "staff", entityId: id, data: { email: member.email, from: member.role.name, to: role.name } });
    return role;
  });
}

/**
 * Deactivates a member: they can no longer sign in (`banned`, which better-auth refuses at sign-in
 * and getSessionUser refuses on every request) and every session of theirs is deleted in the same
 * transaction, so an open back-office tab is refused on its next request. Audited.
 */
export async function deactivateStaff(actor: Actor, id: string): Promise<void> {
  await transaction(async (tx) => {
    const member = await lockMember(tx, actor, id, (m) => m.active && m.role.id === OWNER_ROLE);
    if (!member.active) return;
    const sessionsEnded = await banUser(tx, id, "Deactivated by staff");
    await recordAudit(tx, { actor, action: "deactivate", entity: "staff", entityId: id, data: { email: member.email, role: member.role.name, sessionsEnded } });
  });
}

/** Lets a deactivated member sign in again (with their old password). Audited. */
export async function reactivateStaff(actor: Actor, id: string): Promise<void> {
  await transaction(async (tx) => {
    const member = await lockMember(tx, actor, id, () => false);
    if (member.active) return;
    await unbanUser(tx, id);
    await recordAudit(tx, { actor, action: "reactivate", entity: "staff", entityId: id, data: { email: member.email, role: member.role.name } });
  });
}
