import { eq, sql } from "drizzle-orm";
import { db, transaction, type Tx } from "@server/db/client";
import { moveStock, SYSTEM_ACTOR } from "@server/inventory";
import { blogPosts } from "@server/blog/schema";
import { productVariants, products } from "@server/catalog/schema";
import { reviews } from "@server/reviews/schema";
import { settings } from "@server/content/schema";
import { accessorySvg } from "@server/media";
import { CONSOLE_VIEWS, consoleSvg, homeHeroSvg } from "@server/media";
import { cacheArtwork, storeArtwork } from "@server/media";
import { sanitizeRichText } from "@server/content";
import { DEFAULT_SETTINGS, HOME_HERO_SETTING } from "@server/content";
import { seedPricing } from "@server/pricing";
import { seedPost } from "./blog";
import { seedAccessories } from "./accessories";
import { seedProducts } from "./products";
import { seedReviews } from "./reviews";
import type { SeedProduct } from "./types";
import { isDefaultVariant } from "@core/variant";

const DAY = 86_400_000;

/** The seed's stock arrives through the ledger like any delivery, so the ledger adds up from the first day. */
export function receiveSeedStock(tx: Tx, lines: { variantId: string; quantity: number }[]) {
  return moveStock(tx, lines.map((l) => ({ variantId: l.variantId, delta: l.quantity, reason: "received", note: "Opening stock" })), SYSTEM_ACTOR);
}

/**
 * A seed colour's SKU: the product's slug and the colour, upper case (`R36S-WHITE`, `SCREEN-PROTECTOR`
 * for a product without options), so the inventory export's rows carry a SKU the import reads back.
 */
export function seedSku(p: SeedProduct, colour: string) {
  return [p.slug, ...(isDefaultVariant(colour) ? [] : [colour])].join("-").replace(/\s+/g, "-").toUpperCase();
}

/**
 * Databases seeded before the seed had SKUs get them on the next start: a seed colour with no SKU
 * takes its seed SKU, unless some colour already has that SKU (staff typed it elsewhere). One
 * statement, a no-op once done.
 */
async function topUpSeedSkus() {
  const rows = [...seedProducts, ...seedAccessories].flatMap((p) => p.variants.map((v) => sql`(${p.slug}, ${v.name}, ${seedSku(p, v.name)})`));
  await db().execute(sql`
    update product_variants v set sku = s.sku
    from (values ${sql.join(rows, sql`, `)}) as s(slug, colour, sku), products p
    where p.id = v.product_id and p.slug = s.slug and v.name = s.colour and v.sku is null
      and not exists (select 1 from product_variants o where o.sku = s.sku)`);
}

/** The artwork's size: the zoom rendition (1,600 px) is made from it. */
const ARTWORK_PX = 1600;

/** The media name of a seed picture: `r36s-white-front.svg`, `carrying-case-teal.svg`, `screen-protector.svg`. */
export function artworkName(p: SeedProduct, colour: string, view?: string) {
  return `${[p.slug, ...(isDefaultVariant(colour) ? [] : [colour.toLowerCase()]), ...(view ? [view] : [])].join("-")}.svg`;
}

type Drawing = { svg: string; name: string; alt: string; zoom: boolean };

/** The pictures of one colour, in gallery order: a console's front, back and side views, or an accessory's one picture. */
function drawingsFor(p: SeedProduct, colour: string, hex: string): Drawing[] {
  const named = isDefaultVariant(colour) ? p.title : `${p.title} in ${colour}`;
  if (typeof p.artwork === "string") {
    return [{ svg: accessorySvg(p.artwork, hex, "Pocket Retro", ARTWORK_PX), name: artworkName(p, colour), alt: named, zoom: true }];
  }
  const model = p.artwork;
  return CONSOLE_VIEWS.map((view) => ({ svg: consoleSvg(model, hex, view, ARTWORK_PX), name: artworkName(p, colour, view), alt: `${named}, ${view} view`, zoom: true }));
}

/** The home page's hero picture, drawn once and kept as a setting naming its media row. */
const HERO: Drawing = {
  svg: homeHeroSvg(ARTWORK_PX),
  name: "home-hero.svg",
  alt: "An orange R36S and a teal 35XXPro on a coffee table at sunset, beside headphones and a mug of tea",
  zoom: false,
};

/**
 * Stores the pictures of one colour (rendered by sharp, cached on disk between starts) like uploads,
 * in gallery order.
 */
export function artworkFor(p: SeedProduct, colour: string, hex: string) {
  return Promise.all(drawingsFor(p, colour, hex).map((d) => storeArtwork(d.svg, d.name, d.alt, { zoom: d.zoom })));
}

/**
 * Renders every seed drawing into the artwork cache without touching a database, two at a time. The
 * test suites call it once before their workers seed in parallel; a shop's first start does the same
 * work inside seed().
 */
export async function renderSeedArtwork() {
  const drawings = [HERO, ...[...seedProducts, ...seedAccessories].flatMap((p) => p.variants.flatMap((v) => drawingsFor(p, v.name, v.hex)))];
  let next = 0;
  const worker = async () => {
    while (next < drawings.length) {
      const d = drawings[next++];
      await cacheArtwork(d.svg, { zoom: d.zoom });
    }
  };
  await Promise.all([worker(), worker()]);
}

async function seedHomeHero() {
  const [existing] = await db().select({ key: settings.key }).from(settings).where(eq(settings.key, HOME_HERO_SETTING));
  if (existing) return;
  const image = await storeArtwork(HERO.svg, HERO.name, HERO.alt, { zoom: HERO.zoom });
  await db().insert(settings).values({ key: HOME_HERO_SETTING, value: image.id }).onConflictDoNothing();
}

async function seedProduct(p: SeedProduct, createdAt: Date) {
  const [existing] = await db().select({ id: products.id }).from(products).where(eq(products.slug, p.slug));
  if (existing) return;
  const images = new Map<string, string[]>();
  // One colour at a time (its views in parallel): sharp's threads stay busy, memory stays bounded.
  for (const v of p.variants) images.set(v.name, (await artworkFor(p, v.name, v.hex)).map((image) => image.id));
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
      .values(p.variants.map((v, position) => ({ productId: row.id, name: v.name, hex: v.hex, sku: seedSku(p, v.name), position, imageIds: images.get(v.name)! })))
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
          images: r.imageColours.map((c) => images.get(c)?.[0]).filter((id): id is string => !!id),
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
  await seedHomeHero();
  // Created a minute apart, oldest first, so the list shows them in the seed file's order.
  const base = Date.UTC(2026, 0, 1);
  for (const [i, p] of [...seedProducts].reverse().entries()) {
    await seedProduct(p, new Date(base + i * 60_000));
  }
  // The accessories are older than the consoles, so the consoles lead the newest-first list.
  for (const [i, p] of seedAccessories.entries()) {
    await seedProduct(p, new Date(base - (i + 1) * 60_000));
  }
  await topUpSeedSkus();
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
