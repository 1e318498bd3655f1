import { z } from "zod";
import { COUNTRY_CODES } from "./countries";

/**
 * The checkout form's one schema, used by the action on the server and by the form in the browser
 * (instant field errors). It holds contact and shipping details only: prices never come from here.
 */
const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please keep this under ${max} characters.`);

/** A shipping address; also the saved address of a customer account (server/accounts/address.ts). */
export const shippingAddressSchema = z.object({
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

export const checkoutSchema = shippingAddressSchema.extend({
  email: required("Please enter your email address.", 254).pipe(z.email("Please enter a valid email address.")),
});

export type CheckoutDetails = z.infer<typeof checkoutSchema>;
export type CheckoutField = keyof CheckoutDetails;
export type CheckoutFieldErrors = Partial<Record<CheckoutField, string>>;

/** The first message per field, the shape the form shows next to each input. */
export function fieldErrors(error: z.ZodError): CheckoutFieldErrors {
  const out: CheckoutFieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as CheckoutField;
    out[field] ??= issue.message;
  }
  return out;
}

/** The checkout URL of a Buy Now: it checks out the Buy Now cart, not the shopper's (server/cart/buy-now.ts). */
export const BUY_NOW_CHECKOUT = "/checkout?buy=now";
