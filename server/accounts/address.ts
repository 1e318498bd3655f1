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
