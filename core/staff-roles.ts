/**
 * Staff roles and the back-office areas each may open. Shared by the server guard (requireAdmin,
 * the control) and the admin navigation (which only hides what the server refuses anyway).
 */

export const STAFF_ROLES = ["owner", "staff", "writer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ADMIN_AREAS = [
  "dashboard",
  "orders",
  "customers",
  "products",
  "inventory",
  "discounts",
  "reviews",
  "blog",
  "audit",
  "mailbox",
  "settings",
  "staff",
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** The owner opens everything; settings, staff, the audit log and the mailbox are the owner's alone. */
export const ROLE_AREAS: Record<StaffRole, readonly AdminArea[]> = {
  owner: ADMIN_AREAS,
  staff: ["dashboard", "orders", "customers", "products", "inventory", "discounts", "reviews"],
  writer: ["blog"],
};

export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", staff: "Staff", writer: "Writer" };

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: "Everything, including settings and staff accounts.",
  staff: "Orders, customers, products, inventory, discounts, reviews and the dashboard.",
  writer: "Blog posts only.",
};

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
}

/** Whether a role opens an area; `areas` given as a list means "any of them" (shared tools). */
export function canOpen(role: StaffRole, areas: AdminArea | readonly AdminArea[] | "any"): boolean {
  if (areas === "any") return true;
  const wanted: readonly AdminArea[] = typeof areas === "string" ? [areas] : areas;
  return wanted.some((a) => ROLE_AREAS[role].includes(a));
}

/** Where a role lands in the back office: its first area's page. */
export function roleHome(role: StaffRole): string {
  return role === "writer" ? "/admin/posts" : "/admin/dashboard";
}

/** How long an invitation link to the back office works. */
export const INVITATION_TTL_HOURS = 72;

export const INVITATION_INVALID = "This invitation link is invalid, already used or expired. Ask the shop's owner for a new one.";
