import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resetMainProductMedia } from "../../server/seed/reset-main-product";
import { getPublishedProduct } from "../../server/catalog/products";
import { db } from "../../server/db/client";
import { auditLog } from "../../server/audit/schema";
import { media } from "../../server/media/schema";
import { productVariants, products } from "../../server/catalog/schema";
import { useTestDatabase } from "./test-db";

describe("the /admin/update-r36s tool", () => {
  useTestDatabase({ seed: true });

  it("puts the R36S colours and images back to the seed set, keeping stock and reusing the seed artwork", async () => {
    const [r36s] = await db().select().from(products).where(eq(products.slug, "r36s"));
    const before = await db().select().from(productVariants).where(eq(productVariants.productId, r36s.id)).orderBy(asc(productVariants.position));
    const white = before.find((v) => v.name === "White")!;
    const purple = before.find((v) => v.name === "Purple")!;
    // An admin's edits: a colour renamed and recoloured, its image dropped, a stock change, an extra colour.
    await db().update(productVariants).set({ hex: "#000000", imageIds: [] }).where(eq(productVariants.id, white.id));
    await db().update(productVariants).set({ name: "Violet", stock: 3 }).where(eq(productVariants.id, purple.id));
    await db().update(productVariants).set({ stock: 7 }).where(eq(productVariants.id, white.id));
    await db().insert(productVariants).values({ productId: r36s.id, name: "Gold", hex: "#d4af37", stock: 1, position: 9 });
    const [{ mediaBefore }] = await db().select({ mediaBefore: sql<number>`count(*)::int` }).from(media);

    await resetMainProductMedia({ id: "admin-1", email: "admin@pocketretro.example" });

    const page = await getPublishedProduct("r36s");
    expect(page!.variants.map((v) => [v.name, v.hex])).toEqual([
      ["White", "#f4f4f0"],
      ["Purple", "#7b4fd6"],
      ["Orange", "#f08a24"],
      ["Black", "#23232a"],
    ]);
    const after = await db().select().from(productVariants).where(eq(productVariants.productId, r36s.id));
    expect(after.find((v) => v.name === "White")).toMatchObject({ id: white.id, stock: 7, imageIds: white.imageIds });
    // "Violet" was not in the seed set: Purple came back with the seed stock and artwork.
    expect(after.find((v) => v.name === "Purple")).toMatchObject({ stock: 25, imageIds: purple.imageIds });
    expect(after.map((v) => v.name)).not.toContain("Gold");
    const [{ mediaAfter }] = await db().select({ mediaAfter: sql<number>`count(*)::int` }).from(media);
    expect(mediaAfter).toBe(mediaBefore);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, r36s.id));
    expect(audit.map((a) => a.action)).toContain("reset_media");
  });
});
