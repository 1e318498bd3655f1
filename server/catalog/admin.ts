import { and, asc, desc, eq, inArray, notInArray } from "drizzle-orm";
import { db, transaction, type Tx } from "../db/client";
import { media } from "../media/schema";
import { productVariants, products } from "./schema";
import type { PublishStatus } from "~/lib/publish-status";
import { isUniqueViolation } from "../db/errors";
import { sanitizeRichText } from "../content/sanitize";
import { loadImages } from "../media/renditions";
import type { StoredImage } from "~/lib/images";
import { recordAudit, type Actor } from "../admin/audit";
import { hasContent } from "~/lib/blog";
import { MESSAGES, type ProductForEdit, type ProductFormData, type ProductImageOption } from "~/lib/product-form";
import { adjustedStock } from "../inventory";
import { catalogChanged } from "./cache";
import { firstImages } from "./products";

/** The back office's reads and writes of products (spec: Admin products list, Admin product editor). */

export type AdminProductRow = {
  id: string;
  title: string;
  slug: string;
  priceCents: number;
  status: PublishStatus;
  createdAt: string;
  image: ProductImageOption | null;
};

/** A save the editor can explain next to a field (keys are field paths such as "colors.0.imageId"). */
export class ProductSaveError extends Error {
  constructor(readonly fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors)[0] ?? "Failed to save product");
  }
}

export class ProductNotFoundError extends Error {
  constructor() {
    super("Product not found");
  }
}

export function imageOption(image: StoredImage): ProductImageOption {
  return { id: image.id, alt: image.alt, src: image.renditions[0]?.path ?? "" };
}

/** Every product, drafts included, newest first. */
export async function listAdminProducts(): Promise<AdminProductRow[]> {
  const rows = await db()
    .select({ id: products.id, title: products.title, slug: products.slug, priceCents: products.priceCents, status: products.status, createdAt: products.createdAt })
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id));
  const images = await firstImages(rows.map((r) => r.id));
  return rows.map((r) => {
    const image = images.get(r.id);
    return { ...r, createdAt: r.createdAt.toISOString(), image: image ? imageOption(image) : null };
  });
}

export async function getProductForEdit(id: string): Promise<ProductForEdit | null> {
  const [p] = await db().select().from(products).where(eq(products.id, id));
  if (!p) return null;
  const variants = await db().select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.position));
  const imageIds = [...new Set(variants.flatMap((v) => v.imageIds))];
  const images = await loadImages(imageIds);
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
    content: p.content,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    colors: variants.map((v) => ({ id: v.id, name: v.name, hex: v.hex, stock: v.stock, imageId: v.imageIds[0] ?? null })),
    images: imageIds.flatMap((i) => {
      const image = images.get(i);
      return image ? [imageOption(image)] : [];
    }),
  };
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
async function writeVariants(tx: Tx, productId: string, colors: ProductFormData["colors"]) {
  const current = new Set(
    (await tx.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, productId))).map((v) => v.id),
  );
  const kept: string[] = [];
  for (const [position, c] of colors.entries()) {
    const values = { name: c.name, hex: c.hex, imageIds: c.imageId ? [c.imageId] : [], position };
    if (c.id && current.has(c.id) && !kept.includes(c.id)) {
      await tx.update(productVariants).set({ ...values, stock: adjustedStock(c.stock, c.baseStock) }).where(eq(productVariants.id, c.id));
      kept.push(c.id);
    } else {
      const [row] = await tx.insert(productVariants).values({ ...values, productId, stock: c.stock }).returning({ id: productVariants.id });
      kept.push(row.id);
    }
  }
  await tx.delete(productVariants).where(and(eq(productVariants.productId, productId), notInArray(productVariants.id, kept)));
}

/**
 * Creates (id null) or updates a product with its colours in ONE transaction, with the audit entry and
 * the catalogue event; the description is sanitised before it is stored. The status follows the button:
 * Save Draft makes a draft, Publish publishes.
 */
export async function saveProduct(id: string | null, data: ProductFormData, actor: Actor): Promise<{ id: string; slug: string; status: PublishStatus }> {
  const descriptionHtml = sanitizeRichText(data.descriptionHtml);
  if (!hasContent(descriptionHtml)) throw new ProductSaveError({ descriptionHtml: MESSAGES.description });
  const missing = await unknownImages(data);
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
    status,
  };
  const now = new Date();
  try {
    return await transaction(async (tx) => {
      const [row] = id
        ? await tx.update(products).set({ ...fields, updatedAt: now }).where(eq(products.id, id)).returning()
        : await tx.insert(products).values({ ...fields, createdAt: now, updatedAt: now }).returning();
      if (!row) throw new ProductNotFoundError();
      await writeVariants(tx, row.id, data.colors);
      const action = !id ? "create" : status === "published" ? "publish" : "update";
      await announce(tx, actor, row.id, action, {
        title: row.title,
        slug: row.slug,
        status,
        priceCents: row.priceCents,
        colours: data.colors.map((c) => c.name),
      });
      return { id: row.id, slug: row.slug, status };
    });
  } catch (err) {
    if (isUniqueViolation(err, "products_slug_idx")) throw new ProductSaveError({ slug: MESSAGES.duplicateSlug });
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
