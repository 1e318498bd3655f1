import { z } from "zod";
import { requiredText, shippingAddressSchema } from "./address";
import { checkbox, NEW_ADDRESS } from "./address-book";

/**
 * The checkout form's one schema, used by the action on the server and by the form in the browser
 * (instant field errors). It holds contact and shipping details only (the address part is every
 * address form's, lib/address.ts): prices never come from here.
 */
/** The longest order note a shopper may leave at checkout (the column checks it too). */
export const ORDER_NOTE_MAX = 500;

const contactFields = {
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
  /** "Order note (optional)": plain text for staff, kept as typed (trimmed) and always shown escaped. */
  note: z
    .string()
    .trim()
    .max(ORDER_NOTE_MAX, `Your note can be at most ${ORDER_NOTE_MAX} characters.`)
    .transform((v) => v || undefined)
    .optional(),
};

export const checkoutSchema = shippingAddressSchema.extend(contactFields);

export type CheckoutDetails = z.infer<typeof checkoutSchema>;

/**
 * What checkout is asked to do besides the order. `addressId`: a signed-in customer's "Ship to" (a
 * saved address's id, or NEW_ADDRESS for the typed fields); `saveAddress`: "Save this address to my
 * account" (a new address of a signed-in customer); `createAccount`: a guest's "Create an account
 * with this order". The last two happen once the payment is confirmed (server/accounts/after-payment.ts).
 */
export const checkoutChoicesSchema = z.object({
  addressId: z
    .string()
    .trim()
    .max(64, "Please choose one of your saved addresses, or a new address.")
    .optional()
    .transform((v) => v || NEW_ADDRESS),
  saveAddress: checkbox,
  createAccount: checkbox,
  /** "Email me offers and reminders": unticked unless ticked; the abandoned checkout reminder's consent. */
  marketingConsent: checkbox,
});

export type CheckoutChoices = z.infer<typeof checkoutChoicesSchema>;
export const CHECKOUT_CHOICE_FIELDS = ["addressId", "saveAddress", "createAccount", "marketingConsent"] as const;

/** A saved address chosen: the server takes the address from the address book, so only these are checked. */
const contactSchema = z.object(contactFields);

/** The browser's check of the checkout form before it posts (use-schema-form.ts): the action's rules. */
export function checkCheckoutForm(form: FormData) {
  const addressId = form.get("addressId");
  const savedChosen = typeof addressId === "string" && addressId !== "" && addressId !== NEW_ADDRESS;
  return (savedChosen ? contactSchema : checkoutSchema).safeParse(Object.fromEntries(form));
}
export type CheckoutField = keyof CheckoutDetails;
export type CheckoutFieldErrors = Partial<Record<CheckoutField | (typeof CHECKOUT_CHOICE_FIELDS)[number], string>>;
/** The checkout form's values as posted (or prefilled), every field as text: what goes back to the form. */
export type CheckoutValues = Partial<Record<CheckoutField | (typeof CHECKOUT_CHOICE_FIELDS)[number], string>>;
/** The fields the checkout form posts (besides its intent). */
export const CHECKOUT_FORM_FIELDS = ["email", "country", "name", "line1", "line2", "city", "region", "postalCode", "shippingMethod", "note", ...CHECKOUT_CHOICE_FIELDS] as const;


/** The checkout URL of a Buy Now: it checks out the Buy Now cart, not the shopper's (server/cart/buy-now.ts). */
export const BUY_NOW_CHECKOUT = "/checkout?buy=now";
