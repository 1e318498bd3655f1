import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";

/** The outbox: every message the shop sends, delivered by the worker in server/mail/send.ts. */

export const outboxMail = pgTable(
  "outbox_mail",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    replyTo: text("reply_to"),
    /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on marketing mail. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status").$type<"pending" | "sent" | "failed" | "kept">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the delivery worker may (re)try a 'pending' message; also the lease of an attempt under way. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamps.createdAt,
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_mail_status_idx").on(t.status, t.createdAt),
    index("outbox_mail_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
