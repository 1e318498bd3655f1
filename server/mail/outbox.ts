import { desc, eq, sql } from "drizzle-orm";
import { config } from "../config";
import { db } from "../db/client";
import { outboxMail } from "./schema";

/**
 * The outbox as a mailbox for staff (/admin/mailbox): every message the shop wrote, newest first.
 * Without SMTP_URL nothing leaves the machine, so this is where a developer reads the confirmation
 * link of a new account on a fresh `npm start`.
 */

export type OutboxEntry = { id: string; to: string; subject: string; status: string; createdAt: string; sentAt: string | null };
export type OutboxMessage = OutboxEntry & { text: string; replyTo: string | null; lastError: string | null; attempts: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MAILBOX_PAGE_SIZE = 50;

/** Mail waiting to be delivered and the age of the oldest (metrics): what an operator alerts on when delivery stalls. */
export async function outboxBacklog(): Promise<{ backlog: number; oldestAgeSeconds: number }> {
  const [r] = await db()
    .select({ backlog: sql<number>`count(*)::int`, oldest: sql<number | null>`extract(epoch from now() - min(${outboxMail.createdAt}))::float8` })
    .from(outboxMail)
    .where(eq(outboxMail.status, "pending"));
  return { backlog: r?.backlog ?? 0, oldestAgeSeconds: Math.max(0, r?.oldest ?? 0) };
}

export async function listOutbox(): Promise<OutboxEntry[]> {
  const rows = await db()
    .select({
      id: outboxMail.id,
      to: outboxMail.to,
      subject: outboxMail.subject,
      status: outboxMail.status,
      createdAt: outboxMail.createdAt,
      sentAt: outboxMail.sentAt,
    })
    .from(outboxMail)
    .orderBy(desc(outboxMail.createdAt), desc(outboxMail.id))
    .limit(MAILBOX_PAGE_SIZE);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null }));
}

/** One message with its body, or null (unknown or malformed id). */
export async function getOutboxMessage(id: string): Promise<OutboxMessage | null> {
  if (!UUID.test(id)) return null;
  const [r] = await db().select().from(outboxMail).where(eq(outboxMail.id, id));
  if (!r) return null;
  return {
    id: r.id,
    to: r.to,
    subject: r.subject,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    text: r.text,
    replyTo: r.replyTo,
    lastError: r.lastError,
    attempts: r.attempts,
  };
}

/** Whether mail leaves the machine (SMTP_URL set) or is only kept in the outbox. */
export function mailIsKept(): boolean {
  return !config().SMTP_URL;
}
