import crypto from "node:crypto";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { recordAudit, type Actor } from "@server/audit";
import { permissionsOf, roleOfUser } from "@server/auth";
import { user } from "../auth/schema";
import { db, transaction, type Tx } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { DomainError, FieldSaveError, NotFoundError, RefusedError } from "../errors";
import { OWNER_ROLE, PERMISSION_INFO, isPresetRole, mayGrant, roleInputSchema, type Permission, type RoleInput, type StaffRole } from "@core/staff-roles";
import { staffInvitations, staffRoles } from "./schema";

/*
 * Roles as permission sets (ADR 021): the owner, or anyone whose role holds the Staff permission,
 * defines roles and gives them to people, but never beyond their own permissions, and only an owner
 * makes or unmakes an owner. Every change is one transaction with its audit entry.
 */

export class RoleNotFound extends NotFoundError {
  constructor() {
    super("role");
  }
}

/** A grant beyond the actor's own rights: 403, like the guard's refusal. */
export class BeyondYourPermissions extends DomainError {
  readonly status = 403;
}

/** A role change the rules refuse (the Owner role, a preset, a role in use). */
export class RoleChangeRefused extends RefusedError {}

export const ROLE_NAME_TAKEN = "A role with this name already exists.";

class RoleNameTaken extends FieldSaveError {
  constructor() {
    super({ name: ROLE_NAME_TAKEN }, ROLE_NAME_TAKEN, "name");
  }
}

/** A role as the Roles screen lists it: who has it, and what may be done with it. */
export type RoleSummary = StaffRole & { preset: boolean; members: number; invitations: number };

const pendingInvitation = () => and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, sql`now()`));

/** Every role: the presets first (Owner, Staff, Writer), then by name; with its members (active or not) and pending invitations. */
export async function listRoles(): Promise<RoleSummary[]> {
  const rows = await db()
    .select({
      id: staffRoles.id,
      name: staffRoles.name,
      permissions: staffRoles.permissions,
      // Spelt out: inside a select list Drizzle leaves columns unqualified, and "id" would be the inner table's.
      members: sql<number>`(select count(*) from "user" where "user"."role" = "staff_roles"."id")`.mapWith(Number),
      invitations: sql<number>`(select count(*) from "staff_invitations" where "staff_invitations"."role" = "staff_roles"."id" and ${pendingInvitation()})`.mapWith(Number),
    })
    .from(staffRoles)
    .orderBy(sql`case ${staffRoles.id} when 'owner' then 0 when 'staff' then 1 when 'writer' then 2 else 3 end`, asc(sql`lower(${staffRoles.name})`));
  return rows.map((r) => ({ ...r, permissions: permissionsOf(r.id, r.permissions), preset: isPresetRole(r.id) }));
}

/** A role by id, outside a transaction (to word an email before the transaction that gives it). */
export async function findRole(id: string): Promise<StaffRole> {
  const [row] = await db().select().from(staffRoles).where(eq(staffRoles.id, id));
  if (!row) throw new RoleNotFound();
  return { id: row.id, name: row.name, permissions: permissionsOf(row.id, row.permissions) };
}

/** A role by id, locked for the change (`update`) or against deletion while it is given (`share`). */
export async function lockRole(tx: Tx, id: string, mode: "update" | "share"): Promise<StaffRole> {
  const [row] = await tx.select().from(staffRoles).where(eq(staffRoles.id, id)).for(mode);
  if (!row) throw new RoleNotFound();
  return { id: row.id, name: row.name, permissions: permissionsOf(row.id, row.permissions) };
}

/** The actor's role as it is now, read in the transaction (a change to it since they signed in counts). */
export async function actorRole(tx: Tx, actor: Actor): Promise<StaffRole> {
  const role = await roleOfUser(tx, actor.id);
  if (!role?.permissions.includes("staff")) throw new BeyondYourPermissions("Only a role with the Staff permission can manage staff and roles.");
  return role;
}

const labels = (permissions: readonly Permission[]) => permissions.map((p) => `"${PERMISSION_INFO[p].label}"`).join(", ");

/** Refuses unless `actor` holds every permission in `permissions`: nobody grants what they do not hold. */
export function checkHolds(actor: StaffRole, permissions: readonly Permission[], what: string): void {
  const missing = permissions.filter((p) => !actor.permissions.includes(p));
  if (missing.length > 0) {
    throw new BeyondYourPermissions(`You cannot ${what}: it needs ${labels(missing)}, which your role does not include.`);
  }
}

/**
 * Refuses unless `actor` may give `role` to someone, or manage someone who has it (change their
 * role, deactivate them): an owner for the Owner role, otherwise a role holding each of its permissions.
 */
export function checkMayGrant(actor: StaffRole, role: StaffRole, what = `give the ${role.name} role`): void {
  if (mayGrant(actor, role)) return;
  if (role.id === OWNER_ROLE) throw new BeyondYourPermissions("Only an owner can make someone an owner or change an owner's account.");
  checkHolds(actor, role.permissions, what);
}

async function nameTaken(tx: Tx, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: staffRoles.id })
    .from(staffRoles)
    .where(and(sql`lower(${staffRoles.name}) = lower(${name})`, exceptId ? ne(staffRoles.id, exceptId) : undefined));
  return Boolean(row);
}

/** The unique index still answers a name taken at the same moment by another request. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, "staff_roles_name_idx")) throw new RoleNameTaken();
    throw err;
  }
}

/** A new role from a name and permissions the actor holds. Audited (`role_create`). */
export async function createRole(actor: Actor, input: RoleInput): Promise<{ id: string }> {
  const { name, permissions } = roleInputSchema.parse(input);
  return saving(() =>
    transaction(async (tx) => {
      const me = await actorRole(tx, actor);
      checkHolds(me, permissions, "create this role");
      if (await nameTaken(tx, name)) throw new RoleNameTaken();
      const id = crypto.randomUUID();
      await tx.insert(staffRoles).values({ id, name, permissions });
      await recordAudit(tx, { actor, action: "role_create", entity: "staff_role", entityId: id, data: { name, permissions } });
      return { id };
    }),
  );
}

/**
 * Renames a role and sets its permissions; its members have the new ones on their next request.
 * The Owner role is fixed. The actor must hold every permission the role had and will have.
 * Audited (`role_update`) with what was added and removed.
 */
export async function updateRole(actor: Actor, id: string, input: RoleInput): Promise<void> {
  const { name, permissions } = roleInputSchema.parse(input);
  await saving(() =>
    transaction(async (tx) => {
      const me = await actorRole(tx, actor);
      const role = await lockRole(tx, id, "update");
      if (role.id === OWNER_ROLE) throw new RoleChangeRefused("The Owner role always has every permission: it cannot be edited.");
      checkHolds(me, [...role.permissions, ...permissions], `edit the ${role.name} role`);
      if (await nameTaken(tx, name, id)) throw new RoleNameTaken();
      const added = permissions.filter((p) => !role.permissions.includes(p));
      const removed = role.permissions.filter((p) => !permissions.includes(p));
      if (name === role.name && added.length === 0 && removed.length === 0) return;
      await tx.update(staffRoles).set({ name, permissions, updatedAt: new Date() }).where(eq(staffRoles.id, id));
      await recordAudit(tx, {
        actor,
        action: "role_update",
        entity: "staff_role",
        entityId: id,
        data: { ...(name !== role.name ? { from: role.name, to: name } : { name }), added, removed },
      });
    }),
  );
}

/**
 * Deletes a role nobody has: a role given to a member (active or deactivated) or named by a pending
 * invitation is refused with the count, so nobody is left without a role. The presets stay (a
 * former owner becomes Staff). Audited (`role_delete`).
 */
export async function deleteRole(actor: Actor, id: string): Promise<void> {
  await transaction(async (tx) => {
    const me = await actorRole(tx, actor);
    const role = await lockRole(tx, id, "update");
    if (isPresetRole(role.id)) throw new RoleChangeRefused(`${role.name} is one of the shop's preset roles: it can be edited but not deleted.`);
    checkHolds(me, role.permissions, `delete the ${role.name} role`);
    const [members] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(user).where(eq(user.role, id));
    const [invited] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(staffInvitations)
      .where(and(eq(staffInvitations.role, id), pendingInvitation()));
    if (members.n > 0 || invited.n > 0) {
      const uses = [members.n > 0 ? `${members.n} member${members.n === 1 ? "" : "s"} of staff` : "", invited.n > 0 ? `${invited.n} pending invitation${invited.n === 1 ? "" : "s"}` : ""];
      throw new RoleChangeRefused(`The ${role.name} role is in use (${uses.filter(Boolean).join(" and ")}). Give them another role first.`);
    }
    await tx.delete(staffRoles).where(eq(staffRoles.id, id));
    await recordAudit(tx, { actor, action: "role_delete", entity: "staff_role", entityId: id, data: { name: role.name, permissions: role.permissions } });
  });
}
