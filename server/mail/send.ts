import { eq, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { config } from "../config";
import { db } from "../db/client";
import { outboxMail } from "../db/schema";
import { log } from "../log";

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

let transport: nodemailer.Transporter | undefined;

/**
 * Every message is written to the outbox first. With SMTP_URL it is then delivered (failures stay
 * 'pending' for a retry); without it the outbox is the mailbox (status 'kept'), readable in dev.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const smtp = config().SMTP_URL;
  const [row] = await db()
    .insert(outboxMail)
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, status: smtp ? "pending" : "kept" })
    .returning({ id: outboxMail.id });
  if (!smtp) return;
  transport ??= nodemailer.createTransport(smtp);
  try {
    await transport.sendMail({ from: config().MAIL_FROM, ...mail });
    await db().update(outboxMail).set({ status: "sent", sentAt: new Date(), attempts: sql`${outboxMail.attempts} + 1` }).where(eq(outboxMail.id, row.id));
  } catch (err) {
    log.warn({ err, mailId: row.id }, "mail delivery failed; kept in the outbox for retry");
    await db()
      .update(outboxMail)
      .set({ attempts: sql`${outboxMail.attempts} + 1`, lastError: String(err) })
      .where(eq(outboxMail.id, row.id));
  }
}
