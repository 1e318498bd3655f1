import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { db, transaction, type Tx } from "../client";
import { moveStock, SYSTEM_ACTOR } from "../../inventory";
import { blogPosts } from "../../blog/schema";
import { productVariants, products, reviews } from "../../catalog/schema";
import { settings } from "../../content/schema";
import { accessorySvg, handheldSvg } from "../../media/artwork";
import { storeImage } from "../../media/renditions";
import { sanitizeRichText } from "../../content/sanitize";
import { DEFAULT_SETTINGS } from "../../content/settings";
import { seedPricing } from "../../pricing/store";
import { seedPost } from "./blog";
import { seedAccessories } from "./accessories";
import { seedProducts } from "./products";
import { seedReviews } from "./reviews";
import type { SeedProduct } from "./types";
import { isDefaultVariant } from "~/lib/variant";

const DAY = 86_400_000;

/** The seed's stock arrives through the ledger like any delivery, so the ledger adds up from the first day. */
export function receiveSeedStock(tx: Tx, lines: { variantId: string; quantity: number }[]) {
  return moveStock(tx, lines.map((l) => ({ variantId: l.variantId, delta: l.quantity, reason: "received", note: "Opening stock" })), SYSTEM_ACTOR);
}

export async function artworkFor(p: SeedProduct, colour: string, hex: string) {
  const label = p.title.split(" ")[0];
  const svg = p.artwork === "vertical" || p.artwork === "horizontal" ? handheldSvg(hex, p.artwork, label) : accessorySvg(p.artwork, hex, "Pocket Retro");
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const named = isDefaultVariant(colour) ? { file: p.slug, alt: p.title } : { file: `${p.slug}-${colour.toLowerCase()}`, alt: `${p.title} in ${colour}` };
  return storeImage(png, `${named.file}.svg`, named.alt);
}

async function seedProduct(p: SeedProduct, createdAt: Date) {
  const [existing] = await db().select({ id: products.id }).from(products).where(eq(products.slug, p.slug));
  if (existing) return;
  const images = new Map<string, string>();
  for (const v of p.variants) images.set(v.name, (await artworkFor(p, v.name, v.hex)).id);
  await transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        slug: p.slug,
        title: p.title,
        descriptionHtml: sanitizeRichText(p.descriptionHtml),
        highlights: p.highlights,
        badge: p.badge,
        priceCents: p.priceCents,
        compareAtCents: p.compareAtCents,
        status: "published",
        type: p.type,
        featuredPosition: p.featuredPosition ?? null,
        seoDescription: p.seoDescription,
        content: p.content,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing()
      .returning({ id: products.id });
    if (!row) return;
    const variants = await tx
      .insert(productVariants)
      .values(p.variants.map((v, position) => ({ productId: row.id, name: v.name, hex: v.hex, position, imageIds: [images.get(v.name)!] })))
      .returning({ id: productVariants.id });
    await receiveSeedStock(tx, variants.map((v, i) => ({ variantId: v.id, quantity: p.variants[i].stock })));
    const productReviews = seedReviews[p.slug as keyof typeof seedReviews] ?? [];
    if (productReviews.length) {
      await tx.insert(reviews).values(
        productReviews.map((r) => ({
          productId: row.id,
          author: r.author,
          rating: r.rating,
          title: r.title,
          body: r.body,
          helpfulCount: r.helpfulCount,
          images: r.imageColours.map((c) => images.get(c)).filter((id): id is string => !!id),
          createdAt: new Date(Date.now() - r.daysAgo * DAY),
        })),
      );
    }
  });
}

/** Idempotent: inserts only what is missing, so it runs on every start. */
export async function seed() {
  await db()
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db().transaction(seedPricing);
  // Created a minute apart, oldest first, so the list shows them in the seed file's order.
  const base = Date.UTC(2026, 0, 1);
  for (const [i, p] of [...seedProducts].reverse().entries()) {
    await seedProduct(p, new Date(base + i * 60_000));
  }
  // The accessories are older than the consoles, so the consoles lead the newest-first list.
  for (const [i, p] of seedAccessories.entries()) {
    await seedProduct(p, new Date(base - (i + 1) * 60_000));
  }
  await db()
    .insert(blogPosts)
    .values({
      ...seedPost,
      contentHtml: sanitizeRichText(seedPost.contentHtml),
      status: "published",
      date: new Date(seedPost.date),
      createdAt: new Date(seedPost.date),
      updatedAt: new Date(seedPost.date),
    })
    .onConflictDoNothing();
  const [{ count }] = await db().select({ count: sql<number>`count(*)::int` }).from(products);
  return { products: count };
}
