import { z } from "zod";
import { US_STATE_CODES } from "./countries";
import { centsToDecimal } from "./money";
import { nestFormData, type Nested } from "./nested-form";
import { parseMoneyText } from "./product-form";

/**
 * The back office's Settings forms (issue 12): store details, markets, a shipping zone's methods and
 * the tax rates. One schema per form, used by the action; fields are named by path
 * ("methods.2.maxDays") so an issue's path names the control it belongs to. Amounts are typed as
 * decimals and become integers by string arithmetic: minor units, rates in millionths (exchange)
 * and basis points (tax), the units of docs/pricing.md.
 */

export const ROUNDING_LABELS = {
  exact: "Exact (nearest cent)",
  up_99: "Round up to .99",
  up_whole: "Round up to a whole unit",
} as const;
export type RoundingChoice = keyof typeof ROUNDING_LABELS;
export const ROUNDING_CHOICES = Object.keys(ROUNDING_LABELS) as [RoundingChoice, ...RoundingChoice[]];

/** A decimal with at most `decimals` places to an integer scaled by 10^decimals ("0.79", 6 → 790000); null if unreadable. */
export function parseScaledDecimal(text: string, decimals: number): number | null {
  const m = new RegExp(`^(\\d{0,7})(?:\\.(\\d{0,${decimals}}))?$`).exec(text.trim().replace(/%$/, "").trim());
  if (!m || (m[1] === "" && !m[2])) return null;
  return Number(m[1] || "0") * 10 ** decimals + Number((m[2] ?? "").padEnd(decimals, "0"));
}

/** An integer scaled by 10^decimals as the shortest decimal text (790000, 6 → "0.79"; 2000, 2 → "20"). */
export function scaledToText(value: number, decimals: number): string {
  const whole = Math.floor(value / 10 ** decimals);
  const fraction = String(value % 10 ** decimals).padStart(decimals, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}


export const minorToText = (minor: number | null) => (minor === null ? "" : centsToDecimal(minor));

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => /^\d{1,4}$/.test(v) && Number(v) >= min && Number(v) <= max, message)
    .transform(Number);

/** Money typed as a decimal, with a ceiling; an empty box is refused (`optionalMoney` lets it mean "none"). */
const moneyText = (max: number, allowZero: boolean, message: string, optional: boolean) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => {
      if (v === "") return optional;
      const minor = parseMoneyText(v);
      return minor !== null && minor <= max && (allowZero || minor > 0);
    }, message);
const money = (max: number, allowZero: boolean, message: string) => moneyText(max, allowZero, message, false).transform((v) => parseMoneyText(v)!);
const optionalMoney = (max: number, message: string) => moneyText(max, false, message, true).transform((v) => (v === "" ? null : parseMoneyText(v)!));

// ---------------------------------------------------------------- store details

export const storeDetailsSchema = z.object({
  shopName: z.string().trim().min(1, "Store name is required").max(80, "Store name must be 80 characters or fewer"),
  supportEmail: z.string().trim().max(254, "The email address is too long").pipe(z.email("Enter a valid email address, like support@example.com")),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()-]{5,24}$/, "Enter a phone number of digits, spaces and dashes, like +44 20 7946 0321"),
  // The footer and the policies show it as one line.
  address: z
    .string()
    .trim()
    .min(1, "Address is required")
    .max(300, "Address must be 300 characters or fewer")
    .transform((v) => v.replace(/\s*[\r\n]+\s*/g, ", ")),
  // Printed on every invoice and credit note when set (a UK or EU VAT invoice needs the VAT number).
  vatNumber: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || /^[A-Za-z]{2}[A-Za-z0-9 ]{2,18}$/.test(v), "Enter the VAT number with its country prefix, like GB 123 4567 89")
    .transform((v) => v.toUpperCase()),
  companyNumber: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || /^[A-Za-z0-9 ]{2,20}$/.test(v), "Enter the company number as registered, like 01234567"),
});
export type StoreDetails = z.output<typeof storeDetailsSchema>;
export type StoreDetailsValues = Record<keyof StoreDetails, string>;

// ---------------------------------------------------------------- markets

/** Units of the market's currency per US dollar: 0.01 to 1,000 (anything else is a typo, not a currency). */
const MIN_RATE_MICROS = 10_000;
const MAX_RATE_MICROS = 1_000_000_000;

export const marketsFormSchema = z.object({
  markets: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]{1,40}$/, "Unknown market"),
        rate: z
          .string()
          .trim()
          .default("")
          .refine((v) => {
            const micros = parseScaledDecimal(v, 6);
            return micros !== null && micros >= MIN_RATE_MICROS && micros <= MAX_RATE_MICROS;
          }, "Enter the units of this currency per US dollar, from 0.01 to 1000, like 0.79")
          .transform((v) => parseScaledDecimal(v, 6)!),
        rounding: z.enum(ROUNDING_CHOICES, { message: "Choose a rounding rule from the list" }),
        enabled: checkbox,
      })
      .transform(({ rate, ...m }) => ({ ...m, rateMicros: rate })),
    )
    .min(1, "No markets were sent")
    .max(50)
    .refine((ms) => ms.some((m) => m.enabled), "Keep at least one market enabled: the shop cannot sell anywhere without one"),
});
export type MarketsInput = z.output<typeof marketsFormSchema>;
export type MarketRowValues = { id: string; rate: string; rounding: string; enabled: boolean };

// ---------------------------------------------------------------- shipping

/** Above this a shipping price is a typo: 1,000.00 in the zone's currency. */
const MAX_SHIPPING_MINOR = 100_000;
const MAX_THRESHOLD_MINOR = 100_000_000;
export const MAX_METHODS_PER_ZONE = 20;

const methodSchema = z
  .object({
    /** The stored method's id; empty for a method added in this form. */
    id: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^[a-z0-9-]{1,60}$/.test(v), "Unknown method"),
    name: z.string().trim().min(1, "Method name is required").max(40, "Method name must be 40 characters or fewer"),
    price: money(MAX_SHIPPING_MINOR, true, "Enter a price from 0 to 1000.00, like 3.99"),
    freeFrom: optionalMoney(MAX_THRESHOLD_MINOR, "Enter an order subtotal above 0, like 40.00, or leave it empty"),
    minDays: wholeNumber(0, 60, "Enter a whole number of business days from 0 to 60"),
    maxDays: wholeNumber(0, 90, "Enter a whole number of business days from 0 to 90"),
    cutoff: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Enter a time like 14:00, or leave it empty")
      .transform((v) => v || null),
    position: wholeNumber(0, 999, "Enter a whole number from 0 to 999"),
    enabled: checkbox,
  })
  .superRefine((m, ctx) => {
    if (m.maxDays < m.minDays) ctx.addIssue({ code: "custom", path: ["maxDays"], message: "The longest delivery time cannot be shorter than the shortest" });
  });

export const zoneFormSchema = z.object({
  marketId: z.string().regex(/^[a-z0-9-]{1,40}$/, "Unknown shipping zone"),
  methods: z
    .array(methodSchema)
    .max(MAX_METHODS_PER_ZONE, `At most ${MAX_METHODS_PER_ZONE} methods per zone`)
    .default([])
    .superRefine((methods, ctx) => {
      const seen = new Set<string>();
      methods.forEach((m, i) => {
        const key = m.name.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: [i, "name"], message: "Each method of a zone needs a different name" });
        seen.add(key);
      });
    }),
});
export type ZoneInput = z.output<typeof zoneFormSchema>;
export type MethodRowValues = {
  id: string;
  name: string;
  price: string;
  freeFrom: string;
  minDays: string;
  maxDays: string;
  cutoff: string;
  position: string;
  enabled: boolean;
};
export const newMethodRow = (position: number): MethodRowValues => ({
  id: "",
  name: "",
  price: "",
  freeFrom: "",
  minDays: "",
  maxDays: "",
  cutoff: "",
  position: String(position),
  enabled: true,
});

// ---------------------------------------------------------------- tax rates

/** Above this a tax rate is a typo (the highest VAT in the world is 27%). */
const MAX_TAX_BPS = 5000;
export const MAX_TAX_RATES = 300;

/** The tax rates form; `countries` are the codes some market delivers to (a rate elsewhere would never apply). */
export function taxRatesFormSchema(countries: readonly string[]) {
  const known = new Set(countries);
  return z.object({
    rates: z
      .array(
        z.object({
          country: z
            .string()
            .trim()
            .toUpperCase()
            .refine((v) => known.has(v), "Enter the two-letter code of a country a market delivers to, like GB or DE"),
          region: z.string().trim().toUpperCase().default(""),
          name: z.string().trim().min(1, "Tax name is required").max(40, "Tax name must be 40 characters or fewer"),
          rate: z
            .string()
            .trim()
            .default("")
            .refine((v) => {
              const bps = parseScaledDecimal(v, 2);
              return bps !== null && bps <= MAX_TAX_BPS;
            }, "Enter a rate from 0 to 50 (percent, up to two decimals), like 20 or 7.25")
            .transform((v) => parseScaledDecimal(v, 2)!),
          taxShipping: checkbox,
        })
        // A region is a US state: checkout asks US addresses for one and nobody else for a code it could match.
        .refine((r) => r.region === "" || (r.country === "US" && US_STATE_CODES.has(r.region)), {
          path: ["region"],
          message: "Enter a US state's code like CA or NY (regions are for US states), or leave it empty for the whole country",
          when: (payload) => !payload.issues.some((i) => i.path?.[0] === "country" || i.path?.[0] === "region"),
        }),
      )
      .max(MAX_TAX_RATES, `At most ${MAX_TAX_RATES} rates`)
      .default([])
      .superRefine((rates, ctx) => {
        const seen = new Set<string>();
        rates.forEach((r, i) => {
          const key = `${r.country}:${r.region}`;
          if (seen.has(key)) {
            ctx.addIssue({ code: "custom", path: [i, r.region ? "region" : "country"], message: "This country (and region) already has a rate above" });
          }
          seen.add(key);
        });
      }),
  });
}
export type TaxRatesInput = z.output<ReturnType<typeof taxRatesFormSchema>>;
export type TaxRowValues = { country: string; region: string; name: string; rate: string; taxShipping: boolean };
export const newTaxRow = (): TaxRowValues => ({ country: "", region: "", name: "", rate: "", taxShipping: false });

// ---------------------------------------------------------------- the submitted form, as typed

/**
 * A posted list of rows as typed ("methods.0.name" …), to show again next to its messages, or after
 * "Add" / "Remove" (which only change the form on screen; nothing is written until Save).
 */
export function submittedRows<T extends Record<string, string | boolean>>(form: FormData, list: string, blank: T): T[] {
  const nested: Nested = nestFormData(form);
  const rows = nested[list];
  if (!Array.isArray(rows)) return [];
  return rows.slice(0, 300).map((row) => {
    const r = typeof row === "object" && !Array.isArray(row) ? row : {};
    return Object.fromEntries(
      Object.entries(blank).map(([k, empty]) => {
        const v = r[k];
        const text = typeof v === "string" ? v.slice(0, 300) : "";
        return [k, typeof empty === "boolean" ? text === "on" || text === "true" : text];
      }),
    ) as T;
  });
}

/**
 * The form's buttons: "save", "add", or "remove:<row index>". Anything else writes nothing: a post
 * without the Save button's intent must never be read as "save an empty table".
 */
export function readIntent(form: FormData): { kind: "save" } | { kind: "add" } | { kind: "remove"; index: number } | { kind: "unknown" } {
  const v = form.get("intent");
  if (v === "save") return { kind: "save" };
  if (v === "add") return { kind: "add" };
  const remove = typeof v === "string" ? /^remove:(\d{1,3})$/.exec(v) : null;
  if (remove) return { kind: "remove", index: Number(remove[1]) };
  return { kind: "unknown" };
}

export const UNKNOWN_INTENT = "Use the form's Save, Add or Remove buttons.";

export function parseForm<S extends z.ZodType>(schema: S, form: FormData) {
  return schema.safeParse(nestFormData(form));
}
