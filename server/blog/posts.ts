import { and, arrayContains, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { db } from "../db/client";
import { trigramMatch, inBestTier } from "../db/trigram";
import { blogPosts } from "./schema";
import type { PublishStatus } from "@core/publish-status";
import { sanitizeRichText } from "@server/content";
import { CARD_EXCERPT_LENGTH, RELATED_POSTS, excerptFrom, sortBySharedTags } from "@core/blog";

/** A published post as a card (list, related posts). Dates are ISO strings. */
export type PostCard = {
  id: string;
  slug: string;
  title: string;
  /** The saved excerpt, or the first 120 characters of the content's text. */
  excerpt: string;
  image: string | null;
  author: string;
  tags: string[];
  date: string;
};

/** Everything the public post page shows; content sanitised on the way out too. */
export type PublicPost = PostCard & { contentHtml: string; updatedAt: string };

/** A post as staff see it: any status, raw fields. */
export type AdminPost = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  contentHtml: string;
  image: string | null;
  author: string;
  tags: string[];
  status: PublishStatus;
  date: string;
  createdAt: string;
  updatedAt: string;
};

type Row = typeof blogPosts.$inferSelect;

/** A featured image saved before images were copied into the library may point elsewhere: pages load only this site's (CSP). */
const sameSiteImage = (src: string | null) => (src?.startsWith("/") && !src.startsWith("//") ? src : null);

const cardColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  image: blogPosts.image,
  author: blogPosts.author,
  tags: blogPosts.tags,
  date: blogPosts.date,
  // Only the start of the content is needed for the excerpt fallback.
  contentStart: sql<string>`left(${blogPosts.contentHtml}, 2000)`,
};

type CardRow = { [K in keyof typeof cardColumns]: K extends "contentStart" ? string : Row[Exclude<K, "contentStart">] };

function toCard(r: CardRow): PostCard {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt?.trim() ? r.excerpt : excerptFrom(r.contentStart, CARD_EXCERPT_LENGTH),
    image: sameSiteImage(r.image),
    author: r.author,
    tags: r.tags,
    date: r.date.toISOString(),
  };
}

function toPublic(r: Row): PublicPost {
  return {
    ...toCard({ ...r, contentStart: r.contentHtml }),
    contentHtml: sanitizeRichText(r.contentHtml),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toAdminPost(r: Row): AdminPost {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt ?? "",
    contentHtml: r.contentHtml,
    image: r.image,
    author: r.author,
    tags: r.tags,
    status: r.status,
    date: r.date.toISOString(),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const published = eq(blogPosts.status, "published");

/** The public list: published posts, newest first. */
export async function listPublishedPosts(limit?: number): Promise<PostCard[]> {
  const q = db().select(cardColumns).from(blogPosts).where(published).orderBy(desc(blogPosts.date), desc(blogPosts.id));
  return (await (limit ? q.limit(limit) : q)).map(toCard);
}

export async function getPublishedPost(slug: string): Promise<PublicPost | null> {
  const [row] = await db().select().from(blogPosts).where(and(eq(blogPosts.slug, slug), published));
  return row ? toPublic(row) : null;
}

/** A post as the public may see it, or null when it is a draft or gone. */
export async function getPublicPostById(id: string): Promise<PublicPost | null> {
  const [row] = await db().select().from(blogPosts).where(and(eq(blogPosts.id, id), published));
  return row ? toPublic(row) : null;
}

/**
 * 'Reading Next': the three newest other published posts, then re-sorted so the ones sharing the most
 * tags with this post come first (the spec's order: limit by date, then sort by shared tags).
 */
export async function listRelatedPosts(post: { id: string; tags: string[] }): Promise<PostCard[]> {
  const rows = await db()
    .select(cardColumns)
    .from(blogPosts)
    .where(and(published, ne(blogPosts.id, post.id)))
    .orderBy(desc(blogPosts.date), desc(blogPosts.id))
    .limit(RELATED_POSTS);
  return sortBySharedTags(rows.map(toCard), post.tags);
}

export type AdminPostFilter = { q?: string; status?: PublishStatus; tag?: string };

/** The admin list: every post, newest first, filtered by text, status and tag. */
export async function listAdminPosts(filter: AdminPostFilter = {}): Promise<AdminPost[]> {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(blogPosts.status, filter.status));
  if (filter.tag) where.push(arrayContains(blogPosts.tags, [filter.tag]));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(blogPosts.title, pattern), ilike(blogPosts.excerpt, pattern), ilike(blogPosts.author, pattern))!);
  }
  const rows = await db()
    .select()
    .from(blogPosts)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
  return rows.map(toAdminPost);
}

/** Every distinct tag in use, alphabetically (the admin Tags filter). */
export async function listPostTags(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ tag: sql<string>`unnest(${blogPosts.tags})` })
    .from(blogPosts);
  return rows.map((r) => r.tag).sort((a, b) => a.localeCompare(b));
}

export async function getPostForEdit(id: string): Promise<AdminPost | null> {
  const [row] = await db().select().from(blogPosts).where(eq(blogPosts.id, id));
  return row ? toAdminPost(row) : null;
}

/** What a post is found by (its generated column, trigram-indexed by migration 0013). */
const POST_SEARCH_DOC = sql`${blogPosts.searchText}`;

/** Published posts matching the search terms (server/db/trigram.ts), best match first. */
export async function searchPublishedPosts(terms: string[], limit: number): Promise<PostCard[]> {
  if (terms.length === 0) return [];
  const match = trigramMatch(POST_SEARCH_DOC, terms);
  const rows = await inBestTier(
    match,
    async (where) => (await db().select({ n: sql<number>`count(*)::int` }).from(blogPosts).where(and(published, where)))[0].n,
    (runner, where) => runner.select(cardColumns).from(blogPosts).where(and(published, where)).orderBy(desc(match.score), desc(blogPosts.date)).limit(limit),
  );
  return rows.map(toCard);
}
