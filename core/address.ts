import { z } from "zod";
import { COUNTRY_CODES, US_STATE_CODES, countryName } from "./countries";

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

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .optional()
    .transform((v) => v || undefined);

/**
 * How an address form asks for the region: a US address names its state (sales tax is set per
 * state), a UK one needs none (the postcode locates it), elsewhere it is an optional line
 * ("Ontario", "NSW", "Lombardia") that goes on the label.
 */
export type RegionKind = "state" | "none" | "text";

export function regionKind(country: string | undefined): RegionKind {
  return country === "US" ? "state" : country === "GB" ? "none" : "text";
}

export const US_STATE_REQUIRED = "Please choose a state.";

export const shippingAddressSchema = z
  .object({
    name: requiredText("Please enter your full name.", 120),
    line1: requiredText("Please enter your address.", 200),
    line2: optionalText(200),
    city: requiredText("Please enter your town or city.", 100),
    /** A US state's code for a US address (checked below); free text elsewhere; none for the UK. */
    region: optionalText(100),
    postalCode: requiredText("Please enter your postal code.", 20),
    country: z.enum(COUNTRY_CODES, { error: "Please choose a country from the list." }),
  })
  .refine((a) => regionKind(a.country) !== "state" || (a.region !== undefined && US_STATE_CODES.has(a.region)), {
    path: ["region"],
    message: US_STATE_REQUIRED,
    // Judged even while other fields are wrong (all messages at once), but only once the country is known.
    when: (payload) => !payload.issues.some((i) => i.path?.[0] === "country" || i.path?.[0] === "region"),
  });

export type ShippingAddress = z.infer<typeof shippingAddressSchema>;
export type AddressField = keyof ShippingAddress;
export const ADDRESS_FIELDS = Object.keys(shippingAddressSchema.shape) as AddressField[];

/** An address as an order or an account stores it (absent parts null). */
export type PostalAddress = { name?: string | null; line1: string; line2?: string | null; city: string; region?: string | null; postalCode: string; country: string };

/**
 * The lines of an address label, as pages and emails print it: a US address as USPS writes it
 * ("Austin, TX 78701"), elsewhere the town and postal code, then the region when given.
 */
export function postalAddressLines(a: PostalAddress): string[] {
  const us = a.country === "US" && a.region;
  const town = us ? `${a.city}, ${a.region} ${a.postalCode}` : `${a.city} ${a.postalCode}`;
  return [a.name, a.line1, a.line2, town, us ? null : a.region, countryName(a.country)].filter((l): l is string => !!l);
}
