import { count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { db, transaction } from "../db/client";
import { reviews } from "./schema";
import { products } from "../catalog/schema";
import { user } from "../auth/schema";
import { recordAudit, type Actor } from "@server/audit";
import { catalogChanged } from "@server/cache";
import { loadImages } from "@server/media";
import { NotFoundError } from "../errors";
import { REVIEW_LIMITS, REVIEW_STATUSES, type ReviewStatus } from "@core/reviews";
import type { StoredImage } from "@core/images";

/**
 * The back office's Reviews (staff and owner): buyers' reviews wait as pending; staff approve them
 * (shown and counted), hide them (taken down) or reply under them. Every change is audited and,
 * since the product page, its rating and its structured data are built from approved reviews,
 * announced as a catalogue change so every instance drops its cached pages at commit.
 */

export class ReviewNotFoundError extends NotFoundError {
  constructor() {
    super("review");
  }
}

export type ModerationRow = {
  id: string;
  product: { id: string; title: string; slug: string };
  author: string;
  /** The customer's address, for staff only (null for the seeded stories). */
  email: string | null;
  verifiedBuyer: boolean;
  rating: number;
  title: string;
  body: string;
  images: StoredImage[];
  status: ReviewStatus;
  reply: string | null;
  helpfulCount: number;
  createdAt: string;
};

export const MODERATION_PAGE = 50;

/** Reviews in one status, newest first, with how many each status holds (the tabs' counts). */
export async function listReviewsForModeration(status: ReviewStatus): Promise<{ rows: ModerationRow[]; counts: Record<ReviewStatus, number> }> {
  const [rows, tallies] = await Promise.all([
    db()
      .select({ review: reviews, product: { id: products.id, title: products.title, slug: products.slug }, email: user.email })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .leftJoin(user, eq(user.id, reviews.userId))
      .where(eq(reviews.status, status))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(MODERATION_PAGE),
    db().select({ status: reviews.status, n: count() }).from(reviews).groupBy(reviews.status),
  ]);
  const images = await loadImages(rows.flatMap((r) => r.review.images));
  const counts = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<ReviewStatus, number>;
  for (const t of tallies) counts[t.status] = t.n;
  return {
    counts,
    rows: rows.map(({ review: r, product, email }) => ({
      id: r.id,
      product,
      author: r.author,
      email,
      verifiedBuyer: r.verifiedBuyer,
      rating: r.rating,
      title: r.title,
      body: r.body,
      images: r.images.map((id) => images.get(id)).filter((i): i is StoredImage => !!i),
      status: r.status,
      reply: r.reply,
      helpfulCount: r.helpfulCount,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** Approve (shown and counted) or hide (taken down); the same status again changes nothing and logs nothing. */
export async function setReviewStatus(id: string, status: "published" | "hidden", actor: Actor): Promise<void> {
  await transaction(async (tx) => {
    const [row] = await tx.select({ status: reviews.status, productId: reviews.productId }).from(reviews).where(eq(reviews.id, id)).for("update");
    if (!row) throw new ReviewNotFoundError();
    if (row.status === status) return;
    await tx.update(reviews).set({ status, updatedAt: new Date() }).where(eq(reviews.id, id));
    await recordAudit(tx, {
      actor,
      action: status === "published" ? "approve" : "hide",
      entity: "review",
      entityId: id,
      data: { from: row.status, to: status, productId: row.productId },
    });
    await catalogChanged(tx);
  });
}

export const replySchema = z.object({
  reply: z.string().trim().max(REVIEW_LIMITS.replyMax, { message: `Keep the reply to ${REVIEW_LIMITS.replyMax} characters or fewer.` }),
});

/** The shop's public answer under a review; an empty reply removes it. */
export async function replyToReview(id: string, reply: string, actor: Actor): Promise<void> {
  const text = reply.trim();
  await transaction(async (tx) => {
    const [row] = await tx.select({ reply: reviews.reply }).from(reviews).where(eq(reviews.id, id)).for("update");
    if (!row) throw new ReviewNotFoundError();
    if ((row.reply ?? "") === text) return;
    await tx
      .update(reviews)
      .set({ reply: text || null, repliedAt: text ? new Date() : null, updatedAt: new Date() })
      .where(eq(reviews.id, id));
    await recordAudit(tx, { actor, action: text ? "reply" : "remove_reply", entity: "review", entityId: id, data: { length: text.length } });
    await catalogChanged(tx);
  });
}
