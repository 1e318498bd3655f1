import { z } from "zod";
import { COUNTRY_CODES } from "./countries";

/**
 * A shipping address: checkout's, a customer's saved one (server/accounts/address.ts) and an
 * order's as staff correct it (order-workspace.ts). One schema, shown by one component
 * (components/address-fields.tsx), so the rules and the labels cannot drift apart.
 */
export const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please keep this under ${max} characters.`);

export const shippingAddressSchema = z.object({
  name: requiredText("Please enter your full name.", 120),
  line1: requiredText("Please enter your address.", 200),
  line2: z
    .string()
    .trim()
    .max(200, "Please keep this under 200 characters.")
    .optional()
    .transform((v) => v || undefined),
  city: requiredText("Please enter your town or city.", 100),
  postalCode: requiredText("Please enter your postal code.", 20),
  country: z.enum(COUNTRY_CODES, { error: "Please choose a country from the list." }),
});

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
export type AddressField = keyof ShippingAddress;
export const ADDRESS_FIELDS = Object.keys(shippingAddressSchema.shape) as AddressField[];
