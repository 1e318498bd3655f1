import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "../auth/schema";
import { timestamps } from "../db/columns";

/**
 * Roles: named sets of permissions (core/staff-roles.ts, ADR 021). `user.role` and an invitation's
 * `role` hold a role's id: the presets keep the ids the roles had before they were rows (owner,
 * staff, writer), a role the owner defines gets a UUID. Names are unique whatever their case.
 */
export const staffRoles = pgTable(
  "staff_roles",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    permissions: text("permissions").array().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("staff_roles_name_idx").on(sql`lower(${t.name})`)],
);

/**
 * Invitations to the back office: the owner invites an email with a role; the emailed link carries
 * a token of which only the SHA-256 is stored. Single use (accepted_at), expiring, revocable. The
 * role is checked when the invitation is made and again when it is accepted (a role may be deleted
 * only while no pending invitation names it).
 */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("staff_invitations_email_idx").on(t.email)],
);
