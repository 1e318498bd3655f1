import { desc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { blogPosts } from "../blog/schema";
import { products } from "../catalog/schema";
import { POLICY_SLUGS } from "./pages";

export type SitemapEntry = { path: string; lastModified?: Date };

/** Every public page: fixed pages, published products and published posts. */
export async function sitemapEntries(): Promise<SitemapEntry[]> {
  const [productRows, postRows] = await Promise.all([
    db().select({ slug: products.slug, updatedAt: products.updatedAt }).from(products).where(eq(products.status, "published")).orderBy(desc(products.createdAt)),
    db().select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt }).from(blogPosts).where(eq(blogPosts.status, "published")).orderBy(desc(blogPosts.date)),
  ]);
  return [
    { path: "/" },
    { path: "/products" },
    ...productRows.map((p) => ({ path: `/products/${p.slug}`, lastModified: p.updatedAt })),
    { path: "/blog" },
    ...postRows.map((p) => ({ path: `/blog/${p.slug}`, lastModified: p.updatedAt })),
    { path: "/faq" },
    { path: "/contact" },
    ...POLICY_SLUGS.map((slug) => ({ path: `/${slug}` })),
  ];
}
