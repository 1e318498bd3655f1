import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { outboxMail } from "../../server/mail/schema";
import { deliverDueMail, MAIL_MAX_ATTEMPTS, sendMail } from "../../server/mail/send";
import { useTestDatabase } from "./test-db";

/**
 * Outbox delivery over a real SMTP conversation with a local server that refuses at will (a 451,
 * "try again later", as a greylisting or overloaded server answers).
 */
const received: { to: string; raw: string }[] = [];
/** Recipients refused this many more times each (Infinity: always). */
const refusals = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onRcptTo(address, _session, callback) {
    const left = refusals.get(address.address) ?? 0;
    if (left <= 0) return callback();
    refusals.set(address.address, left - 1);
    callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw: Buffer.concat(chunks).toString("utf8") });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const rowFor = async (to: string) => (await db().select().from(outboxMail).where(eq(outboxMail.to, to)))[0];
/** Time passes: every pending message's backoff (or lease) is over. */
const makeDue = () => db().update(outboxMail).set({ nextAttemptAt: sql`now()` }).where(eq(outboxMail.status, "pending"));

describe("outbox mail delivery with retries", () => {
  useTestDatabase({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("a refused first attempt stays pending with a backoff; the worker delivers it once the wait is over", async () => {
    refusals.set("retry@example.com", 1);
    await sendMail({ to: "retry@example.com", subject: "Your order PR-1", text: "Thanks", replyTo: "support@example.com" });
    const refused = await rowFor("retry@example.com");
    expect(refused).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("451") });
    expect(refused.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(received.filter((m) => m.to === "retry@example.com")).toHaveLength(0);

    // Not due yet: the worker leaves it alone.
    expect(await deliverDueMail()).toEqual({ sent: 0, retry: 0, failed: 0 });
    await makeDue();
    expect(await deliverDueMail()).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(await rowFor("retry@example.com")).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    const delivered = received.filter((m) => m.to === "retry@example.com");
    expect(delivered).toHaveLength(1);
    // The retried message is the same message, reply-to included.
    expect(delivered[0].raw).toContain("Subject: Your order PR-1");
    expect(delivered[0].raw).toContain("Reply-To: support@example.com");
    expect(await deliverDueMail()).toEqual({ sent: 0, retry: 0, failed: 0 });
  });

  it(`gives up after ${MAIL_MAX_ATTEMPTS} attempts, waiting longer each time`, async () => {
    refusals.set("never@example.com", Infinity);
    await sendMail({ to: "never@example.com", subject: "Never arrives", text: "…" });
    const waits: number[] = [];
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await makeDue();
      const before = Date.now();
      const report = await deliverDueMail();
      expect(report).toEqual(attempt < MAIL_MAX_ATTEMPTS ? { sent: 0, retry: 1, failed: 0 } : { sent: 0, retry: 0, failed: 1 });
      waits.push((await rowFor("never@example.com")).nextAttemptAt.getTime() - before);
    }
    expect(await rowFor("never@example.com")).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS });
    // 2, 4, 8 ... minutes, capped at an hour.
    expect(waits[0]).toBeGreaterThan(110_000);
    expect(waits.at(-2)!).toBeGreaterThan(waits[0] * 8);
    expect(Math.max(...waits)).toBeLessThanOrEqual(3_600_000 + 5_000);
    await makeDue();
    expect(await deliverDueMail()).toEqual({ sent: 0, retry: 0, failed: 0 });
  });

  it("a message whose first attempt died with its process is retried once its lease is over", async () => {
    const [row] = await db()
      .insert(outboxMail)
      .values({ to: "orphan@example.com", subject: "Orphan", text: "…", status: "pending", nextAttemptAt: sql`now() + interval '5 minutes'` })
      .returning();
    expect(await deliverDueMail()).toEqual({ sent: 0, retry: 0, failed: 0 });
    await db().update(outboxMail).set({ nextAttemptAt: sql`now()` }).where(eq(outboxMail.id, row.id));
    expect(await deliverDueMail()).toMatchObject({ sent: 1 });
    expect(received.filter((m) => m.to === "orphan@example.com")).toHaveLength(1);
  });

  it("three workers at once deliver each of 30 due messages exactly once", async () => {
    const rows = await db()
      .insert(outboxMail)
      .values(Array.from({ length: 30 }, (_, i) => ({ to: `bulk${i}@example.com`, subject: `Bulk ${i}`, text: "…", status: "pending" as const })))
      .returning({ id: outboxMail.id });
    const reports = await Promise.all([deliverDueMail(5), deliverDueMail(5), deliverDueMail(5)]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(30);
    const bulk = received.filter((m) => m.to.startsWith("bulk"));
    expect(bulk).toHaveLength(30);
    expect(new Set(bulk.map((m) => m.to)).size).toBe(30);
    const statuses = await db().select({ status: outboxMail.status }).from(outboxMail).where(inArray(outboxMail.id, rows.map((r) => r.id)));
    expect(statuses.every((s) => s.status === "sent")).toBe(true);
  });
});
