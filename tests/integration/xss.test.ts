import { eq } from "drizzle-orm";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { toSafeHtml } from "../../server/ai/writer";
import { saveProduct } from "../../server/catalog/admin";
import { getPublishedProduct, listReviews } from "../../server/catalog/products";
import { db } from "../../server/db/client";
import { products } from "../../server/catalog/schema";
import { reviews } from "../../server/reviews/schema";
import { PostCard } from "~/components/blog/post-card";
import { CustomerStories } from "~/components/shop/product/reviews";
import { parseProductForm } from "../../core/product-form";
import { useTestDatabase } from "./test-db";
import { assertInert, XSS_CORPUS } from "./xss-corpus";

/**
 * The stored-XSS corpus through every field an admin or a model writes: rich text (product
 * description and AI output here, post content in blog.test.ts) must come out inert; text fields (excerpt, review body) must
 * render as text, adding no element or attribute to the page. The CSP would block the rest anyway.
 */
const actor = { id: "admin-xss", email: "admin@pocketretro.example" };

function productForm(n: number, descriptionHtml: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    intent: "publish",
    title: `Payload console ${n}`,
    slug: `payload-console-${n}`,
    descriptionHtml,
    price: "19.99",
    "colors.0.name": "Black",
    "colors.0.hex": "#111111",
    "colors.0.stock": "1",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const parsed = parseProductForm(form);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

/** The opening tags of some markup with their attribute names: what a payload must not add to. */
function tagShape(markup: string): string[] {
  return [...markup.matchAll(/<([a-z][a-z0-9-]*)([^>]*)>/gi)]
    .map(([, tag, attrs]) => `${tag.toLowerCase()}(${[...attrs.matchAll(/\s([^\s=/>]+)(?:=|\s|$)/g)].map((a) => a[1].toLowerCase()).sort().join(",")})`)
    .sort();
}

/** Rendered inside a data router: the review cards hold fetcher forms ("Was this helpful?"). */
function render(element: ReactElement) {
  return renderToStaticMarkup(createElement(RouterProvider, { router: createMemoryRouter([{ path: "*", element }]) }));
}

describe("rich-text fields come out inert", () => {
  useTestDatabase();

  it.each(XSS_CORPUS.map((c, i) => ({ ...c, i })))("product description: $name", async ({ html, keep, i }) => {
    const saved = await saveProduct(null, productForm(i, `${html}<p>keep me</p>`), actor);
    const [row] = await db().select({ descriptionHtml: products.descriptionHtml }).from(products).where(eq(products.id, saved.id));
    assertInert(row.descriptionHtml);
    const page = await getPublishedProduct(saved.slug);
    assertInert(page!.descriptionHtml);
    expect(page!.descriptionHtml).toContain("keep me");
    if (keep) expect(page!.descriptionHtml).toContain(keep);
  });

  it.each(XSS_CORPUS)("AI writer output: $name", ({ html, keep }) => {
    const out = toSafeHtml(html);
    assertInert(out);
    if (keep) expect(out).toContain(keep);
  });
});

describe("text fields render as text", () => {
  useTestDatabase();

  const card = (excerpt: string, title = "A title") =>
    render(createElement(PostCard, { post: { slug: "a-post", title, excerpt, image: null, date: "2026-11-01T00:00:00.000Z" }, cta: "Read More" }));

  it.each(XSS_CORPUS)("post excerpt and title on a card: $name", ({ html }) => {
    expect(tagShape(card(html, html))).toEqual(tagShape(card("plain words")));
  });

  it("review bodies, titles and the shop's replies stored with markup render as text", async () => {
    const [product] = await db().insert(products).values({ slug: "reviewed", title: "Reviewed", priceCents: 4999, status: "published" }).returning({ id: products.id });
    await db()
      .insert(reviews)
      .values(XSS_CORPUS.map((c) => ({ productId: product.id, author: c.html.slice(0, 60), rating: 5, title: c.html, body: c.html, reply: c.html })));
    const stored = await listReviews(product.id);
    expect(stored.length).toBeGreaterThanOrEqual(XSS_CORPUS.length);
    const benign = stored.map((r) => ({ ...r, author: "Sam", title: "Great", body: "Plain words about a console.", reply: "Thank you." }));
    const stories = (list: typeof stored) => render(createElement(CustomerStories, { reviews: list, slug: "reviewed" }));
    expect(stories(benign)).toContain("Thank you.");
    expect(tagShape(stories(stored))).toEqual(tagShape(stories(benign)));
  });
});
