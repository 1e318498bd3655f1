import type { z } from "zod";
import { contactSchema } from "@core/contact-form";
import { db } from "../db/client";
import { contactMessages } from "./schema";
import { sendMail } from "@server/mail";
import { getShopSettings } from "@server/content";
import { checkRateLimit, type RateLimitResult } from "../security/rate-limit";

export { contactSchema };
export type ContactInput = z.infer<typeof contactSchema>;

/** At most 5 messages per client address in 10 minutes: enough for people, too few for spam. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };

export function checkContactRateLimit(clientIp: string): Promise<RateLimitResult> {
  return checkRateLimit(`contact:${clientIp}`, CONTACT_RATE_LIMIT);
}

/** Stores the message, then forwards it to support through the mail module. */
export async function submitContactMessage(input: ContactInput) {
  const [row] = await db().insert(contactMessages).values(input).returning({ id: contactMessages.id });
  const settings = await getShopSettings();
  await sendMail({
    to: settings.supportEmail,
    replyTo: input.email,
    subject: `Contact form: ${input.subject}`,
    text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
  });
  return row;
}
