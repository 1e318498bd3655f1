import { z } from "zod";
import { nestFormData } from "./nested-form";
import { parsePriceCents } from "./product-form";

/**
 * The discount editor's form (issue 13): one schema for the action and the browser's check. Fields
 * are named by path ("amounts.GBP"); an issue's path names the control that caused it.
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

/** Highest amount (fixed discount or minimum) a merchant may type: 1,000,000.00 in any currency. */
const MAX_AMOUNT_MINOR = 100_000_000;

const CURRENCY = /^[A-Z]{3}$/;

/** "12.50" per currency code to minor units; an empty box means "not set" (converted from USD). */
const amountsByCurrency = (label: string) =>
  z
    .record(z.string().regex(CURRENCY), z.string().trim().max(20))
    .default({})
    .superRefine((v, ctx) => {
      for (const [currency, text] of Object.entries(v)) {
        if (text === "") continue;
        const minor = parsePriceCents(text.replace(/^[£€]/, ""));
        if (minor === null || minor <= 0 || minor > MAX_AMOUNT_MINOR) {
          ctx.addIssue({ code: "custom", path: [currency], message: `Enter the ${label} in ${currency} like 12.50, or leave it empty` });
        }
      }
    })
    .transform((v) =>
      Object.fromEntries(
        Object.entries(v).flatMap(([currency, text]) => (text === "" ? [] : [[currency, parsePriceCents(text.replace(/^[£€]/, "")) ?? 0]])),
      ) as Record<string, number>,
    );

/** "2026-12-01T09:00" (UTC, as the form sends it) to a Date; empty: no limit. */
const utcDateTime = z
  .string()
  .trim()
  .default("")
  .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) && !Number.isNaN(Date.parse(`${v}Z`))), "Enter a date and time, or leave it empty")
  .transform((v) => (v === "" ? null : new Date(`${v}Z`)));

const list = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string()).max(200, "Too many choices"));

const formSchema = z
  .object({
    code: z.string().trim().regex(DISCOUNT_CODE_PATTERN, "Use 3 to 32 letters, digits or hyphens"),
    title: z.string().trim().min(1, "Title is required").max(120, "Title must be 120 characters or fewer"),
    kind: z.enum(DISCOUNT_KINDS, { message: "Choose what the code gives" }),
    percentOff: z.string().trim().default(""),
    amounts: amountsByCurrency("amount"),
    minSubtotals: amountsByCurrency("minimum subtotal"),
    freeShippingMarkets: list.pipe(z.array(z.string().regex(/^[a-z0-9-]{1,40}$/, "Choose a shipping zone from the list"))),
    startsAt: utcDateTime,
    endsAt: utcDateTime,
    usageLimit: z
      .string()
      .trim()
      .default("")
      .refine((v) => v === "" || (/^\d{1,7}$/.test(v) && Number(v) >= 1), "Enter a whole number of uses from 1, or leave it empty")
      .transform((v) => (v === "" ? null : Number(v))),
    oncePerCustomer: z
      .string()
      .optional()
      .transform((v) => v === "on" || v === "true"),
    appliesTo: z.enum(["all", "products"], { message: "Choose which products it applies to" }).default("all"),
    productIds: list.pipe(z.array(z.uuid("Choose a product from the list"))),
  })
  .superRefine((d, ctx) => {
    if (d.kind === "percentage" && !(/^\d{1,3}$/.test(d.percentOff) && Number(d.percentOff) >= 1 && Number(d.percentOff) <= 100)) {
      ctx.addIssue({ code: "custom", path: ["percentOff"], message: "Enter a whole percentage from 1 to 100" });
    }
    if (d.kind === "fixed" && d.amounts.USD === undefined) {
      ctx.addIssue({ code: "custom", path: ["amounts", "USD"], message: "Enter the amount in USD; other currencies are converted unless you set them" });
    }
    if (d.minSubtotals.USD === undefined && Object.keys(d.minSubtotals).length > 0) {
      ctx.addIssue({ code: "custom", path: ["minSubtotals", "USD"], message: "Enter the minimum in USD too; it is converted for currencies you leave empty" });
    }
    if (d.startsAt && d.endsAt && d.endsAt <= d.startsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must be after the start" });
    if (d.appliesTo === "products" && d.productIds.length === 0) {
      ctx.addIssue({ code: "custom", path: ["productIds"], message: "Choose at least one product, or apply it to all products" });
    }
  });

/** The stored shape of a discount code's definition. */
export const discountFormSchema = formSchema.transform((d) => ({
  code: normalizeDiscountCode(d.code),
  title: d.title,
  kind: d.kind,
  percentOff: d.kind === "percentage" ? Number(d.percentOff) : null,
  amounts: d.kind === "fixed" ? d.amounts : {},
  minSubtotals: d.minSubtotals,
  freeShippingMarkets: d.kind === "free_shipping" && d.freeShippingMarkets.length > 0 ? [...new Set(d.freeShippingMarkets)] : null,
  startsAt: d.startsAt,
  endsAt: d.endsAt,
  usageLimit: d.usageLimit,
  oncePerCustomer: d.oncePerCustomer,
  productIds: d.appliesTo === "products" ? [...new Set(d.productIds)] : null,
}));

export type DiscountInput = z.output<typeof discountFormSchema>;

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

/** A stored code as the editor shows it (minor units as "12.50", instants as UTC "2026-12-01T09:00"). */
export type StoredDiscount = {
  code: string;
  title: string;
  kind: DiscountKind;
  percentOff: number | null;
  amounts: Record<string, number>;
  minSubtotals: Record<string, number>;
  freeShippingMarkets: string[] | null;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  usageLimit: number | null;
  oncePerCustomer: boolean;
  productIds: string[] | null;
};

const decimal = (byCurrency: Record<string, number>) => Object.fromEntries(Object.entries(byCurrency).map(([c, minor]) => [c, (minor / 100).toFixed(2)]));
const utcInput = (d: Date | string | null) => (d ? new Date(d).toISOString().slice(0, 16) : "");

export function discountFormValues(d: StoredDiscount | null): DiscountFormValues {
  return {
    code: d?.code ?? "",
    title: d?.title ?? "",
    kind: d?.kind ?? "percentage",
    percentOff: d?.percentOff?.toString() ?? "",
    amounts: decimal(d?.amounts ?? {}),
    minSubtotals: decimal(d?.minSubtotals ?? {}),
    freeShippingMarkets: d?.freeShippingMarkets ?? [],
    startsAt: utcInput(d?.startsAt ?? null),
    endsAt: utcInput(d?.endsAt ?? null),
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
