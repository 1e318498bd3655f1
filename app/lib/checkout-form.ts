import { z } from "zod";
import { requiredText, shippingAddressSchema } from "./address";

/**
 * The checkout form's one schema, used by the action on the server and by the form in the browser
 * (instant field errors). It holds contact and shipping details only (the address part is every
 * address form's, lib/address.ts): prices never come from here.
 */
export const checkoutSchema = shippingAddressSchema.extend({
  email: requiredText("Please enter your email address.", 254).pipe(z.email("Please enter a valid email address.")),
  /**
   * The delivery option's id (the server checks it belongs to the country's zone and prices it);
   * absent: the zone's first option.
   */
  shippingMethod: z
    .string()
    .trim()
    .max(64, "Please choose one of the delivery options shown for your country.")
    .transform((v) => v || undefined)
    .optional(),
});

export type CheckoutDetails = z.infer<typeof checkoutSchema>;
export type CheckoutField = keyof CheckoutDetails;
export type CheckoutFieldErrors = Partial<Record<CheckoutField, string>>;


/** The checkout URL of a Buy Now: it checks out the Buy Now cart, not the shopper's (server/cart/buy-now.ts). */
export const BUY_NOW_CHECKOUT = "/checkout?buy=now";
