import { z } from "zod";
import type { ProductContent } from "./product-content";
import type { PublishStatus } from "./publish-status";
import { hasContent } from "./blog";
import { nestFormData } from "./nested-form";
import { slugify } from "./text";
import { PRODUCT_TYPES, type ProductType } from "./collections";
import { DEFAULT_VARIANT } from "./variant";

/**
 * The product editor's form: one schema for the action and the browser's pre-submit check. Fields
 * are named by path ("colors.0.name", see nested-form.ts); messages are the spec's where it has them.
 */

export const PRODUCT_INTENTS = ["draft", "publish"] as const;
export const PRODUCT_TABS = ["overview", "specifications", "reviews"] as const;
/** Colours to choose from, or none: one default variant holds the stock (core/variant.ts). */
export const PRODUCT_OPTIONS = ["colours", "none"] as const;

export const MESSAGES = {
  title: "Product title is required",
  description: "Product description is required",
  price: "Product price must be greater than 0",
  duplicateSlug: "A product with this slug already exists. Please use a different slug.",
  needsColour: "Add at least one colour to publish the product",
  sku: "A SKU is letters, digits, dots, dashes or underscores (up to 40), starting with a letter or digit",
  duplicateSku: "Each colour needs a different SKU.",
} as const;

/** Highest price an admin may type, in cents ($1,000,000): far above any console, well inside int4. */
const MAX_PRICE_CENTS = 100_000_000;

/**
 * Dollars as typed ("19.99", "$5", ".5", "1,299.00") to integer cents by string arithmetic, so
 * "19.99" is exactly 1999 with no floating-point detour. Null for anything else: words, negative
 * numbers, exponents, more than two decimals.
 */
export function parsePriceCents(text: string): number | null {
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m || (m[1] === "" && !m[2])) return null;
  const dollars = Number(m[1].replace(/,/g, "") || "0");
  const cents = Number((m[2] ?? "").padEnd(2, "0"));
  return dollars * 100 + cents;
}

/** An amount typed in any of the shop's currencies ("£3.99", "€3.99", "$3.99") to minor units; null if unreadable. */
export const parseMoneyText = (text: string) => parsePriceCents(text.trim().replace(/^[£€]/, ""));

/** The spec's product slug: lowercase, runs of anything but letters and digits become one hyphen, trimmed. */
export const productSlug = slugify;

const text = (max: number, label: string) => z.string().trim().max(max, `${label} must be ${max} characters or fewer`);
const required = (max: number, label: string, message = `${label} is required`) => text(max, label).min(1, message);
const optionalText = (max: number, label: string) =>
  text(max, label)
    .default("")
    .transform((v) => v || null);
/** A list of rows; absent means none. */
const rows = <T extends z.ZodType>(row: T, max: number, label: string) => z.array(row).max(max, `At most ${max} ${label}`).default([]);

const price = z
  .string()
  .default("")
  .superRefine((v, ctx) => {
    const cents = parsePriceCents(v);
    // The spec turns an unreadable price into 0, hence its one message for both cases.
    if (!cents) ctx.addIssue({ code: "custom", message: /\.\d{3,}\s*$/.test(v) ? "Use at most two decimal places, like 19.99" : MESSAGES.price });
    else if (cents > MAX_PRICE_CENTS) ctx.addIssue({ code: "custom", message: "Product price must be $1,000,000 or less" });
  })
  .transform((v) => parsePriceCents(v) ?? 0);

const compareAtPrice = z
  .string()
  .trim()
  .default("")
  .superRefine((v, ctx) => {
    if (v === "") return;
    const cents = parsePriceCents(v);
    if (!cents || cents > MAX_PRICE_CENTS) ctx.addIssue({ code: "custom", message: "Enter the compare-at price in dollars, like 99.99, or leave it empty" });
  })
  .transform((v) => (v === "" ? null : parsePriceCents(v)));

/**
 * The merchant's own price in a market other than the base (USD) one, by market id
 * ("marketPrices.uk.price"). Both empty: the shop converts the USD price with the market's rate and
 * rounding. An explicit price brings its own compare-at price (or none).
 */
const marketPriceText = z
  .string()
  .trim()
  .default("")
  .refine((v) => {
    if (v === "") return true;
    const minor = parseMoneyText(v);
    return !!minor && minor <= MAX_PRICE_CENTS;
  }, "Enter an amount above 0 like 39.99, or leave it empty to convert from USD")
  .transform((v) => (v === "" ? null : parseMoneyText(v)));

const marketPrices = z
  .record(
    z.string().regex(/^[a-z0-9-]{1,40}$/),
    z
      .object({ price: marketPriceText, compareAtPrice: marketPriceText })
      .superRefine((m, ctx) => {
        if (m.compareAtPrice === null) return;
        if (m.price === null) ctx.addIssue({ code: "custom", path: ["compareAtPrice"], message: "Set the price in this market too, or leave both empty" });
        else if (m.compareAtPrice <= m.price) ctx.addIssue({ code: "custom", path: ["compareAtPrice"], message: "The compare-at price must be greater than the price" });
      }),
  )
  .default({})
  .refine((r) => Object.keys(r).length <= 50, "Too many markets");

const httpsUrl = z
  .string()
  .trim()
  .max(2000, "The URL is too long")
  .default("")
  .refine((v) => {
    if (v === "") return true;
    try {
      const url = new URL(v);
      return url.protocol === "https:" && !!url.hostname && !url.username && !url.password;
    } catch {
      return false;
    }
  }, "Enter a valid URL starting with https://")
  .transform((v) => v || null);

const optionalId = z
  .union([z.uuid(), z.literal("")])
  .default("")
  .transform((v) => v || null);

/** A stock-keeping unit as stored (upper case). */
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,39}$/;

const colour = z.object({
  /** The variant row this colour was loaded from; empty for a new colour. */
  id: optionalId,
  /** Required for a product with colours; a product without options stores the default variant's empty name. */
  name: text(40, "Colour name"),
  hex: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, "Choose a colour")
    .transform((v) => v.toLowerCase()),
  stock: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, "Stock must be a whole number from 0 to 999999")
    .transform(Number),
  /** Stock when the editor was opened: the save applies the difference, so sales made meanwhile stay counted. */
  baseStock: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .optional()
    .catch(undefined),
  /** Optional; stored upper case so the import's match does not depend on how it was typed. */
  sku: z
    .string()
    .trim()
    .default("")
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || SKU_PATTERN.test(v), MESSAGES.sku)
    .transform((v) => v || null),
  imageId: optionalId,
});

const formSchema = z
  .object({
    intent: z.enum(PRODUCT_INTENTS, { message: "Choose Save Draft or Publish" }),
    title: required(200, "Product title", MESSAGES.title),
    descriptionHtml: z.string().max(500_000, "The description is too long").default("").refine(hasContent, MESSAGES.description),
    price,
    compareAtPrice,
    externalUrl: httpsUrl,
    marketPrices,
    slug: text(100, "Slug").default(""),
    badge: optionalText(40, "Badge"),
    highlights: optionalText(2000, "Highlights"),
    type: z.enum(PRODUCT_TYPES, { message: "Choose a collection" }).default("console"),
    options: z.enum(PRODUCT_OPTIONS, { message: "Choose colours or no options" }).default("colours"),
    featured: z
      .literal("on")
      .optional()
      .transform((v) => v === "on"),
    featuredPosition: z.string().trim().default(""),
    colors: rows(colour, 30, "colours"),
    lowStockThreshold: z
      .string()
      .trim()
      .default("5")
      .refine((v) => /^\d{1,4}$/.test(v), "Low stock must be a whole number from 0 to 9999")
      .transform(Number),
    tabs: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(PRODUCT_TABS))),
    overview: rows(z.object({ heading: required(120, "Heading"), body: required(2000, "Text") }), 12, "overview blocks"),
    specifications: rows(z.object({ label: required(80, "Name"), value: required(300, "Value") }), 60, "specifications"),
    sections: rows(
      z.object({
        heading: required(120, "Heading"),
        body: required(4000, "Text"),
        items: z
          .string()
          .max(4000, "Too many items")
          .default("")
          .transform((v) =>
            v
              .split("\n")
              .map((i) => i.trim())
              .filter(Boolean),
          ),
      }),
      12,
      "sections",
    ),
    comparison: z
      .object({
        columns: rows(required(60, "Column name"), 8, "columns"),
        rows: rows(z.object({ label: required(80, "Row name"), values: rows(text(200, "Value"), 8, "values") }), 40, "rows"),
      })
      .default({ columns: [], rows: [] }),
  })
  .superRefine((d, ctx) => {
    // An empty title has its own message; a title of only symbols gives no slug to fall back on.
    if (!d.slug && d.title && !productSlug(d.title)) ctx.addIssue({ code: "custom", path: ["slug"], message: "Enter a slug with letters or digits" });
    else if (d.slug && !productSlug(d.slug)) ctx.addIssue({ code: "custom", path: ["slug"], message: "A slug needs letters or digits" });
    if (d.compareAtPrice !== null && d.compareAtPrice <= d.price) {
      ctx.addIssue({ code: "custom", path: ["compareAtPrice"], message: "The compare-at price must be greater than the price" });
    }
    if (d.featured && !/^\d{1,3}$/.test(d.featuredPosition)) {
      ctx.addIssue({ code: "custom", path: ["featuredPosition"], message: "Enter a position from 0 to 999" });
    }
    if (d.intent === "publish" && d.colors.length === 0) ctx.addIssue({ code: "custom", path: ["colors"], message: MESSAGES.needsColour });
    if (d.options === "none") {
      if (d.colors.length !== 1) ctx.addIssue({ code: "custom", path: ["colors"], message: "A product without options has exactly one stock count" });
      return;
    }
    const seen = new Set<string>();
    d.colors.forEach((c, i) => {
      if (!c.name) ctx.addIssue({ code: "custom", path: ["colors", i, "name"], message: "Colour name is required" });
      const key = c.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["colors", i, "name"], message: "Each colour needs a different name" });
      seen.add(key);
    });
    const skus = new Set<string>();
    d.colors.forEach((c, i) => {
      if (c.sku && skus.has(c.sku)) ctx.addIssue({ code: "custom", path: ["colors", i, "sku"], message: MESSAGES.duplicateSku });
      if (c.sku) skus.add(c.sku);
    });
    if (d.comparison.rows.length > 0 && d.comparison.columns.length === 0) {
      ctx.addIssue({ code: "custom", path: ["comparison", "columns"], message: "Add at least one column to the comparison table" });
    }
  });

/** The stored shape: cents, a normalised slug, the content blocks of products.content. */
export const productFormSchema = formSchema.transform((d) => {
  const content: ProductContent = {};
  if (d.tabs.length) content.tabs = PRODUCT_TABS.filter((t) => d.tabs.includes(t));
  if (d.overview.length) content.overview = d.overview;
  if (d.specifications.length) content.specifications = d.specifications;
  if (d.sections.length) content.sections = d.sections.map((s) => (s.items.length ? s : { heading: s.heading, body: s.body }));
  if (d.comparison.columns.length) {
    const width = d.comparison.columns.length;
    content.comparison = {
      columns: d.comparison.columns,
      rows: d.comparison.rows.map((r) => ({ label: r.label, values: Array.from({ length: width }, (_, i) => r.values[i] ?? "") })),
    };
  }
  return {
    intent: d.intent,
    title: d.title,
    descriptionHtml: d.descriptionHtml,
    priceCents: d.price,
    compareAtCents: d.compareAtPrice,
    /** One entry per market the editor showed; a null price removes the market's explicit price. */
    marketPrices: Object.entries(d.marketPrices).map(([marketId, m]) => ({ marketId, priceMinor: m.price, compareAtMinor: m.price === null ? null : m.compareAtPrice })),
    externalUrl: d.externalUrl,
    slug: productSlug(d.slug) || productSlug(d.title),
    badge: d.badge,
    highlights: d.highlights,
    type: d.type,
    /** Null: not on the home page. */
    featuredPosition: d.featured ? Number(d.featuredPosition) : null,
    // Without options the one row is the default variant, whatever name or colour the form carried.
    colors: d.colors.map((c) => ({ ...c, ...(d.options === "none" ? DEFAULT_VARIANT : {}), baseStock: c.baseStock ?? null })),
    lowStockThreshold: d.lowStockThreshold,
    content,
  };
});

export type ProductFormData = z.output<typeof productFormSchema>;

/** Parses a submitted product form (browser or action). */
export function parseProductForm(form: FormData) {
  return productFormSchema.safeParse(nestFormData(form));
}

/** A market the editor offers an explicit price in, with what the shop charges there when it is left empty. */
export type MarketPriceChoice = {
  id: string;
  name: string;
  currency: string;
  /** The saved USD price (and compare-at) converted with the market's rate and rounding; null for a new product. */
  convertedMinor: number | null;
  convertedCompareAtMinor: number | null;
};

/** An uploaded image as the editor shows it: a small rendition to pick from. */
export type ProductImageOption = { id: string; alt: string; src: string };

export type ProductForEdit = {
  id: string;
  title: string;
  slug: string;
  descriptionHtml: string;
  priceCents: number;
  compareAtCents: number | null;
  externalUrl: string | null;
  badge: string | null;
  highlights: string | null;
  status: PublishStatus;
  type: ProductType;
  featuredPosition: number | null;
  content: ProductContent;
  createdAt: string;
  updatedAt: string;
  lowStockThreshold: number;
  colors: { id: string; name: string; hex: string; sku: string | null; stock: number; imageId: string | null }[];
  /** The merchant's explicit prices in other markets (absent: converted from USD). */
  marketPrices: { marketId: string; priceMinor: number; compareAtMinor: number | null }[];
  /** Every image of the product's colours, in colour order. */
  images: ProductImageOption[];
};
