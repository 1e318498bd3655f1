import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action as reviewAction, loader as reviewLoader } from "../../app/routes/shop/review";
import { action as helpfulAction } from "../../app/routes/shop/review-helpful";
import { loader as personalLoader } from "../../app/routes/api/personal";
import type { PersonalView } from "../../core/personal";
import { action as adminReviewsAction, loader as adminReviewsLoader } from "../../app/routes/admin/reviews";
import { createAdmin } from "../../server/auth/admins";
import { signInAdmin } from "../../server/auth/sign-in";
import { user } from "../../server/auth/schema";
import { auditLog } from "../../server/audit/schema";
import { reviews } from "../../server/reviews/schema";
import { invalidateCatalog } from "../../server/cache/catalog";
import { getPublishedProduct, listReviews } from "../../server/catalog/products";
import { startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { cachedPage, pageCacheStats, renderOnce, type CachedPage } from "../../server/http/page-cache";
import { listLibrary } from "../../server/media/library";
import { media } from "../../server/media/schema";
import { listReviewsForModeration, replyToReview, setReviewStatus, submitReview } from "../../server/reviews";
import { cookieHeaderFrom, createCustomer, markTwoFactorEnrolled, shopRequest, signInCookie } from "./auth-helpers";
import { answer } from "./route-calls";
import { buyer, cartWith, paidEventFor, postTestWebhook, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/**
 * Reviews from buyers (issue 15): only a customer with a paid order of the product reviews it, once;
 * photos go through the upload pipeline; a review is pending (neither shown nor counted) until staff
 * approve it; hiding takes it down; "Was this helpful?" counts once per visitor; the back office's
 * Reviews is for staff and owners.
 */

type RouteFn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
const run = (fn: unknown, request: Request, params: Record<string, string> = {}) => (fn as RouteFn)({ request, params, context: { clientIp: "192.0.2.77" } });

async function userIdOf(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

/** A confirmed customer, signed in, with a paid order of one R36S (linked to the account). */
async function customerWithOrder(email: string, slug = "r36s", colour = "Black") {
  await createCustomer(email);
  const userId = await userIdOf(email);
  const variant = await variantOf(slug, colour);
  const { cartId } = await cartWith([{ variantId: variant.id, quantity: 1 }]);
  const started = await startCheckout({ cartId, userId, details: { ...buyer(1), email } });
  const { body, signature } = paidEventFor(started.sessionId);
  expect((await postTestWebhook(body, signature)).status).toBe(200);
  return { userId, cookie: await signInCookie(email), productId: variant.productId };
}

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: "#3355aa" } }).png().toBuffer();
const jpeg = () => sharp({ create: { width: 30, height: 40, channels: 3, background: "#aa5533" } }).jpeg().toBuffer();

type Photo = { name: string; bytes: Buffer; type?: string };

/** The review form as a browser posts it: multipart with its length, the files in field `photos`. */
async function reviewPost(slug: string, cookie: string, fields: Record<string, string>, photos: Photo[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (photos.length === 0) form.append("photos", new Blob([]), "");
  for (const p of photos) form.append("photos", new Blob([new Uint8Array(p.bytes)], { type: p.type ?? "image/png" }), p.name);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const request = new Request(`http://localhost:3000/products/${slug}/review`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": encoded.headers.get("Content-Type")!, "Content-Length": String(body.length), Origin: "http://localhost:3000" },
    body,
  });
  return answer(await run(reviewAction, request, { slug }));
}

const GOOD = { rating: "5", title: "Pocket-sized joy", body: "Battery lasts all day and the screen is crisp." };

async function reviewRows(productId: string) {
  return db().select().from(reviews).where(and(eq(reviews.productId, productId), inArray(reviews.status, ["pending", "published", "hidden"])));
}

async function staffCookie(email: string, role: "owner" | "staff" | "writer") {
  await createAdmin({ email, password: "staff-password-12" });
  await db().update(user).set({ role }).where(eq(user.email, email));
  const r = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip: "192.0.2.121" }), { email, password: "staff-password-12" });
  if (r.kind !== "signed-in") throw new Error(`sign-in: ${r.kind}`);
  await markTwoFactorEnrolled(email);
  return { cookie: cookieHeaderFrom(r.cookies), actor: { id: await userIdOf(email), email } };
}

const adminPost = (cookie: string, fields: Record<string, string>) =>
  new Request("http://localhost:3000/admin/reviews", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost:3000" },
    body: new URLSearchParams(fields).toString(),
  });

describe("reviews from buyers", () => {
  useTestDatabase();
  useCatalogue();

  it("only a signed-in buyer may review: a guest is sent to sign in, a customer without an order is told why", async () => {
    await expect(run(reviewLoader, shopRequest("/products/r36s/review"), { slug: "r36s" })).rejects.toMatchObject({ status: 303 });
    await createCustomer("browser@example.com");
    const cookie = await signInCookie("browser@example.com");
    const page = (await run(reviewLoader, shopRequest("/products/r36s/review", { cookie }), { slug: "r36s" })) as { access: { kind: string } };
    expect(page.access).toEqual({ kind: "not-buyer" });
    // Posting anyway stores nothing: the form page (which says why) is where it lands.
    const r = await reviewPost("r36s", cookie, GOOD, [{ name: "a.png", bytes: await png() }]);
    expect(r.status).toBe(303);
    const { productId } = await variantOf("r36s", "Black");
    expect(await reviewRows(productId)).toEqual([]);
    await expect(submitReview({ id: await userIdOf("browser@example.com") }, { id: productId, title: "R36S" }, { rating: 5, title: "x".repeat(5), body: "y".repeat(20) }, [])).rejects.toMatchObject({
      status: 403,
      message: "Only customers who bought this can review it.",
    });
  });

  it("a buyer reviews once with photos; it waits pending, neither shown nor counted; approved it shows and counts with Verified buyer; hidden it is gone", async () => {
    const { userId, cookie, productId } = await customerWithOrder("jane.buyer@example.com");
    await db().update(user).set({ name: "Jane Buyer" }).where(eq(user.id, userId));
    const before = (await getPublishedProduct("r36s"))!.rating;
    expect((await run(reviewLoader, shopRequest("/products/r36s/review", { cookie }), { slug: "r36s" })) as object).toMatchObject({ access: { kind: "buyer" } });

    const r = await reviewPost("r36s", cookie, GOOD, [
      { name: "front.png", bytes: await png() },
      { name: "side.jpg", bytes: await jpeg(), type: "image/jpeg" },
    ]);
    expect(r.status).toBe(303);
    expect(r.headers.get("Location")).toBe("/products/r36s/review");
    const [row] = await db().select().from(reviews).where(eq(reviews.userId, userId));
    expect(row).toMatchObject({ status: "pending", verifiedBuyer: true, author: "Jane B.", rating: 5, title: GOOD.title, body: GOOD.body });
    expect(row.images).toHaveLength(2);
    // Re-encoded by the pipeline, kept out of the editors' media library.
    const photos = await db().select().from(media).where(inArray(media.id, row.images));
    expect(photos.map((p) => p.source)).toEqual(["review", "review"]);
    expect(photos.every((p) => p.renditions.every((x) => x.format === "webp"))).toBe(true);
    expect((await listLibrary("")).some((i) => row.images.includes(i.id))).toBe(false);

    // Pending: not on the page, not in the rating.
    expect((await listReviews(productId)).some((v) => v.id === row.id)).toBe(false);
    expect((await getPublishedProduct("r36s"))!.rating).toEqual(before);
    expect((await run(reviewLoader, shopRequest("/products/r36s/review", { cookie }), { slug: "r36s" })) as object).toMatchObject({ access: { kind: "reviewed", status: "pending" } });

    // Once: the form refuses a second review (and the domain says why).
    expect((await reviewPost("r36s", cookie, { ...GOOD, title: "Second go" })).status).toBe(303);
    expect(await db().select().from(reviews).where(eq(reviews.userId, userId))).toHaveLength(1);
    await expect(submitReview({ id: userId }, { id: productId, title: "R36S" }, { rating: 4, title: "Again", body: "Another go at this." }, [])).rejects.toMatchObject({ status: 409 });

    // Approved: listed with the badge, counted in the rating, and the cached pages are dropped.
    const { actor } = await staffCookie("mod@example.com", "staff");
    const fake: CachedPage = { status: 200, storable: true, headers: [], scriptHashes: [], etag: "x", bodies: { identity: Buffer.from("old") }, size: 3 };
    await renderOnce("us /products/r36s", async () => fake);
    expect(cachedPage("us /products/r36s")).toBeDefined();
    await setReviewStatus(row.id, "published", actor);
    expect(pageCacheStats().pages).toBe(0);
    const shown = (await listReviews(productId)).find((v) => v.id === row.id);
    expect(shown).toMatchObject({ verifiedBuyer: true, author: "Jane B.", title: GOOD.title });
    expect(shown!.images).toHaveLength(2);
    const after = (await getPublishedProduct("r36s"))!;
    expect(after.rating.count).toBe(before.count + 1);

    await replyToReview(row.id, "Thanks Jane, enjoy the games!", actor);
    expect((await listReviews(productId)).find((v) => v.id === row.id)?.reply).toBe("Thanks Jane, enjoy the games!");

    await setReviewStatus(row.id, "hidden", actor);
    expect((await listReviews(productId)).some((v) => v.id === row.id)).toBe(false);
    expect((await getPublishedProduct("r36s"))!.rating).toEqual(before);

    const audited = await db().select().from(auditLog).where(and(eq(auditLog.entity, "review"), eq(auditLog.entityId, row.id)));
    expect(audited.map((a) => a.action).sort()).toEqual(["approve", "hide", "reply"]);
  });

  it("checks the fields and photos: messages by field, nothing stored on a refusal", async () => {
    const { cookie, productId, userId } = await customerWithOrder("picky@example.com", "rg35xx-pro", "Teal");
    const slug = "rg35xx-pro";
    let r = await reviewPost(slug, cookie, { rating: "", title: "ok", body: "short" });
    expect(r.status).toBe(400);
    expect((r.body as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      rating: "Choose a rating from 1 to 5 stars.",
      title: "Give your review a title of at least 3 characters.",
      body: "Tell other shoppers a little more: at least 10 characters.",
    });
    r = await reviewPost(slug, cookie, { ...GOOD, rating: "6" });
    expect((r.body as { fieldErrors: Record<string, string> }).fieldErrors.rating).toBe("Choose a rating from 1 to 5 stars.");
    r = await reviewPost(slug, cookie, { ...GOOD, body: "x".repeat(2001) });
    expect((r.body as { fieldErrors: Record<string, string> }).fieldErrors.body).toBe("Keep your review to 2000 characters or fewer.");

    // Not an image, whatever its name and declared type: refused by its bytes.
    r = await reviewPost(slug, cookie, GOOD, [{ name: "photo.png", bytes: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>") }]);
    expect(r.status).toBe(415);
    expect((r.body as { fieldErrors: Record<string, string> }).fieldErrors.photos).toBe("photo.png is not a PNG, JPEG, WebP, GIF or AVIF image.");
    // Four photos: one too many.
    const four = await Promise.all([1, 2, 3, 4].map(async (n) => ({ name: `p${n}.png`, bytes: await png() })));
    r = await reviewPost(slug, cookie, GOOD, four);
    expect(r.status).toBe(400);
    expect((r.body as { fieldErrors: Record<string, string> }).fieldErrors.photos).toBe("Upload at most 3 images at a time.");
    expect(await db().select().from(reviews).where(eq(reviews.userId, userId))).toEqual([]);
    expect(await reviewRows(productId)).toEqual([]);

    // Without photos is fine too.
    r = await reviewPost(slug, cookie, GOOD);
    expect(r.status).toBe(303);
    expect(await db().select({ images: reviews.images }).from(reviews).where(eq(reviews.userId, userId))).toEqual([{ images: [] }]);
  });

  it("'Was this helpful?' counts once per visitor (cookie) and once per account; pending reviews take no votes", async () => {
    const { productId } = await variantOf("r36s", "White");
    const [seeded] = await db()
      .insert(reviews)
      .values({ productId, author: "Sam", rating: 4, title: "Solid", body: "A solid little console.", helpfulCount: 2 })
      .returning({ id: reviews.id });
    // Written directly, not approved through moderation: the cached review lists must learn of it.
    invalidateCatalog();
    const vote = async (cookie = "", reviewId = seeded.id, mode = "cors") => {
      const request = new Request("http://localhost:3000/reviews/helpful", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Mode": mode, Referer: "http://localhost:3000/products/r36s", ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams({ reviewId }).toString(),
      });
      const r = answer(await run(helpfulAction, request));
      const set = r.headers.get("Set-Cookie");
      return { ...r, cookie: set ? set.split(";")[0] : cookie };
    };
    const first = await vote();
    expect(first.body).toEqual({ ok: true, helpfulCount: 3, counted: true });
    expect(first.cookie).toMatch(/^visitor=/);
    expect((await vote(first.cookie)).body).toEqual({ ok: true, helpfulCount: 3, counted: false });
    // A tampered cookie is a new visitor, not the same one.
    expect((await vote(`${first.cookie.slice(0, -4)}abcd`)).body).toMatchObject({ counted: true, helpfulCount: 4 });
    // Without JavaScript: back to the review.
    const plain = await vote("", seeded.id, "navigate");
    expect(plain.status).toBe(303);
    // Back to the review, the address naming it: the shared page says "You found this helpful" from it.
    expect(plain.headers.get("Location")).toBe(`/products/r36s?helpful=${seeded.id}#review-${seeded.id}`);

    await createCustomer("voter@example.com");
    const account = await signInCookie("voter@example.com");
    expect((await vote(account)).body).toMatchObject({ counted: true, helpfulCount: 6 });
    expect((await vote(account)).body).toMatchObject({ counted: false, helpfulCount: 6 });
    expect((await vote(account)).cookie).toBe(account);

    // Each voter's own answer (the page is everyone's, ADR 018) carries their vote with the count now; not another's.
    const votesOf = async (cookie: string) => {
      const own = answer(await run(personalLoader, shopRequest("/api/personal?product=r36s", { cookie })));
      return new Map((own.body as PersonalView).product?.votes ?? []);
    };
    expect((await votesOf(first.cookie)).get(seeded.id)).toBe(6);
    expect((await votesOf(account)).get(seeded.id)).toBe(6);
    expect((await votesOf("")).has(seeded.id)).toBe(false);

    const [pending] = await db().insert(reviews).values({ productId, author: "Pat", rating: 1, title: "Meh", body: "Not for me at all.", status: "pending" }).returning({ id: reviews.id });
    expect((await vote("", pending.id)).status).toBe(404);
    expect((await vote("", "not-a-uuid")).status).toBe(400);
    const [{ helpfulCount }] = await db().select({ helpfulCount: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, seeded.id));
    expect(helpfulCount).toBe(6);
  });

  it("the back office's Reviews opens for staff and owners, not writers or customers, and moderates through its form", async () => {
    const productId = (await getPublishedProduct("r36pro"))!.id;
    const [pending] = await db().insert(reviews).values({ productId, author: "Lee", rating: 3, title: "Okay", body: "It does the job well.", status: "pending" }).returning({ id: reviews.id });
    const staff = await staffCookie("staff.rev@example.com", "staff");
    const owner = await staffCookie("owner.rev@example.com", "owner");
    const writer = await staffCookie("writer.rev@example.com", "writer");
    await createCustomer("cust.rev@example.com");
    const customer = await signInCookie("cust.rev@example.com");

    const list = (cookie: string) => run(adminReviewsLoader, shopRequest("/admin/reviews?status=pending", { cookie }));
    for (const who of [writer.cookie, customer]) {
      await expect(list(who)).rejects.toMatchObject({ status: 403 });
      await expect(run(adminReviewsAction, adminPost(who, { intent: "approve", id: pending.id }))).rejects.toMatchObject({ status: 403 });
    }
    const listed = answer(await list(staff.cookie)).body as Awaited<ReturnType<typeof listReviewsForModeration>>;
    expect(listed.rows.map((r) => r.id)).toContain(pending.id);
    expect(listed.counts.pending).toBeGreaterThanOrEqual(1);
    await list(owner.cookie);

    let r = answer(await run(adminReviewsAction, adminPost(staff.cookie, { intent: "approve", id: pending.id })));
    expect(r.body).toMatchObject({ ok: true });
    expect((await listReviews(productId)).some((v) => v.id === pending.id)).toBe(true);
    r = answer(await run(adminReviewsAction, adminPost(owner.cookie, { intent: "reply", id: pending.id, reply: "x".repeat(1001) })));
    expect(r.status).toBe(400);
    r = answer(await run(adminReviewsAction, adminPost(owner.cookie, { intent: "hide", id: crypto.randomUUID() })));
    expect(r.status).toBe(404);
    r = answer(await run(adminReviewsAction, adminPost(owner.cookie, { intent: "hide", id: pending.id })));
    expect(r.body).toMatchObject({ ok: true });
    expect((await listReviews(productId)).some((v) => v.id === pending.id)).toBe(false);
  });
});
