import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../server/content/settings";
import { db } from "../../server/db/client";
import { contactMessages } from "../../server/marketing/schema";
import { outboxMail } from "../../server/mail/schema";
import { contactSchema, submitContactMessage } from "../../server/marketing/contact";
import { useTestDatabase } from "./test-db";

/** A local SMTP server standing in for the mail provider: it keeps what it receives. */
const received: { to: string[]; data: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let data = "";
    stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});
smtp.listen(0, "127.0.0.1");
await once(smtp.server, "listening");
const smtpPort = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const valid = { name: "Ada Player", email: "ada@example.com", subject: "Battery question", message: "How long does a full charge take?" };

describe("contact messages", () => {
  useTestDatabase({ env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });

  it("stores a valid message and mails it to support through the outbox", async () => {
    const input = contactSchema.parse(valid);
    const { id } = await submitContactMessage(input);
    const [stored] = await db().select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject(valid);

    const [mail] = await db().select().from(outboxMail).where(eq(outboxMail.subject, "Contact form: Battery question"));
    expect(mail).toMatchObject({ to: DEFAULT_SETTINGS.supportEmail, status: "sent" });
    expect(mail.text).toContain("From: Ada Player <ada@example.com>");
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([DEFAULT_SETTINGS.supportEmail]);
    expect(received[0].data).toMatch(/^Reply-To: ada@example\.com/m);
    expect(received[0].data).toContain("How long does a full charge take?");
  });

  it("trims the input and rejects missing fields and a malformed email with the form's messages", () => {
    expect(contactSchema.parse({ ...valid, name: "  Ada  " }).name).toBe("Ada");
    const empty = contactSchema.safeParse({ name: " ", email: "", subject: "", message: "" });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["name", "Please enter your name."],
      ["email", "Please enter your email address."],
      ["subject", "Please enter a subject."],
      ["message", "Please enter a message."],
    ]);
    const badEmail = contactSchema.safeParse({ ...valid, email: "ada@" });
    expect(badEmail.error?.issues.map((i) => i.message)).toEqual(["Please enter a valid email address."]);
    expect(contactSchema.safeParse({ ...valid, message: "x".repeat(5001) }).success).toBe(false);
  });
});
