import { eq } from "drizzle-orm";
import type { z } from "zod";
import { shippingAddressSchema } from "~/lib/address";
import { db } from "../db/client";
import { customerAddresses } from "./schema";

/** The saved shipping address: the same fields and rules as checkout's shipping details. */
export const addressSchema = shippingAddressSchema;

export type SavedAddress = z.infer<typeof addressSchema>;

/** The customer's saved shipping address (checkout prefills from it), or null. */
export async function getSavedAddress(userId: string): Promise<SavedAddress | null> {
  const [row] = await db().select().from(customerAddresses).where(eq(customerAddresses.userId, userId));
  if (!row) return null;
  const stored = { ...row, line2: row.line2 ?? undefined, region: row.region ?? undefined };
  const parsed = addressSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  // A US address saved before addresses had a state: every other part passed, so it still prefills
  // checkout, where the form asks for the state.
  if (parsed.error.issues.every((i) => i.path[0] === "region")) return { ...stored, country: stored.country as SavedAddress["country"], region: undefined };
  return null;
}

export async function saveAddress(userId: string, address: SavedAddress): Promise<void> {
  const values = { ...address, line2: address.line2 ?? null, region: address.region ?? null, updatedAt: new Date() };
  await db()
    .insert(customerAddresses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: customerAddresses.userId, set: values });
}
