import { z } from "zod";

/** The contact form's one schema: the action (server/marketing/contact.ts) and the form in the browser. */
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
