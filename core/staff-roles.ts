import { z } from "zod";

/**
 * Staff permissions and roles (docs/decisions/021-roles-as-permission-sets.md). A role is a named set
 * of permissions stored in `staff_roles`; the server guard (requireAdmin) checks a permission, and
 * the admin navigation shows only the sections whose permission the member holds (it only hides what
 * the server refuses anyway). This file is the one list of permissions, with their labels.
 */

export const PERMISSIONS = [
  "orders:view",
  "orders:fulfil",
  "orders:refund",
  "customers",
  "products",
  "inventory",
  "discounts",
  "reviews",
  "content",
  "settings",
  "staff",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_INFO: Record<Permission, { label: string; description: string }> = {
  "orders:view": { label: "View orders", description: "Orders, abandoned checkouts, invoices, packing slips, exports, notes and the sales dashboard." },
  "orders:fulfil": { label: "Fulfil orders", description: "Ship orders (one or in bulk), change their status, edit the shipping address, approve and receive returns." },
  "orders:refund": { label: "Refund orders", description: "Refund lines or amounts, refund returns, and cancel paid orders (which refunds them)." },
  customers: { label: "Customers", description: "The customer list, each customer's page and the customer export." },
  products: { label: "Products", description: "Create, edit, publish and delete products and their pictures." },
  inventory: { label: "Inventory", description: "Stock levels, recounts and the inventory CSV export and import." },
  discounts: { label: "Discounts", description: "Discount codes." },
  reviews: { label: "Reviews", description: "Approve, hide and answer reviews." },
  content: { label: "Blog and content", description: "Blog posts, their pictures and the AI writer." },
  settings: { label: "Settings", description: "Store details, markets, shipping, taxes and the mailbox." },
  staff: { label: "Staff", description: "Invite staff, give them roles, define roles, and read the audit log." },
};

export const isPermission = (p: unknown): p is Permission => typeof p === "string" && (PERMISSIONS as readonly string[]).includes(p);

/** The role every shop has, with every permission: it cannot be edited or deleted, and the shop keeps one active owner. */
export const OWNER_ROLE = "owner";

/**
 * The three roles every shop starts with (migration 0028 seeds them; before it these were the only
 * roles, and their ids are what `user.role` already held). Staff and Writer can be edited.
 */
export const PRESET_ROLES = {
  owner: { name: "Owner", permissions: PERMISSIONS },
  staff: {
    name: "Staff",
    permissions: ["orders:view", "orders:fulfil", "orders:refund", "customers", "products", "inventory", "discounts", "reviews"],
  },
  writer: { name: "Writer", permissions: ["content"] },
} as const satisfies Record<string, { name: string; permissions: readonly Permission[] }>;

export const isPresetRole = (id: string) => Object.hasOwn(PRESET_ROLES, id);

/** A role as the back office shows and checks it. */
export type StaffRole = { id: string; name: string; permissions: Permission[] };

/** Permissions that only make sense with "View orders": the forms that use them are on the order pages. */
const NEED_ORDERS_VIEW: Permission[] = ["orders:fulfil", "orders:refund"];

export const ROLE_NAME_MAX = 40;

/**
 * A role as the Roles form sends it: a name and the ticked permissions. Unknown permissions, a
 * fulfil or refund permission without "View orders", and a role without any permission are refused.
 */
export const roleInputSchema = z
  .object({
    name: z
      .string({ message: "Name is required." })
      .trim()
      .min(1, "Name is required.")
      .max(ROLE_NAME_MAX, `A role name has at most ${ROLE_NAME_MAX} characters.`)
      .regex(/^[^\p{Cc}]*$/u, "A role name cannot contain control characters."),
    permissions: z
      .array(z.enum(PERMISSIONS, { message: "Unknown permission." }), { message: "Tick at least one permission." })
      .min(1, "Tick at least one permission.")
      .max(PERMISSIONS.length * 2, "Unknown permission.")
      .transform((list) => PERMISSIONS.filter((p) => list.includes(p))),
  })
  .superRefine((role, ctx) => {
    if (NEED_ORDERS_VIEW.some((p) => role.permissions.includes(p)) && !role.permissions.includes("orders:view")) {
      ctx.addIssue({ code: "custom", path: ["permissions"], message: "Fulfil orders and Refund orders need View orders too." });
    }
  });
export type RoleInput = z.infer<typeof roleInputSchema>;

/** Whether `held` includes every permission of `wanted`: nobody grants or manages more than they hold. */
export const holdsAll = (held: readonly Permission[], wanted: readonly Permission[]) => wanted.every((p) => held.includes(p));

/**
 * Whether a member whose role is `actor` may give `role` to someone, or manage someone who has it:
 * only an owner for the Owner role, otherwise a role holding each of its permissions (the server
 * checks it in the transaction; the staff page offers only these roles).
 */
export function mayGrant(actor: { id: string; permissions: readonly Permission[] }, role: { id: string; permissions: readonly Permission[] }): boolean {
  return (role.id !== OWNER_ROLE || actor.id === OWNER_ROLE) && holdsAll(actor.permissions, role.permissions);
}

/** Whether a member holding `held` may use something needing `needs` ("any": only being staff; a list: any of them). */
export function allows(held: readonly Permission[], needs: Permission | readonly Permission[] | "any"): boolean {
  if (needs === "any") return true;
  const wanted: readonly Permission[] = typeof needs === "string" ? [needs] : needs;
  return wanted.some((p) => held.includes(p));
}

/**
 * The back office's sections in menu order, each with the permission its pages require. The menu
 * lists those a member may open; a member's home is the first of them (or their profile).
 */
export const ADMIN_SECTIONS: { to: string; label: string; needs: Permission }[] = [
  { to: "/admin/dashboard", label: "Dashboard", needs: "orders:view" },
  { to: "/admin/orders", label: "Orders", needs: "orders:view" },
  { to: "/admin/customers", label: "Customers", needs: "customers" },
  { to: "/admin/products", label: "Products", needs: "products" },
  { to: "/admin/inventory", label: "Inventory", needs: "inventory" },
  { to: "/admin/discounts", label: "Discounts", needs: "discounts" },
  { to: "/admin/reviews", label: "Reviews", needs: "reviews" },
  { to: "/admin/posts", label: "Blog Posts", needs: "content" },
  { to: "/admin/audit", label: "Audit Log", needs: "staff" },
  { to: "/admin/mailbox", label: "Mailbox", needs: "settings" },
  { to: "/admin/staff", label: "Staff", needs: "staff" },
  { to: "/admin/settings", label: "Settings", needs: "settings" },
];

/** Where a member lands in the back office: the first section they may open, else their profile. */
export function staffHome(permissions: readonly Permission[]): string {
  return ADMIN_SECTIONS.find((s) => permissions.includes(s.needs))?.to ?? "/admin/profile";
}

/** What a role may do, in words, for the invitation email and page. */
export function describePermissions(permissions: readonly Permission[]): string {
  return permissions.length === PERMISSIONS.length ? "every permission" : permissions.map((p) => PERMISSION_INFO[p].label).join(", ");
}

/** How long an invitation link to the back office works. */
export const INVITATION_TTL_HOURS = 72;

export const INVITATION_INVALID = "This invitation link is invalid, already used or expired. Ask the shop's owner for a new one.";
