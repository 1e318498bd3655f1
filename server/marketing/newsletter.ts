import { z } from "zod";
import { db } from "../db/client";
import { newsletterSubscribers } from "../db/schema";

export const newsletterSchema = z.object({
  email: z.string().trim().toLowerCase().email("Please enter a valid email address.").max(254),
});

/** Stores a subscriber; subscribing twice is not an error and stores nothing new. */
export async function subscribe(email: string): Promise<{ created: boolean }> {
  const rows = await db()
    .insert(newsletterSubscribers)
    .values({ email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return { created: rows.length > 0 };
}
