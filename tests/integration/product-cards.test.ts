import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as productCardsLoader } from "../../app/routes/api/product-cards";
import { invalidateCatalog } from "../../server/cache/catalog";
import { products } from "../../server/catalog/schema";
import { db } from "../../server/db/client";
import type { ProductCardsAnswer } from "../../core/product-cards";
import { answer, call } from "./route-calls";
import { useCatalogue } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/** "Recently viewed" cards (issue 31): GET /api/product-cards?market=<id>&slugs=a,b. */

async function cards(query: string) {
  const res = answer(await call(productCardsLoader, new Request(`http://localhost:3000/api/product-cards${query}`)));
  return { ...res, body: res.body as ProductCardsAnswer & { message?: string } };
}

describe("product cards by slug", () => {
  useTestDatabase();
  useCatalogue();

  it("answers published products in the order asked, priced in the market of the URL, kept a minute by any cache", async () => {
    const us = await cards("?market=us&slugs=r36pro,r36s,rg35xx-pro");
    expect(us.status).toBe(200);
    expect(us.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(us.body.products.map((p) => p.slug)).toEqual(["r36pro", "r36s", "rg35xx-pro"]);
    expect(us.body.products[1]).toMatchObject({ title: "R36S Retro Handheld", priceCents: 4999, currency: "USD" });

    const uk = await cards("?market=uk&slugs=rg35xx-pro,r36s");
    expect(uk.body.products.map((p) => p.slug)).toEqual(["rg35xx-pro", "r36s"]);
    // The same catalogue price converted and rounded for the UK market (as the product list shows it).
    expect(uk.body.products[1]).toMatchObject({ priceCents: 3999, currency: "GBP" });
  });

  it("leaves out unknown and unpublished slugs and a repeated one, without an error", async () => {
    await db().update(products).set({ status: "draft" }).where(eq(products.slug, "r36pro"));
    invalidateCatalog();
    try {
      const res = await cards("?market=us&slugs=no-such-product,r36pro,rg35xx-pro,r36s,rg35xx-pro");
      expect(res.status).toBe(200);
      expect(res.body.products.map((p) => p.slug)).toEqual(["rg35xx-pro", "r36s"]);
      expect((await cards("?market=us&slugs=r36pro")).body.products).toEqual([]);
    } finally {
      await db().update(products).set({ status: "published" }).where(eq(products.slug, "r36pro"));
      invalidateCatalog();
    }
  });

  it("refuses bad input with 400 and a clear message, not kept by any cache", async () => {
    const nine = Array.from({ length: 9 }, (_, i) => `p${i}`).join(",");
    const refusals: [string, RegExp][] = [
      [`?market=us&slugs=${nine}`, /At most 8 product slugs/],
      ["?market=us&slugs=R36S", /lower-case letters, digits and hyphens/],
      ["?market=us&slugs=r36s,../admin", /lower-case letters, digits and hyphens/],
      ["?market=us&slugs=r36s,,r36pro", /lower-case letters, digits and hyphens/],
      ["?market=us&slugs=", /Give one to eight product slugs/],
      ["?market=us", /Give one to eight product slugs/],
      ["?slugs=r36s", /Give the market/],
      ["?market=mars&slugs=r36s", /no such market/],
      ["?market=us&slugs=r36s&user=1", /Unrecognized key/],
    ];
    for (const [query, message] of refusals) {
      const res = await cards(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(message);
      expect(res.headers.get("Cache-Control"), query).toBe("no-store");
    }
  });
});
