import { inArray, isNull, notInArray, or } from "drizzle-orm";
import { STAFF_ROLES } from "@core/staff-roles";
import { user } from "./schema";

/** Users with a staff role (owner, staff, writer), for queries over `user`. */
export const isStaffUser = () => inArray(user.role, [...STAFF_ROLES]);

/** Users who are customers (no staff role): the people counted and listed as customers. */
export const isCustomerUser = () => or(isNull(user.role), notInArray(user.role, [...STAFF_ROLES]))!;
