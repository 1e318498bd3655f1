import { eq, sql } from "drizzle-orm";
import { OWNER_ROLE, PERMISSIONS, type Permission, type StaffRole } from "@core/staff-roles";
import type { Db } from "../db/client";
import { staffRoles } from "../staff/schema";
import { user } from "./schema";

/** Users with a staff role (one of the rows of `staff_roles`), for queries over `user`. Plain SQL: some are built when a module loads. */
export const isStaffUser = () => sql`${user.role} in (select "id" from "staff_roles")`;

/** Users who are customers (no staff role): the people counted and listed as customers. */
export const isCustomerUser = () => sql`(${user.role} is null or ${user.role} not in (select "id" from "staff_roles"))`;

/**
 * The permissions a role row grants: the owner every permission there is (also one added after the
 * row was written), another role what it stores that this build knows.
 */
export function permissionsOf(id: string, stored: readonly string[]): Permission[] {
  return id === OWNER_ROLE ? [...PERMISSIONS] : PERMISSIONS.filter((p) => stored.includes(p));
}

/** A user's role with its permissions, or null for a customer (or a role that no longer exists). */
export async function roleOfUser(q: Db, userId: string): Promise<StaffRole | null> {
  const [row] = await q
    .select({ id: staffRoles.id, name: staffRoles.name, permissions: staffRoles.permissions })
    .from(user)
    .innerJoin(staffRoles, eq(staffRoles.id, user.role))
    .where(eq(user.id, userId));
  return row ? { id: row.id, name: row.name, permissions: permissionsOf(row.id, row.permissions) } : null;
}
