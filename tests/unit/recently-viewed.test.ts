import { describe, expect, it } from "vitest";
import { parseViewed, recordView, viewedBefore } from "../../core/recently-viewed";
import { cardsOf } from "../../core/product-cards";

describe("recently viewed: the browser's list", () => {
  it("reads whatever is stored without throwing: valid slugs only, once each, at most eight", () => {
    for (const raw of [null, "", "not json", "{", '{"a":1}', "42", "null", '"r36s"']) expect(parseViewed(raw), String(raw)).toEqual([]);
    expect(parseViewed(JSON.stringify(["r36s", 7, null, "R36S", "../x", "r36pro", "r36s", { slug: "x" }]))).toEqual(["r36s", "r36pro"]);
    expect(parseViewed(JSON.stringify(Array.from({ length: 12 }, (_, i) => `p${i}`)))).toHaveLength(8);
  });

  it("puts the viewed product first, once, and keeps the newest eight", () => {
    expect(recordView([], "a")).toEqual(["a"]);
    expect(recordView(["b", "a", "c"], "a")).toEqual(["a", "b", "c"]);
    const full = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"];
    expect(recordView(full, "new")).toEqual(["new", ...full.slice(0, 7)]);
  });

  it("shows up to four viewed before, most recent first, never the page's own product", () => {
    expect(viewedBefore(["c", "b", "a"], "c")).toEqual(["b", "a"]);
    expect(viewedBefore(["b", "a"], "c")).toEqual(["b", "a"]);
    expect(viewedBefore(["c"], "c")).toEqual([]);
    expect(viewedBefore(["x", "p1", "p2", "p3", "p4", "p5"], "x")).toEqual(["p1", "p2", "p3", "p4"]);
  });

  it("takes from the cards' answer only cards with the fields a card renders", () => {
    const card = { id: "1", slug: "r36s", title: "R36S", summary: "", priceCents: 4999, compareAtCents: null, currency: "USD", image: null, rating: { average: 0, count: 0 } };
    const image = { id: "i", alt: "", width: 800, height: 800, renditions: [] };
    expect(cardsOf({ products: [card, { ...card, id: "2", image }] })).toHaveLength(2);
    expect(cardsOf({ products: [{ ...card, priceCents: "49.99" }, { ...card, image: { alt: "" } }, null, "x"] })).toEqual([]);
    for (const body of [null, undefined, "x", {}, { products: "x" }, { ok: false, message: "Bad" }]) expect(cardsOf(body)).toEqual([]);
  });
});
