import { createContext, useContext } from "react";
import { allows, type Permission } from "@core/staff-roles";

/** The signed-in member's permissions (the admin layout provides them from its loader). */
export const AdminPermissions = createContext<readonly Permission[]>([]);

/**
 * Whether the signed-in member holds `needs`, for components under the admin layout: they hide a
 * form the server would refuse (403). Hiding is a courtesy; requireAdmin is the control.
 */
export function usePermission(needs: Permission): boolean {
  return allows(useContext(AdminPermissions), needs);
}
