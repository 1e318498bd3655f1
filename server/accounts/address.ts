import { eq } from "drizzle-orm";
import { z } from "zod";
import { COUNTRY_CODES } from "~/lib/countries";
import { db } from "../db/client";
import { customerAddresses } from "../db/schema";

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

/** The saved shipping address: the same fields and rules as checkout's shipping details. */
export const addressSchema = z.object({
  name: required("Please enter your full name.", 120),
  line1: required("Please enter your address.", 200),
  line2: z
    .string()
    .trim()
    .max(200, "Please keep this under 200 characters.")
    .optional()
    .transform((v) => v || undefined),
  city: required("Please enter your town or city.", 100),
  postalCode: required("Please enter your postal code.", 20),
  country: z.enum(COUNTRY_CODES, { error: "Please choose a country from the list." }),
});

export type SavedAddress = z.infer<typeof addressSchema>;

/** The customer's saved shipping address (checkout prefills from it), or null. */
export async function getSavedAddress(userId: string): Promise<SavedAddress | null> {
  const [row] = await db().select().from(customerAddresses).where(eq(customerAddresses.userId, userId));
  if (!row) return null;
  const parsed = addressSchema.safeParse({ ...row, line2: row.line2 ?? undefined });
  return parsed.success ? parsed.data : null;
}

export async function saveAddress(userId: string, address: SavedAddress): Promise<void> {
  const values = { ...address, line2: address.line2 ?? null, updatedAt: new Date() };
  await db()
    .insert(customerAddresses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: customerAddresses.userId, set: values });
}
