import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import { db, transaction } from "@server/db/client";
import { media } from "@server/media/schema";
import { productVariants, products } from "@server/catalog/schema";
import { MAIN_PRODUCT_SLUG } from "@server/catalog";
import { artworkFor, artworkName, receiveSeedStock } from "./seed";
import { CONSOLE_VIEWS } from "@server/media";
import { seedProducts } from "./products";
import type { SeedProduct, SeedVariant } from "./types";
import { recordAudit, type Actor } from "@server/audit";
import { catalogChanged } from "@server/cache";


export class MainProductMissingError extends Error {
  constructor() {
    super(`Product ${MAIN_PRODUCT_SLUG} not found`);
  }
}

/** The seed artwork of one colour (its views, in gallery order): the images stored by the seed when they are all still there, else drawn again. */
async function seedArtwork(product: SeedProduct, variant: SeedVariant): Promise<string[]> {
  const names = typeof product.artwork === "string" ? [artworkName(product, variant.name)] : CONSOLE_VIEWS.map((view) => artworkName(product, variant.name, view));
  const stored = await db()
    .select({ id: media.id, name: media.originalName })
    .from(media)
    .where(inArray(media.originalName, names))
    .orderBy(desc(media.createdAt));
  const ids = names.map((name) => stored.find((s) => s.name === name)?.id);
  if (ids.every((id): id is string => !!id)) return ids;
  return (await artworkFor(product, variant.name, variant.hex)).map((image) => image.id);
}

/**
 * The one-off tool behind /admin/update-r36s: the main console's colours and images go back to the
 * seed set. Colours that still exist keep their id and stock (carts and orders keep pointing at them);
 * missing ones come back with the seed stock; colours outside the set are removed.
 */
export async function resetMainProductMedia(actor: Actor): Promise<void> {
  const seed = seedProducts.find((p) => p.slug === MAIN_PRODUCT_SLUG);
  const [product] = await db().select({ id: products.id }).from(products).where(eq(products.slug, MAIN_PRODUCT_SLUG));
  if (!seed || !product) throw new MainProductMissingError();
  // Drawing artwork is slow: done before the transaction opens.
  const images = new Map<string, string[]>();
  for (const v of seed.variants) images.set(v.name, await seedArtwork(seed, v));

  await transaction(async (tx) => {
    const current = await tx.select().from(productVariants).where(eq(productVariants.productId, product.id));
    const kept: string[] = [];
    for (const [position, v] of seed.variants.entries()) {
      const match = current.find((c) => c.name.toLowerCase() === v.name.toLowerCase() && !kept.includes(c.id));
      const values = { name: v.name, hex: v.hex, imageIds: images.get(v.name)!, position };
      if (match) {
        await tx.update(productVariants).set(values).where(eq(productVariants.id, match.id));
        kept.push(match.id);
      } else {
        const [row] = await tx.insert(productVariants).values({ ...values, productId: product.id }).returning({ id: productVariants.id });
        await receiveSeedStock(tx, [{ variantId: row.id, quantity: v.stock }]);
        kept.push(row.id);
      }
    }
    await tx.delete(productVariants).where(and(eq(productVariants.productId, product.id), notInArray(productVariants.id, kept)));
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, product.id));
    await recordAudit(tx, {
      actor,
      action: "reset_media",
      entity: "product",
      entityId: product.id,
      data: { colours: seed.variants.map((v) => v.name) },
    });
    await catalogChanged(tx);
  });
}
