import { z } from "zod";
import { db } from "../db/client";
import { contactMessages } from "./schema";
import { sendMail } from "../mail/send";
import { getShopSettings } from "../content/settings";
import { checkRateLimit, type RateLimitResult } from "../security/rate-limit";

export const contactSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name.").max(120, "Please keep your name under 120 characters."),
  email: z
    .string()
    .trim()
    .min(1, { message: "Please enter your email address.", abort: true })
    .email("Please enter a valid email address.")
    .max(254, "Please enter a valid email address."),
  subject: z.string().trim().min(1, "Please enter a subject.").max(200, "Please keep the subject under 200 characters."),
  message: z.string().trim().min(1, "Please enter a message.").max(5000, "Please keep your message under 5,000 characters."),
});
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
