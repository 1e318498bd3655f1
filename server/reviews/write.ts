import { and, eq, exists, isNotNull, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { db, executeRows, transaction } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { reviews } from "./schema";
import { orderItems, orders } from "../orders/schema";
import { user } from "../auth/schema";
import { DomainError } from "../errors";
import { UploadError, checkUploadedImages, storeUploadedImages, type UploadedFile } from "@server/media";
import { REVIEW_LIMITS, type ReviewStatus } from "@core/reviews";

/**
 * A buyer's review (issue 15): a signed-in customer with a paid order of the product writes one
 * review of it, with up to three photos through the back office's upload pipeline (bytes sniffed,
 * re-encoded by sharp). It waits for staff to approve it (moderation.ts) before the shop shows or
 * counts it.
 */

/** What the signed-in customer may do about a product's review. */
export type ReviewAccess = { kind: "buyer" } | { kind: "not-buyer" } | { kind: "reviewed"; status: ReviewStatus };

export class ReviewRefusedError extends DomainError {
  constructor(
    message: string,
    readonly status: 403 | 404 | 409,
  ) {
    super(message);
  }
}

export const NOT_A_BUYER = "Only customers who bought this can review it.";
export const ALREADY_REVIEWED = "You have already reviewed this product.";

const { titleMin, titleMax, bodyMin, bodyMax } = REVIEW_LIMITS;

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ message: "Choose a rating from 1 to 5 stars." })
    .int({ message: "Choose a rating from 1 to 5 stars." })
    .min(1, { message: "Choose a rating from 1 to 5 stars." })
    .max(5, { message: "Choose a rating from 1 to 5 stars." }),
  title: z
    .string()
    .trim()
    .min(titleMin, { message: `Give your review a title of at least ${titleMin} characters.` })
    .max(titleMax, { message: `Keep the title to ${titleMax} characters or fewer.` }),
  body: z
    .string()
    .trim()
    .min(bodyMin, { message: `Tell other shoppers a little more: at least ${bodyMin} characters.` })
    .max(bodyMax, { message: `Keep your review to ${bodyMax} characters or fewer.` }),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

/** The customer's paid, not cancelled orders that have the product (at most one row). */
function purchasesOf(userId: string | SQLWrapper, productId: string | SQLWrapper) {
  return db()
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt), ne(orders.status, "cancelled"), eq(orderItems.productId, productId)))
    .limit(1);
}

export type AccessRow = { status: ReviewStatus | null; bought: boolean };

/**
 * Select-list columns of an AccessRow: the customer's own review of the product, and whether they
 * bought it. `userId` may be a column of the enclosing query (the personal answer's signed-in user).
 */
export function accessColumns(userId: string | SQLWrapper, productId: string | SQLWrapper): SQL {
  const own = db()
    .select({ status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return sql`${own} as status, ${exists(purchasesOf(userId, productId))} as bought`;
}

export function accessOf(row: AccessRow | undefined): ReviewAccess {
  if (row?.status) return { kind: "reviewed", status: row.status };
  return row?.bought ? { kind: "buyer" } : { kind: "not-buyer" };
}

/** What the review form offers a signed-in customer. */
export async function reviewAccess(userId: string, productId: string): Promise<ReviewAccess> {
  const [row] = await executeRows<AccessRow>(sql`select ${accessColumns(userId, productId)}`);
  return accessOf(row);
}

/** "Jane Doe" → "Jane D.": how a customer's name appears above their review. */
export function publicName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "Customer";
  const first = words[0].slice(0, 40);
  return words.length > 1 ? `${first} ${words[words.length - 1].charAt(0).toUpperCase()}.` : first;
}

/**
 * Stores the review as pending. Refuses (403) a customer who did not buy the product and (409) a
 * second review, before any photo is stored; the photos are checked and re-encoded, then the row is
 * written (the unique index settles two submissions racing).
 */
export async function submitReview(
  customer: { id: string },
  product: { id: string; title: string },
  input: ReviewInput,
  photos: UploadedFile[],
): Promise<{ id: string }> {
  const access = await reviewAccess(customer.id, product.id);
  if (access.kind === "reviewed") throw new ReviewRefusedError(ALREADY_REVIEWED, 409);
  if (access.kind === "not-buyer") throw new ReviewRefusedError(NOT_A_BUYER, 403);
  if (photos.length > REVIEW_LIMITS.photos) throw new UploadError(`Add at most ${REVIEW_LIMITS.photos} photos.`, 400);
  await checkUploadedImages(photos);
  const [account] = await db().select({ name: user.name }).from(user).where(eq(user.id, customer.id));
  const author = publicName(account?.name ?? "");
  const images = photos.length ? await storeUploadedImages(photos, product.title, "review") : [];
  try {
    return await transaction(async (tx) => {
      const [row] = await tx
        .insert(reviews)
        .values({
          productId: product.id,
          userId: customer.id,
          author,
          rating: input.rating,
          title: input.title,
          body: input.body,
          images: images.map((i) => i.id),
          status: "pending",
          verifiedBuyer: true,
        })
        .returning({ id: reviews.id });
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err, "reviews_product_user_idx")) throw new ReviewRefusedError(ALREADY_REVIEWED, 409);
    throw err;
  }
}
