import { z } from "zod";
import { db } from "../db/client";
import { contactMessages } from "../db/schema";
import { sendMail } from "../mail/send";
import { getShopSettings } from "../content/settings";

export const contactSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name.").max(120),
  email: z.string().trim().min(1, "Please enter your email address.").email("Please enter a valid email address.").max(254),
  subject: z.string().trim().min(1, "Please enter a subject.").max(200),
  message: z.string().trim().min(1, "Please enter a message.").max(5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

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
