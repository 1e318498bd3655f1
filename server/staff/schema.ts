import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "../auth/schema";
import { timestamps } from "../db/columns";

/**
 * Invitations to the back office: the owner invites an email with a role; the emailed link carries
 * a token of which only the SHA-256 is stored. Single use (accepted_at), expiring, revocable.
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
  (t) => [
    index("staff_invitations_email_idx").on(t.email),
    check("staff_invitations_role_check", sql`${t.role} in ('owner', 'staff', 'writer')`),
  ],
);
