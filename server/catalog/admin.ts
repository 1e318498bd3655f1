import { and, asc, count, desc, eq, inArray, ne, notInArray, sql, type SQL } from "drizzle-orm";
import { db, transaction, type Tx } from "../db/client";
import { media } from "../media/schema";
import { productVariants, products } from "./schema";
import type { PublishStatus } from "@core/publish-status";
import type { ProductType } from "@core/collections";
import type { ProductListFilter } from "@core/product-list-filter";
import { isUniqueViolation } from "../db/errors";
import { sanitizeRichText } from "@server/content";
import { importRemoteImages } from "@server/media";
import { loadImages } from "@server/media";
import type { StoredImage } from "@core/images";
import { recordAudit, type Actor } from "@server/audit";
import { hasContent } from "@core/blog";
import { MESSAGES, type MarketPriceChoice, type ProductForEdit, type ProductFormData, type ProductImageOption } from "@core/product-form";
import { BASE_MARKET_ID, marketUnitPrice, writeProductMarketPrices } from "../pricing";
import { productMarketPrices } from "../pricing/schema";
import { pricingSettings } from "@server/pricing";
import { editorStock } from "../inventory";
import { catalogChanged } from "@server/cache";
import { firstImages } from "./products";
import { FieldSaveError, NotFoundError } from "../errors";

/** The back office's reads and writes of products (spec: Admin products list, Admin product editor). */

export type AdminProductRow = {
  id: string;
  title: string;
  slug: string;
  priceCents: number;
  status: PublishStatus;
  type: ProductType;
  featuredPosition: number | null;
  createdAt: string;
  image: ProductImageOption | null;
  /** Units on hand over every colour. */
  stock: number;
  variants: number;
  /** Some colour is at or below the low-stock threshold (and the product is not sold out). */
  low: boolean;
};

/** A save the editor can explain next to a field (keys are field paths such as "colors.0.imageId"). */
export class ProductSaveError extends FieldSaveError {
  constructor(fieldErrors: Record<string, string>) {
    super(fieldErrors, "Failed to save product", "slug");
  }
}

export class ProductNotFoundError extends NotFoundError {
  constructor() {
    super("product");
  }
}

export function imageOption(image: StoredImage): ProductImageOption {
  return { id: image.id, alt: image.alt, src: image.renditions[0]?.path ?? "" };
}

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;

/**
 * Per product, over its colours: units on hand, how many colours, the lowest colour's stock. The outer
 * table is named in full: drizzle leaves a one-table select's columns unqualified, and a bare "id"
 * inside the subquery would be the colour's.
 */
const stockColumns = {
  stock: sql<number>`(select coalesce(sum(v.stock), 0) from product_variants v where v.product_id = products.id)::int`,
  variants: sql<number>`(select count(*) from product_variants v where v.product_id = products.id)::int`,
  lowest: sql<number>`(select coalesce(min(v.stock), 0) from product_variants v where v.product_id = products.id)::int`,
};

/**
 * What the list's filters select. Stock is on hand (what the shelf holds, the inventory's own figure):
 * sold out means no colour has a unit; low stock means some colour is at or below the product's
 * threshold while the product as a whole is not sold out.
 */
function productListWhere(f: ProductListFilter): SQL | undefined {
  const q = f.q?.trim().toLowerCase();
  return and(
    // position(), not LIKE: % and _ in a search are plain characters.
    q
      ? sql`(position(${q} in lower(${products.title})) > 0 or exists (select 1 from product_variants v where v.product_id = products.id and (position(${q} in lower(v.name)) > 0 or position(${q} in lower(coalesce(v.sku, ''))) > 0)))`
      : undefined,
    f.status ? eq(products.status, f.status) : undefined,
    f.collection ? eq(products.type, f.collection) : undefined,
    f.stock === "sold-out" ? sql`${stockColumns.stock} = 0` : undefined,
    f.stock === "low" ? sql`${stockColumns.stock} > 0 and ${stockColumns.lowest} <= ${products.lowStockThreshold}` : undefined,
  );
}

/** One page of products matching the list's filters, drafts included, newest first. */
export async function listAdminProducts(
  f: ProductListFilter & { pageSize?: number } = {},
): Promise<{ rows: AdminProductRow[]; total: number; page: number; pageCount: number }> {
  const pageSize = f.pageSize ?? ADMIN_PRODUCTS_PAGE_SIZE;
  const where = productListWhere(f);
  const [{ total }] = await db().select({ total: count() }).from(products).where(where);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, f.page ?? 1), pageCount);
  const rows = await db()
    .select({
      id: products.id,
      title: products.title,
      slug: products.slug,
      priceCents: products.priceCents,
      status: products.status,
      type: products.type,
      featuredPosition: products.featuredPosition,
      createdAt: products.createdAt,
      threshold: products.lowStockThreshold,
      ...stockColumns,
    })
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const images = await firstImages(rows.map((r) => r.id));
  return {
    rows: rows.map(({ lowest, threshold, ...r }) => {
      const image = images.get(r.id);
      return { ...r, low: r.stock > 0 && lowest <= threshold, createdAt: r.createdAt.toISOString(), image: image ? imageOption(image) : null };
    }),
    total,
    page,
    pageCount,
  };
}

export async function getProductForEdit(id: string): Promise<ProductForEdit | null> {
  const [p] = await db().select().from(products).where(eq(products.id, id));
  if (!p) return null;
  const variants = await db().select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.position));
  const imageIds = [...new Set(variants.flatMap((v) => v.imageIds))];
  const [images, explicit] = await Promise.all([
    loadImages(imageIds),
    db().select().from(productMarketPrices).where(eq(productMarketPrices.productId, id)).orderBy(asc(productMarketPrices.marketId)),
  ]);
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    descriptionHtml: p.descriptionHtml,
    priceCents: p.priceCents,
    compareAtCents: p.compareAtCents,
    externalUrl: p.externalUrl,
    badge: p.badge,
    highlights: p.highlights,
    status: p.status,
    type: p.type,
    featuredPosition: p.featuredPosition,
    content: p.content,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    lowStockThreshold: p.lowStockThreshold,
    colors: variants.map((v) => ({ id: v.id, name: v.name, hex: v.hex, sku: v.sku, stock: v.stock, imageId: v.imageIds[0] ?? null })),
    marketPrices: explicit.map((e) => ({ marketId: e.marketId, priceMinor: e.priceMinor, compareAtMinor: e.compareAtMinor })),
    images: imageIds.flatMap((i) => {
      const image = images.get(i);
      return image ? [imageOption(image)] : [];
    }),
  };
}

/** The markets a product may have its own price in: every enabled one but the base (USD) market. */
async function priceableMarkets() {
  return (await pricingSettings()).markets.filter((m) => m.enabled && m.id !== BASE_MARKET_ID);
}

/** The editor's per-market price fields, each with what the shop charges there when it is left empty. */
export async function marketPriceChoices(product: { priceCents: number; compareAtCents: number | null } | null): Promise<MarketPriceChoice[]> {
  return (await priceableMarkets()).map((m) => ({
    id: m.id,
    name: m.name,
    currency: m.currency,
    convertedMinor: product ? marketUnitPrice(product.priceCents, m) : null,
    convertedCompareAtMinor: product?.compareAtCents ? marketUnitPrice(product.compareAtCents, m) : null,
  }));
}

/** Explicit prices for a market that is not (or no longer) offered, by field path. */
async function unknownMarkets(data: ProductFormData): Promise<Record<string, string>> {
  if (data.marketPrices.length === 0) return {};
  const offered = new Set((await priceableMarkets()).map((m) => m.id));
  const errors: Record<string, string> = {};
  for (const m of data.marketPrices) {
    if (!offered.has(m.marketId)) errors[`marketPrices.${m.marketId}.price`] = "This market is not enabled any more. Reload the page.";
  }
  return errors;
}

/** Image ids the colours point at that are not in the media table, by field path. */
async function unknownImages(data: ProductFormData): Promise<Record<string, string>> {
  const ids = data.colors.flatMap((c) => (c.imageId ? [c.imageId] : []));
  if (ids.length === 0) return {};
  const found = new Set((await db().select({ id: media.id }).from(media).where(inArray(media.id, ids))).map((r) => r.id));
  const errors: Record<string, string> = {};
  data.colors.forEach((c, i) => {
    if (c.imageId && !found.has(c.imageId)) errors[`colors.${i}.imageId`] = "This image is no longer available. Upload it again.";
  });
  return errors;
}

/**
 * Writes the colours of a product. A colour loaded from a variant row updates that row, so cart
 * lines, reservations and order items pointing at it stay valid; a removed colour's row is deleted
 * (its cart lines go with it by cascade; order items keep their snapshot with the variant set null).
 * Stock is applied as the difference from what the editor loaded, never below 0.
 */
async function writeVariants(tx: Tx, productId: string, colors: ProductFormData["colors"], actor: Actor) {
  const rows = await tx.select({ id: productVariants.id, imageIds: productVariants.imageIds }).from(productVariants).where(eq(productVariants.productId, productId));
  const current = new Set(rows.map((v) => v.id));
  // The editor picks a colour's main image; the colour's other views (the seed's back and side) stay while that image does.
  const imagesOf = (id: string | undefined, imageId: string | null) => {
    const had = rows.find((r) => r.id === id)?.imageIds ?? [];
    if (!imageId) return [];
    return had[0] === imageId ? had : [imageId];
  };
  const kept: string[] = [];
  const stock: { variantId: string; typed: number; loaded: number | null }[] = [];
  // SKUs are unique across the shop: clear the kept rows' first, so two colours may swap theirs in one save.
  await tx.update(productVariants).set({ sku: null }).where(eq(productVariants.productId, productId));
  for (const [position, c] of colors.entries()) {
    const values = { name: c.name, hex: c.hex, sku: c.sku, imageIds: imagesOf(c.id ?? undefined, c.imageId), position };
    if (c.id && current.has(c.id) && !kept.includes(c.id)) {
      await tx.update(productVariants).set(values).where(eq(productVariants.id, c.id));
      kept.push(c.id);
      stock.push({ variantId: c.id, typed: c.stock, loaded: c.baseStock });
    } else {
      // A new colour starts at 0; its stock arrives through the ledger like every other movement.
      const [row] = await tx.insert(productVariants).values({ ...values, productId }).returning({ id: productVariants.id });
      kept.push(row.id);
      stock.push({ variantId: row.id, typed: c.stock, loaded: null });
    }
  }
  await tx.delete(productVariants).where(and(eq(productVariants.productId, productId), notInArray(productVariants.id, kept)));
  await editorStock(tx, stock, { id: actor.id, email: actor.email });
}

/** SKUs of the form another product already uses, by field path ("colors.1.sku"). */
async function takenSkus(productId: string | null, data: ProductFormData): Promise<Record<string, string>> {
  const skus = data.colors.flatMap((c) => (c.sku ? [c.sku] : []));
  if (skus.length === 0) return {};
  const taken = await db()
    .select({ sku: productVariants.sku, title: products.title, colour: productVariants.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.sku, skus), productId ? ne(productVariants.productId, productId) : undefined));
  const errors: Record<string, string> = {};
  data.colors.forEach((c, i) => {
    const other = taken.find((t) => t.sku === c.sku);
    if (other) errors[`colors.${i}.sku`] = `${MESSAGES.duplicateSku} ${other.title} (${other.colour}) has it.`;
  });
  return errors;
}

/**
 * Creates (id null) or updates a product with its colours in ONE transaction, with the audit entry and
 * the catalogue event; the description is sanitised before it is stored. The status follows the button:
 * Save Draft makes a draft, Publish publishes.
 */
export async function saveProduct(id: string | null, data: ProductFormData, actor: Actor): Promise<{ id: string; slug: string; status: PublishStatus }> {
  // Images linked from other sites are copied into the media library first (server/media/import-images.ts).
  const descriptionHtml = sanitizeRichText(await importRemoteImages(sanitizeRichText(data.descriptionHtml, { remoteImages: true })));
  if (!hasContent(descriptionHtml)) throw new ProductSaveError({ descriptionHtml: MESSAGES.description });
  const missing = { ...(await unknownImages(data)), ...(await unknownMarkets(data)), ...(await takenSkus(id, data)) };
  if (Object.keys(missing).length) throw new ProductSaveError(missing);
  const status: PublishStatus = data.intent === "publish" ? "published" : "draft";
  const fields = {
    title: data.title,
    slug: data.slug,
    descriptionHtml,
    priceCents: data.priceCents,
    compareAtCents: data.compareAtCents,
    externalUrl: data.externalUrl,
    badge: data.badge,
    highlights: data.highlights,
    content: data.content,
    lowStockThreshold: data.lowStockThreshold,
    type: data.type,
    featuredPosition: data.featuredPosition,
    status,
  };
  const now = new Date();
  try {
    return await transaction(async (tx) => {
      const [row] = id
        ? await tx.update(products).set({ ...fields, updatedAt: now }).where(eq(products.id, id)).returning()
        : await tx.insert(products).values({ ...fields, createdAt: now, updatedAt: now }).returning();
      if (!row) throw new ProductNotFoundError();
      await writeVariants(tx, row.id, data.colors, actor);
      await writeProductMarketPrices(tx, row.id, data.marketPrices);
      const action = !id ? "create" : status === "published" ? "publish" : "update";
      await announce(tx, actor, row.id, action, {
        title: row.title,
        slug: row.slug,
        status,
        priceCents: row.priceCents,
        type: row.type,
        featuredPosition: row.featuredPosition,
        colours: data.colors.map((c) => c.name),
        skus: data.colors.map((c) => c.sku),
        lowStockThreshold: data.lowStockThreshold,
        marketPrices: Object.fromEntries(data.marketPrices.map((p) => [p.marketId, p.priceMinor === null ? "converted" : { priceMinor: p.priceMinor, compareAtMinor: p.compareAtMinor }])),
      });
      return { id: row.id, slug: row.slug, status };
    });
  } catch (err) {
    if (isUniqueViolation(err, "products_slug_idx")) throw new ProductSaveError({ slug: MESSAGES.duplicateSlug });
    // Another product took the SKU between the check above and this save.
    if (isUniqueViolation(err, "product_variants_sku_idx")) throw new ProductSaveError(await takenSkus(id, data));
    throw err;
  }
}

/**
 * Deletes a product. Its colours, cart lines, reservations and reviews go by cascade; orders keep their
 * items (a snapshot of title, colour and price) with the product and variant references set null.
 */
export async function deleteProduct(id: string, actor: Actor): Promise<void> {
  await transaction(async (tx) => {
    const [row] = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id, title: products.title, slug: products.slug });
    if (!row) throw new ProductNotFoundError();
    await announce(tx, actor, row.id, "delete", { title: row.title, slug: row.slug });
  });
}

/** Every product write: an audit entry and a catalogue event inside the write's transaction. */
async function announce(tx: Tx, actor: Actor, id: string, action: string, data: Record<string, unknown>) {
  await recordAudit(tx, { actor, action, entity: "product", entityId: id, data });
  await catalogChanged(tx);
}
