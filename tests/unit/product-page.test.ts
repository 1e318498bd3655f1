import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { Meta, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { centsToDecimal } from "../../core/money";
import { productJsonLd, type ProductJsonLdInput } from "~/lib/product-json-ld";
import { REVIEW_EXCERPT_LENGTH, reviewExcerpt, wrapIndex } from "../../core/reviews";
import { jsonLd } from "~/lib/seo";

describe("review excerpts", () => {
  it("keeps bodies of 150 characters or fewer whole", () => {
    const body = "x".repeat(REVIEW_EXCERPT_LENGTH);
    expect(reviewExcerpt(body)).toEqual({ text: body, truncated: false });
  });
  it("cuts longer bodies at 150 characters and adds '...'", () => {
    const body = `${"word ".repeat(40)}end`;
    const { text, truncated } = reviewExcerpt(body);
    expect(truncated).toBe(true);
    expect(text.endsWith("...")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(REVIEW_EXCERPT_LENGTH + 3);
    expect(body.startsWith(text.slice(0, -3))).toBe(true);
  });
});

describe("wrapIndex", () => {
  it("wraps forwards and backwards around a ring", () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -4, 3)).toBe(0);
  });
  it("is 0 for an empty ring", () => {
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

describe("centsToDecimal", () => {
  it("gives a plain two-decimal amount", () => {
    expect(centsToDecimal(4999)).toBe("49.99");
    expect(centsToDecimal(10000)).toBe("100.00");
    expect(centsToDecimal(5)).toBe("0.05");
  });
});

describe("productJsonLd", () => {
  const input: ProductJsonLdInput = {
    url: "https://shop.example/products/r36s",
    name: "R36S Retro Handheld",
    description: "A pocket console.",
    sku: "r36s",
    brand: "Pocket Retro",
    images: ["https://shop.example/media/a-960.webp"],
    priceCents: 3999,
    currency: "GBP",
    inStock: true,
    rating: { average: 4.5, count: 8 },
    reviews: [{ author: "Hannah W.", rating: 5, title: "Great", body: "Lovely.", createdAt: "2026-03-04T10:00:00.000Z" }],
  };

  it("describes the offer with a decimal price in the shopper's currency and real availability", () => {
    const ld = productJsonLd(input);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "R36S Retro Handheld",
      sku: "r36s",
      image: ["https://shop.example/media/a-960.webp"],
      offers: { price: "39.99", priceCurrency: "GBP", availability: "https://schema.org/InStock", url: input.url },
    });
    expect(productJsonLd({ ...input, inStock: false }).offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
  });

  it("adds the aggregate rating and reviews only when there are reviews", () => {
    const ld = productJsonLd(input) as { aggregateRating: unknown; review: { datePublished: string }[] };
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 8 });
    expect(ld.review[0]).toMatchObject({ datePublished: "2026-03-04", reviewRating: { ratingValue: 5 } });
    const none = productJsonLd({ ...input, rating: { average: 0, count: 0 }, reviews: [] });
    expect(none).not.toHaveProperty("aggregateRating");
    expect(none).not.toHaveProperty("review");
  });

  it("renders through React Router's meta as a script that hostile copy cannot close", () => {
    const name = '</script><script>alert("x")</script> & co';
    const Stub = createRoutesStub([{ path: "/", meta: () => [jsonLd(productJsonLd({ ...input, name }))], Component: () => createElement(Meta) }]);
    const html = renderToString(createElement(Stub, { initialEntries: ["/"] }));
    const scripts = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    const json = (scripts[0] ?? "").replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
    expect(json).not.toMatch(/[<>]/);
    expect(JSON.parse(json).name).toBe(name);
  });
});
