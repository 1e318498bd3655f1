import { and, desc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAIN_PRODUCT_SLUG, getPublishedProduct, listAccessoryOffers, listHomeRows, listPublishedProducts, listReviews } from "../../server/catalog/products";
import { invalidateCatalog } from "../../server/cache/catalog";
import { db, transaction } from "../../server/db/client";
import { getShopSettings } from "../../server/content/settings";
import { SYSTEM_ACTOR, moveStock } from "../../server/inventory";
import { pricingSettings } from "../../server/pricing/store";
import { productVariants, products } from "../../server/catalog/schema";
import { seed } from "../../server/seed";
import { useTestDatabase } from "./test-db";
import { sendImage, unsendImage } from "../../core/images";
import { mostHelpful } from "../../core/reviews";
import { reviews } from "../../server/reviews/schema";

describe("catalogue on the seeded database", () => {
  useTestDatabase({ seed: true });

  it("lists the three published consoles, newest first, then the four accessories, with 100-character summaries", async () => {
    const list = await listPublishedProducts();
    expect(list.map((p) => p.slug)).toEqual(["r36s", "rg35xx-pro", "r36pro", "carrying-case", "screen-protector", "microsd-128gb", "usb-c-charger"]);
    expect(list.map((p) => p.priceCents)).toEqual([4999, 7999, 5999, 1499, 799, 1999, 1299]);
    for (const p of list) {
      expect(p.summary.length).toBeLessThanOrEqual(103);
      expect(p.summary).not.toMatch(/[<>]/);
      expect(p.image?.renditions.length).toBeGreaterThan(0);
    }
  });

  it("seeds accessories in the Accessories collection, colours only where they make sense", async () => {
    const card = await getPublishedProduct("microsd-128gb");
    expect(card?.type).toBe("accessory");
    expect(card?.variants.map((v) => ({ name: v.name, images: v.images.length, inStock: v.available > 0 }))).toEqual([{ name: "", images: 1, inStock: true }]);
    expect((await getPublishedProduct("carrying-case"))?.variants.map((v) => v.name)).toEqual(["Black", "Teal"]);
    expect((await getPublishedProduct("r36s"))?.type).toBe("console");
    const offers = await listAccessoryOffers();
    expect(offers.map((o) => o.slug)).toEqual(["carrying-case", "screen-protector", "microsd-128gb", "usb-c-charger"]);
    expect(offers.find((o) => o.slug === "usb-c-charger")?.variants.map((v) => v.name)).toEqual(["White", "Black"]);
  });

  it("the home page features the consoles in their positions, and the newest four arrive", async () => {
    const rows = await listHomeRows();
    expect(rows.featured.map((p) => p.slug)).toEqual(["r36s", "rg35xx-pro", "r36pro"]);
    expect(rows.newArrivals.map((p) => p.slug)).toEqual(["r36s", "rg35xx-pro", "r36pro", "carrying-case"]);
  });

  it("loads a product page with its colours in order, real stock and a rating computed from reviews", async () => {
    const page = await getPublishedProduct("r36s");
    expect(page?.variants.map((v) => v.name)).toEqual(["White", "Purple", "Orange", "Black"]);
    expect(page?.variants.every((v) => v.available > 0)).toBe(true);
    // Each colour's front, back and side view, in AVIF and WebP with a zoom rendition.
    expect(page?.variants.map((v) => v.images.map((i) => i.alt))).toContainEqual([
      "R36S Retro Handheld in Purple, front view",
      "R36S Retro Handheld in Purple, back view",
      "R36S Retro Handheld in Purple, side view",
    ]);
    for (const image of page!.variants.flatMap((v) => v.images)) {
      expect(image.renditions.map((r) => `${r.width} ${r.format}`)).toEqual(["320 webp", "640 webp", "960 webp"]);
      expect(image.avif?.map((r) => `${r.width} ${r.format}`)).toEqual(["320 avif", "640 avif", "960 avif"]);
      expect(image.zoom).toMatchObject({ width: 1600, format: "webp" });
      // The page sends it as sizes (its paths follow from the id) and renders what was stored.
      expect(sendImage(image)).not.toHaveProperty("renditions");
      expect(unsendImage(sendImage(image))).toEqual(image);
    }
    const reviews = await listReviews(page!.id);
    expect(reviews).toHaveLength(8);
    const average = reviews.reduce((s, r) => s + r.rating, 0) / reviews.length;
    expect(page?.rating.count).toBe(8);
    expect(page?.rating.average).toBeCloseTo(Math.round(average * 10) / 10, 5);
  });

  it("hides drafts and unknown slugs", async () => {
    await db().update(products).set({ status: "draft" }).where(eq(products.slug, "r36pro"));
    invalidateCatalog();
    expect(await getPublishedProduct("r36pro")).toBeNull();
    expect(await getPublishedProduct("no-such-console")).toBeNull();
    expect((await listPublishedProducts()).map((p) => p.slug)).not.toContain("r36pro");
    await db().update(products).set({ status: "published" }).where(eq(products.slug, "r36pro"));
    invalidateCatalog();
  });

  it("picks the structured data's three most helpful reviews from the page's reviews, as the database orders them", async () => {
    const page = await getPublishedProduct(MAIN_PRODUCT_SLUG);
    // Two reviews of equal help: the newer goes first.
    const [first, second] = await listReviews(page!.id);
    await db().update(reviews).set({ helpfulCount: 999 }).where(inArray(reviews.id, [first.id, second.id]));
    invalidateCatalog();
    const byDatabase = await db()
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, page!.id), eq(reviews.status, "published")))
      .orderBy(desc(reviews.helpfulCount), desc(reviews.createdAt))
      .limit(3);
    const picked = mostHelpful(await listReviews(page!.id));
    expect(picked.map((r) => r.id)).toEqual(byDatabase.map((r) => r.id));
    expect(picked.slice(0, 2).map((r) => r.id)).toEqual([first.id, second.id]);
  });

  it("sanitises the description on the way out, even when a row bypassed the editor", async () => {
    await db()
      .update(products)
      .set({ descriptionHtml: '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:alert(2)">x</a></p>' })
      .where(eq(products.slug, "r36pro"));
    invalidateCatalog();
    const html = (await getPublishedProduct("r36pro"))!.descriptionHtml;
    expect(html).toContain("Hi");
    expect(html).not.toMatch(/script|onclick|javascript:/i);
  });

  it("reports a sold-out colour as unavailable and the others as available", async () => {
    const page = await getPublishedProduct("rg35xx-pro");
    const teal = page!.variants.find((v) => v.name === "Teal")!;
    await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, teal.id));
    invalidateCatalog();
    const after = await getPublishedProduct("rg35xx-pro");
    expect(after!.variants.find((v) => v.name === "Teal")!.available).toBe(0);
    expect(after!.variants.find((v) => v.name === "Black")!.available).toBeGreaterThan(0);
  });

  it("a stock movement drops what shows stock and keeps settings, prices and reviews cached", async () => {
    invalidateCatalog();
    const page = await getPublishedProduct("rg35xx-pro");
    const black = page!.variants.find((v) => v.name === "Black")!;
    const [shop, pricing, reviews] = [getShopSettings(), pricingSettings(), listReviews(page!.id)];
    await transaction((tx) => moveStock(tx, [{ variantId: black.id, delta: -1, reason: "damaged" }], SYSTEM_ACTOR));
    const after = await getPublishedProduct("rg35xx-pro");
    expect(after!.variants.find((v) => v.name === "Black")!.available).toBe(black.available - 1);
    // The very same cached reads: nothing reloaded them.
    expect(getShopSettings()).toBe(shop);
    expect(pricingSettings()).toBe(pricing);
    expect(listReviews(page!.id)).toBe(reviews);
    invalidateCatalog();
    expect(getShopSettings()).not.toBe(shop);
  });

  it("seeding again adds nothing", async () => {
    const before = await db().select({ id: products.id }).from(products);
    await seed();
    const after = await db().select({ id: products.id }).from(products);
    expect(after).toHaveLength(before.length);
  });
});
