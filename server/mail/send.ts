import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { config } from "../config";
import { db, type Db, type Tx } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { outboxMail } from "./schema";
import { startPeriodicJob, type StopJob } from "../jobs";
import { log } from "../log";

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string; headers?: Record<string, string> };

/** After this many failed attempts a message is given up ('failed') and logged for staff. */
export const MAIL_MAX_ATTEMPTS = 8;
/** An attempt under way holds its message this long; past it (the process died), the worker retries it. */
const LEASE = sql`interval '5 minutes'`;
/** The wait after the nth failure: 1, 2, 4 ... minutes, at most an hour (about 2 hours over 8 attempts). */
const backoffAfter = (failures: number) => sql`${Math.min(60, 2 ** (failures - 1))} * interval '1 minute'`;

let transport: { url: string; smtp: nodemailer.Transporter } | undefined;

function smtp(url: string) {
  // Bounded waits: a hanging server must not outlast the attempt's lease.
  if (transport?.url !== url) transport = { url, smtp: nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }) };
  return transport.smtp;
}

type OutboxRow = typeof outboxMail.$inferSelect;

/** One delivery attempt of a message its caller holds (just written, or claimed with a lease). */
async function attempt(url: string, row: OutboxRow): Promise<"sent" | "retry" | "failed"> {
  try {
    await smtp(url).sendMail({
      from: config().MAIL_FROM,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      replyTo: row.replyTo ?? undefined,
      headers: row.headers ?? undefined,
    });
    await db()
      .update(outboxMail)
      .set({ status: "sent", sentAt: new Date(), attempts: sql`${outboxMail.attempts} + 1`, lastError: null })
      .where(eq(outboxMail.id, row.id));
    return "sent";
  } catch (err) {
    const failures = row.attempts + 1;
    const gaveUp = failures >= MAIL_MAX_ATTEMPTS;
    await db()
      .update(outboxMail)
      .set({
        status: gaveUp ? "failed" : "pending",
        attempts: sql`${outboxMail.attempts} + 1`,
        lastError: String(err),
        nextAttemptAt: sql`now() + ${backoffAfter(failures)}`,
      })
      .where(eq(outboxMail.id, row.id));
    if (gaveUp) log.error({ err, mailId: row.id, attempts: failures }, "mail delivery given up");
    else log.warn({ err, mailId: row.id, attempts: failures }, "mail delivery failed; the outbox worker retries it");
    return gaveUp ? "failed" : "retry";
  }
}

/**
 * Writes a message to the outbox in the caller's transaction (so it is queued if and only if the
 * caller's change commits). With SMTP_URL it is leased to a first attempt the caller makes after
 * commit with deliverQueued; without it the outbox is the mailbox (status 'kept', /admin/mailbox).
 */
export async function queueMail(runner: Db | Tx, mail: Mail): Promise<OutboxRow> {
  const status = config().SMTP_URL ? "pending" : "kept";
  const headers = mail.headers ? JSON.stringify(mail.headers) : null;
  const [row] = await mailQueued({ ...mail, html: mail.html ?? null, replyTo: mail.replyTo ?? null, headers, status }, runner);
  if (status === "kept") logKeptMail(row);
  return row;
}

/** Every order's confirmation goes through it: prepared. */
const mailQueued = preparedQuery("mail_queued", (d) =>
  d
    .insert(outboxMail)
    .values({
      to: sql.placeholder("to"),
      subject: sql.placeholder("subject"),
      text: sql.placeholder("text"),
      html: sql.placeholder("html"),
      replyTo: sql.placeholder("replyTo"),
      // Already JSON text or null: drizzle's jsonb encoder would store a null as JSON's null.
      headers: sql`${sql.placeholder("headers")}::jsonb`,
      status: sql.placeholder("status"),
      // Leased to the first attempt: the worker leaves it alone unless this process dies.
      nextAttemptAt: sql`now() + ${LEASE}`,
    })
    .returning(),
);

/** The first delivery attempt of messages queued by queueMail (after their transaction committed). */
export async function deliverQueued(rows: OutboxRow[]): Promise<void> {
  const url = config().SMTP_URL;
  if (!url) return;
  for (const row of rows) await attempt(url, row);
}

/**
 * Without SMTP a message stays in the outbox, and one log line says so, naming it by id and subject
 * only: its links carry sign-in tokens (password reset, confirmation, staff invitation), and a log is
 * read by more people, and kept longer, than the shop's accounts. A developer reads the links at
 * /admin/mailbox, signed in as staff.
 */
function logKeptMail(row: OutboxRow) {
  log.info({ mailId: row.id, subject: row.subject }, `mail kept in the outbox (SMTP_URL is unset): read it at ${config().publicUrl}/admin/mailbox`);
}

/** Every message is written to the outbox first, then (with SMTP_URL) sent at once; failures are retried by the worker. */
export async function sendMail(mail: Mail): Promise<void> {
  await deliverQueued([await queueMail(db(), mail)]);
}

export type DeliveryReport = { sent: number; retry: number; failed: number };

/**
 * Delivers the outbox's due messages. Each batch is claimed with FOR UPDATE SKIP LOCKED and leased
 * (next_attempt_at moved past the attempt) in one statement, so several instances never send the
 * same message at once, and no transaction stays open while SMTP talks.
 */
export async function deliverDueMail(batchSize = 20): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retry: 0, failed: 0 };
  const url = config().SMTP_URL;
  if (!url) return report;
  for (;;) {
    const due = db()
      .select({ id: outboxMail.id })
      .from(outboxMail)
      .where(and(eq(outboxMail.status, "pending"), lte(outboxMail.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outboxMail.nextAttemptAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const claimed = await db()
      .update(outboxMail)
      .set({ nextAttemptAt: sql`now() + ${LEASE}` })
      .where(inArray(outboxMail.id, due))
      .returning();
    for (const row of claimed) report[await attempt(url, row)]++;
    if (claimed.length < batchSize) return report;
  }
}

/** The outbox worker: every 30 seconds, when SMTP is configured. */
export function startMailDelivery(intervalMs = 30_000): StopJob {
  return startPeriodicJob("outbox mail delivery", intervalMs, async () => {
    const r = await deliverDueMail();
    if (r.sent + r.failed > 0) log.info(r, "outbox mail delivered");
  });
}
