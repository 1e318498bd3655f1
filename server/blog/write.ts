import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterCommit, transaction, type Tx } from "../db/client";
import { dropCachedPages } from "../http/page-cache";
import { blogPosts } from "./schema";
import { isUniqueViolation } from "../db/errors";
import { sanitizeRichText } from "@server/content";
import { importRemoteImages, importRemoteImageUrl } from "@server/media";
import { notify } from "../realtime/bus";
import { recordAudit, type Actor } from "@server/audit";
import { SAVED_EXCERPT_LENGTH, excerptFrom, hasContent, postSlug } from "@core/blog";
import { statusForIntent, type PostFormData } from "@core/post-form";
import { toAdminPost, type AdminPost } from "./posts";
import { FieldSaveError, NotFoundError } from "../errors";

export const DUPLICATE_SLUG_MESSAGE = "A post with this slug already exists. Please use a different slug.";

type FieldErrors = Partial<Record<keyof PostFormData, string>>;

/** A save the editor can explain next to a field. */
export class PostSaveError extends FieldSaveError {
  constructor(fieldErrors: FieldErrors) {
    super(fieldErrors as Record<string, string>, "Failed to save post", "slug");
  }
}

export class PostNotFoundError extends NotFoundError {
  constructor() {
    super("post");
  }
}

/**
 * Creates (id null) or updates a post. Content is sanitised here, before it is stored; the slug comes
 * from the slug field or the title; an empty excerpt becomes the first 150 characters of the text.
 * The change is announced on the bus inside the transaction, so listeners hear of it after commit.
 */
export async function savePost(id: string | null, data: PostFormData, actor: Actor): Promise<AdminPost> {
  // Images linked from other sites are copied into the media library first (server/media/import-images.ts).
  const contentHtml = sanitizeRichText(await importRemoteImages(sanitizeRichText(data.contentHtml, { remoteImages: true })));
  if (!hasContent(contentHtml)) throw new PostSaveError({ contentHtml: "Content is required" });
  const fields = {
    title: data.title,
    contentHtml,
    status: statusForIntent(data),
    slug: postSlug(data.slug) || postSlug(data.title) || `post-${crypto.randomBytes(4).toString("hex")}`,
    excerpt: data.excerpt || excerptFrom(contentHtml, SAVED_EXCERPT_LENGTH),
    image: await importRemoteImageUrl(data.image, data.title),
    author: data.author,
    tags: data.tags,
  };
  const now = new Date();
  try {
    return await transaction(async (tx) => {
      const [row] = id
        ? await tx.update(blogPosts).set({ ...fields, updatedAt: now }).where(eq(blogPosts.id, id)).returning()
        : await tx.insert(blogPosts).values({ ...fields, date: now, createdAt: now, updatedAt: now }).returning();
      if (!row) throw new PostNotFoundError();
      const action = !id ? "create" : fields.status === "published" ? "publish" : "update";
      await announce(tx, actor, row.id, id ? "updated" : "created", action, { title: row.title, slug: row.slug, status: row.status });
      return toAdminPost(row);
    });
  } catch (err) {
    if (isUniqueViolation(err, "blog_posts_slug_idx")) throw new PostSaveError({ slug: DUPLICATE_SLUG_MESSAGE });
    throw err;
  }
}

export async function deletePost(id: string, actor: Actor): Promise<void> {
  await transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id, title: blogPosts.title, slug: blogPosts.slug });
    if (!row) throw new PostNotFoundError();
    await announce(tx, actor, row.id, "deleted", "delete", { title: row.title, slug: row.slug });
  });
}

/** What the one-off tool inserts: the demo data's sample article (server/seed/blog.ts). */
export type SamplePost = Omit<typeof blogPosts.$inferInsert, "id" | "status" | "date" | "createdAt" | "updatedAt" | "contentHtml"> & { contentHtml: string };

/** The one-off tool: inserts the sample article, published and dated now, unless its slug is taken. */
export async function insertSamplePost(seedPost: SamplePost, actor: Actor): Promise<"inserted" | "exists"> {
  return transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .insert(blogPosts)
      .values({
        ...seedPost,
        contentHtml: sanitizeRichText(seedPost.contentHtml),
        status: "published",
        date: now,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: blogPosts.id });
    if (!row) return "exists";
    await announce(tx, actor, row.id, "created", "create", { title: seedPost.title, slug: seedPost.slug, status: "published", tool: "insert-marvel-post" });
    return "inserted";
  });
}

/**
 * Every post write: an audit entry and a bus event, both inside the write's transaction. This
 * process drops its rendered pages at commit, without waiting for its own event's round trip.
 */
async function announce(
  tx: Tx,
  actor: Actor,
  id: string,
  event: "created" | "updated" | "deleted",
  action: string,
  data: Record<string, unknown>,
) {
  await recordAudit(tx, { actor, action, entity: "post", entityId: id, data });
  await notify(tx, { type: "post", id, action: event });
  afterCommit(tx, dropCachedPages);
}
