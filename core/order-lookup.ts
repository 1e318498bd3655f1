import { z } from "zod";
import { requiredText } from "./address";

/** /orders/lookup's form: one schema for the action and the browser. */

/** The one answer to a number and email that do not name a placed order together, whichever is wrong. */
export const ORDER_LOOKUP_NOT_FOUND = "We couldn't find an order with that number and email.";

export const orderLookupSchema = z.object({
  // Order numbers are stored upper case (server/orders/number.ts): "#pr-261123-eqdk6 " finds PR-261123-EQDK6.
  number: requiredText("Please enter your order number.", 40).transform((v) => v.replace(/^#/, "").replace(/\s+/g, "").toUpperCase()),
  email: requiredText("Please enter the email address you ordered with.", 254)
    .pipe(z.email("Please enter a valid email address."))
    .transform((v) => v.toLowerCase()),
});

export type OrderLookup = z.infer<typeof orderLookupSchema>;

/** The lookup page with the order number filled in: the order emails link it, so the customer types only their email. */
export function orderLookupPath(number: string): string {
  return `/orders/lookup?number=${encodeURIComponent(number)}`;
}
