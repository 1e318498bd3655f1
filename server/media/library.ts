import { and, arrayOverlaps, desc, eq, ilike, like, or, type AnyColumn, type SQL } from "drizzle-orm";
import { bodyImage, storedImage, type LibraryImage, type MediaUse } from "@core/images";
import { blogPosts } from "../blog/schema";
import { productVariants, products } from "../catalog/schema";
import { db } from "../db/client";
import { media } from "./schema";

/**
 * The media library: every image the back office uploaded (products' and posts' alike), newest first, searchable by
 * description or file name, each with the products and posts that use it.
 */
export const LIBRARY_PAGE = 48;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Renditions are named `<media id>-<width>.webp`, so a body or featured image names its media row. */
const pathOf = (id: string) => `%/media/${id}-%`;

export async function listLibrary(query: string): Promise<LibraryImage[]> {
  const q = query.trim();
  const rows = await db()
    .select()
    .from(media)
    // Customers' review photos are not the editors' to reuse.
    .where(and(eq(media.source, "staff"), q ? or(ilike(media.alt, `%${likeEscape(q)}%`), ilike(media.originalName, `%${likeEscape(q)}%`)) : undefined))
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(LIBRARY_PAGE);
  const uses = await usesOf(rows.map((r) => r.id));
  return rows
    .filter((r) => r.renditions.length > 0)
    .map((r) => {
      const image = storedImage(r);
      return { id: r.id, name: r.originalName, thumbnail: image.renditions[0].path, image: bodyImage(image), usedIn: uses.get(r.id) ?? [] };
    });
}

function anyPath(column: AnyColumn, ids: string[]): SQL | undefined {
  return or(...ids.map((id) => like(column, pathOf(id))));
}

/** For each media id, the products (variant photos or description) and posts (featured image or body) using it. */
async function usesOf(ids: string[]): Promise<Map<string, MediaUse[]>> {
  const out = new Map<string, MediaUse[]>();
  if (ids.length === 0) return out;
  const add = (id: string, use: MediaUse) => {
    const list = out.get(id) ?? [];
    if (!list.some((u) => u.href === use.href)) list.push(use);
    out.set(id, list);
  };
  const [variantRows, productRows, postRows] = await Promise.all([
    db()
      .select({ id: products.id, title: products.title, imageIds: productVariants.imageIds })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(arrayOverlaps(productVariants.imageIds, ids)),
    db().select({ id: products.id, title: products.title, html: products.descriptionHtml }).from(products).where(anyPath(products.descriptionHtml, ids)),
    db()
      .select({ id: blogPosts.id, title: blogPosts.title, html: blogPosts.contentHtml, image: blogPosts.image })
      .from(blogPosts)
      .where(or(anyPath(blogPosts.contentHtml, ids), anyPath(blogPosts.image, ids))),
  ]);
  for (const v of variantRows) {
    for (const id of v.imageIds) if (ids.includes(id)) add(id, { kind: "product", title: v.title, href: `/admin/products/${v.id}` });
  }
  for (const p of productRows) {
    for (const id of ids) if (p.html.includes(`/media/${id}-`)) add(id, { kind: "product", title: p.title, href: `/admin/products/${p.id}` });
  }
  for (const p of postRows) {
    for (const id of ids) {
      if (p.html.includes(`/media/${id}-`) || p.image?.includes(`/media/${id}-`)) add(id, { kind: "post", title: p.title, href: `/admin/posts/editor/${p.id}` });
    }
  }
  return out;
}
