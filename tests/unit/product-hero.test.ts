import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductPage } from "~/lib/product-view";
import { ProductHero } from "~/components/shop/product/product-hero";
import { ToastProvider } from "~/components/ui/toast";

const image = { id: "img", alt: "Console in Purple", width: 960, height: 960, renditions: [{ width: 960, height: 960, format: "webp" as const, path: "/media/a-960.webp" }] };

function product(available: number[], extra: Partial<ProductPage> = {}): ProductPage {
  return {
    id: "p1",
    slug: "console",
    title: "Test Console",
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
    rating: { average: 4.5, count: 2 },
    reviewSnippets: [],
    updatedAt: new Date(0).toISOString(),
    ...extra,
  };
}

/** Server-renders the buy box inside a router (the cart forms need one) and the toast provider. */
function render(p: ProductPage) {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(ToastProvider, null, createElement(ProductHero, { product: p })) }]);
  // React's text separators (<!-- -->) removed so assertions read like the page.
  return renderToString(createElement(Stub, { initialEntries: ["/"] })).replaceAll("<!-- -->", "");
}

const isDisabled = (html: string, label: string) => / disabled=""/.test(html.match(new RegExp(`<button[^>]*>${label}</button>`))?.[0] ?? "");

describe("buy box", () => {
  it("shows the first colour's real stock: in stock, with both cart buttons enabled", () => {
    const html = render(product([3, 0]));
    expect(html).toContain("In Stock");
    expect(html).toContain("Order now for free shipping and delivery within 2-4 business days");
    expect(isDisabled(html, "Add to Cart")).toBe(false);
    expect(isDisabled(html, "Buy Now")).toBe(false);
    expect(html).toContain("33% OFF");
    expect(html).toContain("(2 reviews)");
  });

  it("says 'Out of stock' and disables Add to Cart and Buy Now when the selected colour has none", () => {
    const html = render(product([0, 5]));
    expect(html).toContain("Out of stock");
    expect(html).not.toContain("In Stock");
    expect(isDisabled(html, "Add to Cart")).toBe(true);
    expect(isDisabled(html, "Buy Now")).toBe(true);
  });

  it("links the external shop in a new tab only when the product has one", () => {
    expect(render(product([1]))).not.toContain("Also available at");
    const html = render(product([1], { externalUrl: "https://www.partner.example/r36s" }));
    expect(html).toMatch(/<a href="https:\/\/www.partner.example\/r36s" target="_blank" rel="noopener noreferrer"[^>]*>Also available at partner.example/);
  });
});
