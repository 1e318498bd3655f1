import { z } from "zod";
import { db } from "../db/client";
import { newsletterSubscribers } from "./schema";
import { checkRateLimit, type RateLimitResult } from "../security/rate-limit";

export const newsletterSchema = z.object({
  email: z.string().trim().toLowerCase().email("Please enter a valid email address.").max(254),
});

/** Sign-ups per client address in 10 minutes: a household's worth, not a list-bombing script's. */
export const NEWSLETTER_RATE_LIMIT = { limit: 10, windowMs: 10 * 60_000 };

export function checkNewsletterRateLimit(clientIp: string): Promise<RateLimitResult> {
  return checkRateLimit(`newsletter:${clientIp}`, NEWSLETTER_RATE_LIMIT);
}

/** Stores a subscriber; subscribing twice is not an error and stores nothing new. */
export async function subscribe(email: string): Promise<{ created: boolean }> {
  const rows = await db()
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return { created: rows.length > 0 };
}
