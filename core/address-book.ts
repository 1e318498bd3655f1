import { z } from "zod";
import { shippingAddressSchema, type ShippingAddress } from "./address";
import { countryName } from "./countries";

/**
 * The customer's address book as the account pages and checkout show it (server/accounts/address.ts
 * keeps it). Shared by server and browser: no server imports here.
 */

/** A saved address as the address book lists it (checkout's "Ship to", the account's address page). */
export type AddressBookEntry = ShippingAddress & { id: string; isDefault: boolean };

/** How many addresses one customer may keep (a bound on what one account can write). */
export const ADDRESS_BOOK_MAX = 20;

/** Checkout's "Ship to" choice for typing an address instead of picking a saved one. */
export const NEW_ADDRESS = "new";

/** A checkbox as a form posts it: present ("on") or absent. */
export const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** The account's address form: the address and "Set as default address". */
export const addressFormSchema = shippingAddressSchema.extend({ isDefault: checkbox });

/** An address on one line ("Ada Lovelace, 12 Analytical Row, London NW1 6XE, United Kingdom"): a radio's label. */
export function addressOneLine(a: Pick<ShippingAddress, "name" | "line1" | "line2" | "city" | "region" | "postalCode" | "country">): string {
  const town = [a.city, a.region].filter(Boolean).join(", ");
  return [a.name, a.line1, a.line2, `${town} ${a.postalCode}`, countryName(a.country)].filter((l): l is string => !!l).join(", ");
}
