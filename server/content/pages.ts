import fs from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { marked } from "marked";
import { z } from "zod";
import type { PricingSettings } from "../pricing";
import type { ShopSettings } from "./settings";
import { fillShippingTables } from "./shipping-tables";

/** Policy pages and the FAQ live as Markdown with front matter under content/. */
const contentDir = path.resolve(process.cwd(), "content");

export const POLICY_SLUGS = ["privacy-policy", "refund-policy", "terms-of-service", "shipping-policy"] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

const policyFront = z.object({
  title: z.string(),
  description: z.string().max(160),
  effectiveDate: z.coerce.date(),
});

export type PolicyPage = { slug: PolicySlug; title: string; description: string; effectiveDate: string; html: string };

function fill(text: string, s: ShopSettings): string {
  return text
    .replaceAll("{{shopName}}", s.shopName)
    .replaceAll("{{email}}", s.supportEmail)
    .replaceAll("{{phone}}", s.phone)
    .replaceAll("{{address}}", s.address);
}

/** A policy page; the Shipping Policy's zone tables are written from the shipping settings. */
export async function loadPolicy(slug: PolicySlug, s: ShopSettings, pricing: PricingSettings): Promise<PolicyPage> {
  const file = await fs.readFile(path.join(contentDir, `${slug}.md`), "utf8");
  const parsed = matter(file);
  const front = policyFront.parse(parsed.data);
  return {
    slug,
    title: front.title,
    description: front.description,
    effectiveDate: front.effectiveDate.toISOString(),
    // Our own files, not user input: rendered as written.
    html: await marked.parse(fillShippingTables(fill(parsed.content, s), pricing)),
  };
}

export const FAQ_CATEGORIES = [
  "general", "comparison", "pricing", "shipping", "games", "specs", "warranty", "support", "payment",
] as const;

const faqFront = z.object({
  title: z.string(),
  description: z.string().max(160),
  items: z.array(z.object({ question: z.string(), answer: z.string(), category: z.enum(FAQ_CATEGORIES) })),
});

export type Faq = z.infer<typeof faqFront>;

let faqCache: Promise<Faq> | undefined;

export function loadFaq(): Promise<Faq> {
  faqCache ??= fs.readFile(path.join(contentDir, "faq.md"), "utf8").then((f) => faqFront.parse(matter(f).data));
  return faqCache;
}

/** Case-insensitive match on question or answer; an empty query keeps everything. */
export function searchFaq(items: Faq["items"], query: string): Faq["items"] {
  const q = query.trim().toLowerCase();
  if (!q) return items;
  return items.filter((i) => i.question.toLowerCase().includes(q) || i.answer.toLowerCase().includes(q));
}
