import { createElement } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductPage } from "../../core/product-view";
import type { InMarket, MarketSummary } from "../../core/market";
import { ProductHero } from "~/components/shop/product/product-hero";
import { WishlistButton } from "~/components/shop/wishlist-button";
import { ToastProvider } from "~/components/ui/toast";

const image = { id: "img", alt: "Console in Purple", width: 960, height: 960, renditions: [{ width: 960, height: 960, format: "webp" as const, path: "/media/a-960.webp" }] };

function product(available: number[], extra: Partial<InMarket<ProductPage>> = {}): InMarket<ProductPage> {
  return {
    currency: "GBP",
    id: "p1",
    slug: "console",
    title: "Test Console",
    type: "console",
    descriptionHtml: "",
    highlights: "",
    badge: "New Release",
    priceCents: 5999,
    compareAtCents: 8999,
    externalUrl: null,
    seoTitle: null,
    seoDescription: "",
    content: {},
    variants: available.map((n, i) => ({ id: `v${i}`, name: ["Purple", "Black"][i], hex: "#7b4fd6", images: [image], available: n })),
    lowStockThreshold: 5,
    rating: { average: 4.5, count: 2 },
    updatedAt: new Date(0).toISOString(),
    ...extra,
  };
}

const uk: MarketSummary = {
  id: "uk",
  name: "United Kingdom",
  currency: "GBP",
  taxIncluded: "VAT",
  freeShippingFromMinor: 4000,
  delivery: { name: "Standard", minDays: 3, maxDays: 7 },
  choices: [],
};

/**
 * Server-renders the buy box inside a router (the cart forms need one) and the toast provider,
 * under the shop layout's route carrying the shopper's market (or none).
 */
function render(p: InMarket<ProductPage>, market: MarketSummary | null = uk): Promise<string> {
  return renderInShop(createElement(ProductHero, { product: p }), market);
}

/** The whole page as the server sends it, lazy parts (the back-in-stock form) included. */
async function renderInShop(element: React.ReactElement, market: MarketSummary | null): Promise<string> {
  const Stub = createRoutesStub([
    {
      id: "routes/shop/layout",
      path: "/",
      Component: () => createElement(ToastProvider, null, element),
    },
  ]);
  const hydrationData = { loaderData: { "routes/shop/layout": { market } } };
  // React's text separators (<!-- -->) removed so assertions read like the page.
  const { prelude } = await prerenderToNodeStream(createElement(Stub, { initialEntries: ["/"], hydrationData }));
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  // Suspense boundaries' markers too (<!--$-->, <!--/$-->).
  return html.replace(/<!--\/?\$?-->|<!-- -->/g, "");
}

const isDisabled = (html: string, label: string) => / disabled=""/.test(html.match(new RegExp(`<button[^>]*>${label}</button>`))?.[0] ?? "");

describe("buy box", () => {
  it("the wishlist heart is a toggle button whose pressed state says whether the product is saved", async () => {
    const heart = (html: string) => html.match(/<button[^>]*data-testid="wishlist-toggle"[^>]*>/)?.[0] ?? "";
    expect(heart(await render(product([3])))).toContain('aria-pressed="false"');
    expect(heart(await render(product([3])))).toContain('aria-label="Save Test Console to wishlist"');
    // The page is shared: the heart is unpressed until the visitor's own answer says it is saved.
    const saved = await renderInShop(createElement(WishlistButton, { productId: "p", variantId: "v0", saved: true, title: "Test Console" }), uk);
    expect(heart(saved)).toContain('aria-pressed="true"');
  });

  it("shows the first colour's real stock: in stock, with both cart buttons enabled", async () => {
    const html = await render(product([12, 0]));
    expect(html).toContain("In Stock");
    expect(html).toContain("Free United Kingdom shipping on orders from £40.00. Standard delivery in 3-7 business days.");
    expect(html).toContain("1 x £59.99 = £59.99 incl. VAT");
    expect(isDisabled(html, "Add to Cart")).toBe(false);
    expect(isDisabled(html, "Buy Now")).toBe(false);
    expect(html).toContain("33% OFF");
    expect(html).toContain("(2 reviews)");
  });

  it("the colour radios are the purchase form's variantId, so a submit without JavaScript sends the chosen colour", async () => {
    const html = await render(product([12, 3]));
    const form = html.match(/<form[^>]*action="\/cart"[^>]*>.*?<\/form>/)?.[0] ?? "";
    const formId = form.match(/^<form[^>]* id="([^"]+)"/)?.[1];
    expect(formId).toBeTruthy();
    const radios = html.match(/<input type="radio"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(2);
    radios.forEach((radio, i) => {
      expect(radio).toContain('name="variantId"');
      expect(radio).toContain(`value="v${i}"`);
      expect(radio).toContain(`form="${formId}"`);
    });
    // No hidden variantId in the form beside them: that was always the first colour.
    expect(form).not.toContain('name="variantId"');
    expect(form).toMatch(/<button type="submit"[^>]*value="add" name="intent"[^>]*>Add to Cart<\/button>/);
    expect(form).toMatch(/<button type="submit"[^>]*value="buy" name="intent"[^>]*>Buy Now<\/button>/);
  });

  it("a sold-out colour says so, offers 'Email me when it's back' instead of the cart buttons, and its swatch is marked", async () => {
    const html = await render(product([0, 5]));
    expect(html).toContain("Sold out");
    expect(html).not.toContain("In Stock");
    expect(html).not.toContain("Add to Cart");
    expect(html).not.toContain("Buy Now");
    expect(html).toContain("Email me when it&#x27;s back");
    expect(html).toContain("Purple, sold out");
    expect(html).not.toContain("Black, sold out");
  });

  it("at or below the low-stock threshold says 'Only N left' and caps the quantity picker", async () => {
    const html = await render(product([2]));
    expect(html).toContain("Only 2 left");
    expect(html).not.toContain("In Stock");
    expect(html).toMatch(/<button[^>]*aria-label="Increase quantity"/);
    expect(html).not.toMatch(/<button[^>]*aria-label="Increase quantity"[^>]*aria-disabled="true"/);
    const one = await render(product([1]));
    expect(one).toContain("Only 1 left");
    expect(one).toMatch(/<button[^>]*aria-label="Increase quantity"[^>]*aria-disabled="true"/);
  });

  it("promises the market's own delivery: a threshold where there is one, and its delivery time", async () => {
    const row = { ...uk, id: "row", name: "Rest of world", currency: "USD", taxIncluded: null, freeShippingFromMinor: null, delivery: { name: "Standard", minDays: 11, maxDays: 24 } };
    const html = await render(product([1], { currency: "USD" }), row);
    expect(html).toContain("Standard delivery in 11-24 business days.");
    expect(html).not.toContain("Free Rest of world shipping");
    expect(html).toContain("Tracked Shipping");
    expect(html).toContain("$59.99");
    expect(await render(product([1]), uk)).toContain("On orders from £40.00");
  });

  it("links the external shop in a new tab only when the product has one", async () => {
    expect(await render(product([1]))).not.toContain("Also available at");
    const html = await render(product([1], { externalUrl: "https://www.partner.example/r36s" }));
    expect(html).toMatch(/<a href="https:\/\/www.partner.example\/r36s" target="_blank" rel="noopener noreferrer"[^>]*>Also available at partner.example/);
  });

  it("a product without options (one default variant) has no colour picker and names no colour", async () => {
    const card = product([8], { title: "128GB microSD Card", type: "accessory", variants: [{ id: "v0", name: "", hex: "#ffffff", images: [image], available: 8 }] });
    const html = await render(card);
    expect(html).not.toContain("Colour:");
    expect(html).not.toContain('name="colour"');
    expect(html).toContain("In Stock");
    expect(html).toContain('name="variantId" value="v0"');
    const soldOut = await render({ ...card, variants: [{ ...card.variants[0], available: 0 }] });
    expect(soldOut).toContain("This product is sold out for now.");
    expect(soldOut).toContain("Email me when 128GB microSD Card is back");
  });
});
