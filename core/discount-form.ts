import { z } from "zod";
import { DEFAULT_TIME_ZONE, isTimeZone, wallTimeInZone, zonedWallTime } from "./admin-time";
import { centsToDecimal } from "./money";
import { nestFormData } from "./nested-form";
import { parsePriceCents } from "./product-form";

/**
 * A discount code's rules (issue 13), one zod schema for everyone: the editor checks its form with
 * it in the browser and in its action, saveDiscount checks every write with it, and the pricing
 * (server/discounts/rules.ts) works on the definition it describes. The editor's fields are named
 * by path ("amounts.GBP"), so an issue's path names the control that caused it.
 */

export const DISCOUNT_KINDS = ["percentage", "fixed", "free_shipping"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_KIND_LABELS: Record<DiscountKind, string> = {
  percentage: "Percentage off",
  fixed: "Fixed amount off",
  free_shipping: "Free shipping",
};

/** Case-insensitive: stored and compared in upper case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Highest amount (fixed discount or minimum) a merchant may set: 1,000,000.00 in any currency. */
const MAX_AMOUNT_MINOR = 100_000_000;
const MAX_USES = 9_999_999;
const CURRENCY = /^[A-Z]{3}$/;
const MARKET_ID = /^[a-z0-9-]{1,40}$/;

const PERCENT_MESSAGE = "Enter a whole percentage from 1 to 100";
const USES_MESSAGE = "Enter a whole number of uses from 1, or leave it empty";
const DATE_MESSAGE = "Enter a date and time, or leave it empty";

/**
 * Minor units per currency code. NaN stands for what could not be read as an amount (the form's
 * text), so it is told with the same words as an amount out of range.
 */
const amountsByCurrency = (label: string) =>
  z.record(z.string().regex(CURRENCY, "Unknown currency"), z.union([z.number(), z.nan()])).superRefine((v, ctx) => {
    for (const [currency, minor] of Object.entries(v)) {
      if (!Number.isInteger(minor) || minor <= 0 || minor > MAX_AMOUNT_MINOR) {
        ctx.addIssue({ code: "custom", path: [currency], message: `Enter the ${label} in ${currency} like 12.50, or leave it empty` });
      }
    }
  });

/** What a discount code is, as stored (docs/discounts.md, "What a code is"). */
export const discountRulesSchema = z
  .object({
    code: z.string().trim().regex(DISCOUNT_CODE_PATTERN, "Use 3 to 32 letters, digits or hyphens").transform(normalizeDiscountCode),
    title: z.string().trim().min(1, "Title is required").max(120, "Title must be 120 characters or fewer"),
    kind: z.enum(DISCOUNT_KINDS, { message: "Choose what the code gives" }),
    /** Percentage kind only. */
    percentOff: z.number({ error: PERCENT_MESSAGE }).int(PERCENT_MESSAGE).min(1, PERCENT_MESSAGE).max(100, PERCENT_MESSAGE).nullable(),
    /** Fixed kind only; USD required, other currencies converted with the market's rate when not set. */
    amounts: amountsByCurrency("amount"),
    /** Of the lines the code applies to; USD required when any is set. */
    minSubtotals: amountsByCurrency("minimum subtotal"),
    /** Free-shipping kind only: these markets' zones; null for every zone. */
    freeShippingMarkets: z.array(z.string().regex(MARKET_ID, "Choose a shipping zone from the list")).min(1).max(50).nullable(),
    startsAt: z.date({ error: DATE_MESSAGE }).nullable(),
    endsAt: z.date({ error: DATE_MESSAGE }).nullable(),
    usageLimit: z.number({ error: USES_MESSAGE }).int(USES_MESSAGE).min(1, USES_MESSAGE).max(MAX_USES, USES_MESSAGE).nullable(),
    oncePerCustomer: z.boolean(),
    /** null: all products. */
    productIds: z
      .array(z.uuid("Choose a product from the list"))
      .min(1, "Choose at least one product, or apply it to all products")
      .max(200, "Too many choices")
      .nullable(),
  })
  .superRefine((d, ctx) => {
    const issue = (path: string[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (d.kind === "percentage" && d.percentOff === null) issue(["percentOff"], PERCENT_MESSAGE);
    if (d.kind !== "percentage" && d.percentOff !== null) issue(["percentOff"], "Only a percentage code has a percentage");
    if (d.kind === "fixed" && d.amounts.USD === undefined) {
      issue(["amounts", "USD"], "Enter the amount in USD; other currencies are converted unless you set them");
    }
    if (d.kind !== "fixed" && Object.keys(d.amounts).length > 0) issue(["amounts"], "Only a fixed-amount code has amounts");
    if (d.kind !== "free_shipping" && d.freeShippingMarkets !== null) issue(["freeShippingMarkets"], "Only a free-shipping code has shipping zones");
    if (d.minSubtotals.USD === undefined && Object.keys(d.minSubtotals).length > 0) {
      issue(["minSubtotals", "USD"], "Enter the minimum in USD too; it is converted for currencies you leave empty");
    }
    if (d.startsAt && d.endsAt && d.endsAt <= d.startsAt) issue(["endsAt"], "The end must be after the start");
  });

export type DiscountRules = z.output<typeof discountRulesSchema>;

/** A stored code: its rules, its id, and whether the merchant has deactivated it. */
export type DiscountDefinition = DiscountRules & { id: string; active: boolean };

/** "12.50" (or "£12.50") to minor units, NaN when it is not an amount; empty boxes are left out. */
function minorAmounts(byCurrency: Record<string, string>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(byCurrency).flatMap(([currency, text]) => {
      const trimmed = text.trim();
      return trimmed === "" ? [] : [[currency, parsePriceCents(trimmed.replace(/^[£€]/, "")) ?? Number.NaN]];
    }),
  );
}

/** "12" to 12; empty to null; anything else NaN (told as out of range). */
function wholeNumber(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

/** "2026-12-01T09:00" as typed in the admin's zone `tz` to the instant; empty: null; otherwise an invalid Date. */
function zonedDate(text: string, tz: string): Date | null {
  const t = text.trim();
  return t === "" ? null : zonedWallTime(t, tz);
}

const field = z.string().max(200).default("");
const list = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(200)).max(200, "Too many choices"));
const byCurrencyText = z.record(z.string(), z.string().max(40)).default({});

/**
 * The editor's form as sent (strings, ticked boxes), read into the rules: only the fields of the
 * chosen kind are kept, "All products" clears the chosen products.
 */
export const discountFormSchema = z
  .object({
    code: field,
    title: field,
    kind: field,
    percentOff: field,
    amounts: byCurrencyText,
    minSubtotals: byCurrencyText,
    freeShippingMarkets: list,
    startsAt: field,
    endsAt: field,
    usageLimit: field,
    /** The zone the start and end were typed in (the admin's: the editor sends it with them). */
    timeZone: field,
    oncePerCustomer: z.string().optional(),
    appliesTo: z.enum(["all", "products"], { message: "Choose which products it applies to" }).default("all"),
    productIds: list,
  })
  .transform((f) => {
    const tz = isTimeZone(f.timeZone) ? f.timeZone : DEFAULT_TIME_ZONE;
    return {
      code: f.code,
      title: f.title,
      kind: f.kind,
      percentOff: f.kind === "percentage" ? wholeNumber(f.percentOff) : null,
      amounts: f.kind === "fixed" ? minorAmounts(f.amounts) : {},
      minSubtotals: minorAmounts(f.minSubtotals),
      freeShippingMarkets: f.kind === "free_shipping" && f.freeShippingMarkets.length > 0 ? [...new Set(f.freeShippingMarkets)] : null,
      startsAt: zonedDate(f.startsAt, tz),
      endsAt: zonedDate(f.endsAt, tz),
      usageLimit: wholeNumber(f.usageLimit),
      oncePerCustomer: f.oncePerCustomer === "on" || f.oncePerCustomer === "true",
      productIds: f.appliesTo === "products" ? [...new Set(f.productIds)] : null,
    };
  })
  .pipe(discountRulesSchema);

export function parseDiscountForm(form: FormData) {
  return discountFormSchema.safeParse(nestFormData(form));
}

/** What the editor's controls show: strings as typed, lists of ticked boxes. */
export type DiscountFormValues = {
  code: string;
  title: string;
  kind: DiscountKind;
  percentOff: string;
  amounts: Record<string, string>;
  minSubtotals: Record<string, string>;
  freeShippingMarkets: string[];
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  oncePerCustomer: boolean;
  appliesTo: "all" | "products";
  productIds: string[];
};

const decimal = (byCurrency: Record<string, number>) => Object.fromEntries(Object.entries(byCurrency).map(([c, minor]) => [c, centsToDecimal(minor)]));
const wallTime = (d: Date | string | null, tz: string) => (d ? wallTimeInZone(new Date(d), tz) : "");

/** A stored code as the editor shows it (minor units as "12.50", instants as "2026-12-01T09:00" in the admin's zone `tz`). */
export function discountFormValues(d: DiscountRules | null, tz: string = DEFAULT_TIME_ZONE): DiscountFormValues {
  return {
    code: d?.code ?? "",
    title: d?.title ?? "",
    kind: d?.kind ?? "percentage",
    percentOff: d?.percentOff?.toString() ?? "",
    amounts: decimal(d?.amounts ?? {}),
    minSubtotals: decimal(d?.minSubtotals ?? {}),
    freeShippingMarkets: d?.freeShippingMarkets ?? [],
    startsAt: wallTime(d?.startsAt ?? null, tz),
    endsAt: wallTime(d?.endsAt ?? null, tz),
    usageLimit: d?.usageLimit?.toString() ?? "",
    oncePerCustomer: d?.oncePerCustomer ?? false,
    appliesTo: d?.productIds ? "products" : "all",
    productIds: d?.productIds ?? [],
  };
}

/** The submitted form as typed, to show again next to its messages. */
export function submittedDiscountValues(form: FormData): DiscountFormValues {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.slice(0, 200) : "";
  };
  const byCurrency = (prefix: string) =>
    Object.fromEntries([...form.keys()].filter((k) => k.startsWith(`${prefix}.`) && CURRENCY.test(k.slice(prefix.length + 1))).map((k) => [k.slice(prefix.length + 1), text(k)]));
  const kind = text("kind");
  return {
    code: text("code"),
    title: text("title"),
    kind: (DISCOUNT_KINDS as readonly string[]).includes(kind) ? (kind as DiscountKind) : "percentage",
    percentOff: text("percentOff"),
    amounts: byCurrency("amounts"),
    minSubtotals: byCurrency("minSubtotals"),
    freeShippingMarkets: form.getAll("freeShippingMarkets").filter((v): v is string => typeof v === "string"),
    startsAt: text("startsAt"),
    endsAt: text("endsAt"),
    usageLimit: text("usageLimit"),
    oncePerCustomer: text("oncePerCustomer") === "on",
    appliesTo: text("appliesTo") === "products" ? "products" : "all",
    productIds: form.getAll("productIds").filter((v): v is string => typeof v === "string"),
  };
}
