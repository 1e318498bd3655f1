import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { action as editorAction, loader as editorLoader } from "../../app/routes/admin/product-editor";
import { action as listAction } from "../../app/routes/admin/products";
import { action as postImageAction } from "../../app/routes/api/admin-post-image";
import { action as uploadAction } from "../../app/routes/api/admin-product-images";
import { createAdmin } from "../../server/auth/admins";
import { signInAdmin } from "../../server/auth/sign-in";
import { addToCart, openCartForRequest, readCart } from "../../server/cart";
import { ProductSaveError, deleteProduct, getProductForEdit, listAdminProducts, saveProduct } from "../../server/catalog/admin";
import type { ProductImageOption } from "../../core/product-form";
import { getPublishedProduct, listAccessoryOffers, listHomeRows, listPublishedProducts } from "../../server/catalog/products";
import { db } from "../../server/db/client";
import { startBus, subscribe, type ShopEvent } from "../../server/realtime/bus";
import { auditLog } from "../../server/audit/schema";
import { orderItems, orders } from "../../server/orders/schema";
import { productVariants, products } from "../../server/catalog/schema";
import { MESSAGES, parseProductForm, type ProductFormData } from "../../core/product-form";
import { cookieHeaderFrom, createCustomer, markTwoFactorEnrolled, shopRequest, signInCookie } from "./auth-helpers";
import { useTestDatabase } from "./test-db";

const actor = { id: "admin-1", email: "admin@pocketretro.example" };

/** The editor's fields as the browser sends them. */
function fields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "publish",
    title: "Pocket Arcade",
    descriptionHtml: "<p>A small console.</p>",
    price: "19.99",
    "colors.0.name": "Black",
    "colors.0.hex": "#111111",
    "colors.0.stock": "5",
    ...overrides,
  };
}

function toForm(f: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(f)) form.append(k, v);
  return form;
}

function formData(overrides: Record<string, string> = {}): ProductFormData {
  const parsed = parseProductForm(toForm(fields(overrides)));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

/** Calls a route module's loader or action as React Router would. */
type RouteFn = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
async function call(fn: unknown, request: Request, params: Record<string, string> = {}) {
  try {
    return answer(await (fn as RouteFn)({ request, params, context: {} }));
  } catch (thrown) {
    return answer(thrown);
  }
}

function answer(result: unknown): { status: number; body: unknown; headers: Headers } {
  if (result instanceof Response) return { status: result.status, body: undefined, headers: result.headers };
  const r = result as { data: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  return { status: r.init?.status ?? 200, body: r.data, headers: new Headers(r.init?.headers ?? undefined) };
}

function post(path: string, body: FormData, cookie?: string): Request {
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, headers: cookie ? { cookie } : {} });
}

async function png(colour: string, width = 400): Promise<File> {
  const bytes = await sharp({ create: { width, height: 300, channels: 3, background: colour } }).png().toBuffer();
  return new File([new Uint8Array(bytes)], `${colour.slice(1)}.png`, { type: "image/png" });
}

async function uploadRequest(files: File[], cookie: string, field = "files"): Promise<Request> {
  const form = new FormData();
  for (const f of files) form.append(field, f);
  // Content-Length as a browser sends it (the endpoint refuses a body without one).
  const encoded = new Response(form);
  const type = encoded.headers.get("content-type")!;
  const body = await encoded.arrayBuffer();
  return new Request("http://localhost:3000/api/admin/products/images", {
    method: "POST",
    body,
    headers: { cookie, "content-type": type, "content-length": String(body.byteLength) },
  });
}

describe("admin products", () => {
  useTestDatabase();
  let adminCookie = "";
  let customerCookie = "";

  beforeAll(async () => {
    await createAdmin({ email: "boss@example.com", password: "boss-password-1" });
    const result = await signInAdmin(shopRequest("/admin-login", { method: "POST" }), { email: "boss@example.com", password: "boss-password-1" });
    if (result.kind !== "signed-in") throw new Error("admin sign-in failed");
    adminCookie = cookieHeaderFrom(result.cookies);
    await markTwoFactorEnrolled("boss@example.com");
    await createCustomer("shopper@example.com");
    customerCookie = await signInCookie("shopper@example.com");
  });

  it("answers invalid input with the spec's messages next to the fields and a 400, saving nothing", async () => {
    const res = await call(editorAction, post("/admin/products/new", toForm(fields({ title: "", descriptionHtml: "<p></p>", price: "abc" })), adminCookie), { id: "new" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ok: false,
      kind: "validation",
      message: MESSAGES.title,
      fieldErrors: { title: MESSAGES.title, descriptionHtml: MESSAGES.description, price: MESSAGES.price },
    });
    const zero = await call(editorAction, post("/admin/products/new", toForm(fields({ price: "0.00" })), adminCookie), { id: "new" });
    expect(zero.body).toMatchObject({ fieldErrors: { price: MESSAGES.price } });
    const noColour = fields();
    delete noColour["colors.0.name"];
    delete noColour["colors.0.hex"];
    delete noColour["colors.0.stock"];
    const publish = await call(editorAction, post("/admin/products/new", toForm(noColour), adminCookie), { id: "new" });
    expect(publish.body).toMatchObject({ fieldErrors: { colors: MESSAGES.needsColour } });
    expect((await listAdminProducts()).rows).toEqual([]);
  });

  it("lets only admins in: anonymous to /admin-login, a customer 403, on every loader and action", async () => {
    const form = () => toForm(fields());
    for (const cookie of [undefined, customerCookie]) {
      const expected = cookie ? 403 : 303;
      expect((await call(editorAction, post("/admin/products/new", form(), cookie), { id: "new" })).status).toBe(expected);
      expect((await call(editorLoader, shopRequest("/admin/products/new", { cookie }), { id: "new" })).status).toBe(expected);
      expect((await call(listAction, post("/admin/products", toForm({ intent: "delete", id: crypto.randomUUID() }), cookie))).status).toBe(expected);
      expect((await call(uploadAction, await uploadRequest([await png("#ff0000")], cookie ?? ""))).status).toBe(expected);
    }
  });

  it("creates a product with two colours and an uploaded image, publishes it and shows it in the shop", async () => {
    const upload = await call(uploadAction, await uploadRequest([await png("#3366ff"), await png("#ff6633", 200)], adminCookie));
    expect(upload.body).not.toHaveProperty("error");
    expect(upload.status).toBe(200);
    const images = (upload.body as { images: ProductImageOption[] }).images;
    expect(images).toHaveLength(2);
    expect(images[0].src).toMatch(/^\/media\/.+\.webp$/);

    const res = await call(
      editorAction,
      post(
        "/admin/products/new",
        toForm(
          fields({
            title: "Pocket Arcade Deluxe",
            slug: "",
            compareAtPrice: "29.99",
            externalUrl: "https://partner.example/pocket-arcade",
            badge: "New Release",
            "colors.0.imageId": images[0].id,
            "colors.1.name": "Sky Blue",
            "colors.1.hex": "#3366FF",
            "colors.1.stock": "3",
            "colors.1.imageId": images[1].id,
            "specifications.0.label": "Screen",
            "specifications.0.value": "3.5 inch IPS",
          }),
        ),
        adminCookie,
      ),
      { id: "new" },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, intent: "publish" });

    const page = await getPublishedProduct("pocket-arcade-deluxe");
    expect(page).toMatchObject({ title: "Pocket Arcade Deluxe", priceCents: 1999, compareAtCents: 2999, badge: "New Release", externalUrl: "https://partner.example/pocket-arcade" });
    expect(page!.content.specifications).toEqual([{ label: "Screen", value: "3.5 inch IPS" }]);
    expect(page!.variants.map((v) => [v.name, v.hex, v.available, v.images[0]?.id])).toEqual([
      ["Black", "#111111", 5, images[0].id],
      ["Sky Blue", "#3366ff", 3, images[1].id],
    ]);
    const card = (await listPublishedProducts()).find((p) => p.slug === "pocket-arcade-deluxe");
    expect(card?.image?.id).toBe(images[0].id);

    const [row] = (await listAdminProducts()).rows;
    expect(row).toMatchObject({ title: "Pocket Arcade Deluxe", priceCents: 1999, status: "published", image: { id: images[0].id } });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", entity: "product", actorEmail: "boss@example.com" });
  });

  it("refuses a file that is not an image, whatever its name says", async () => {
    const fake = new File([new TextEncoder().encode("<svg onload=alert(1)></svg>........")], "photo.png", { type: "image/png" });
    const res = await call(uploadAction, await uploadRequest([fake], adminCookie));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ ok: false, message: "photo.png is not a PNG, JPEG, WebP, GIF or AVIF image.", fieldErrors: {} });
  });

  it("the post editor's single-image upload shares the same request checks", async () => {
    const one = await call(postImageAction, await uploadRequest([await png("#00aa00")], adminCookie, "file"));
    expect(one.body).toEqual({ url: expect.stringMatching(/^\/media\/.+\.webp$/) });
    const two = await call(postImageAction, await uploadRequest([await png("#00aa00"), await png("#0000aa")], adminCookie, "file"));
    expect(two).toMatchObject({ status: 400, body: { message: "Upload one image at a time." } });
    const none = await call(postImageAction, await uploadRequest([], adminCookie, "file"));
    expect(none).toMatchObject({ status: 400, body: { message: "Choose at least one image." } });
  });

  it("an accessory without options keeps one default variant through edits; featuring it puts it on the home page at once", async () => {
    const kit = await saveProduct(null, formData({ title: "Cleaning Kit", type: "accessory", options: "none", "colors.0.name": "", "colors.0.hex": "#ffffff", "colors.0.stock": "7" }), actor);
    const edit = await getProductForEdit(kit.id);
    expect(edit).toMatchObject({ type: "accessory", featuredPosition: null, colors: [{ name: "", stock: 7 }] });
    expect((await listHomeRows()).featured.map((p) => p.slug)).not.toContain("cleaning-kit");
    await saveProduct(
      kit.id,
      formData({ title: "Cleaning Kit", type: "accessory", options: "none", featured: "on", featuredPosition: "0", "colors.0.id": edit!.colors[0].id, "colors.0.stock": "7", "colors.0.baseStock": "7" }),
      actor,
    );
    const again = await getProductForEdit(kit.id);
    expect(again?.colors).toEqual([{ ...edit!.colors[0] }]);
    expect(again?.featuredPosition).toBe(0);
    // Written by the save, read through the catalogue cache: the event dropped it.
    expect((await listHomeRows()).featured[0].slug).toBe("cleaning-kit");
    expect((await listAccessoryOffers()).find((o) => o.slug === "cleaning-kit")?.variants).toEqual([{ id: edit!.colors[0].id, name: "", available: 7 }]);
    await deleteProduct(kit.id, actor);
  });

  it("a colour with several views (the seed's front, back and side) keeps them while its main image stays; another main image replaces them", async () => {
    const upload = await call(uploadAction, await uploadRequest([await png("#112233"), await png("#223344"), await png("#334455"), await png("#445566")], adminCookie));
    const [front, back, side, other] = (upload.body as { images: ProductImageOption[] }).images;
    const created = await saveProduct(null, formData({ title: "Three Views", "colors.0.imageId": front.id }), actor);
    const [variant] = await db().select().from(productVariants).where(eq(productVariants.productId, created.id));
    await db().update(productVariants).set({ imageIds: [front.id, back.id, side.id] }).where(eq(productVariants.id, variant.id));
    const edit = await getProductForEdit(created.id);
    expect(edit?.colors[0].imageId).toBe(front.id);

    const again = (imageId: string, stock: string) =>
      saveProduct(created.id, formData({ title: "Three Views", "colors.0.id": variant.id, "colors.0.imageId": imageId, "colors.0.stock": stock, "colors.0.baseStock": "5" }), actor);
    await again(front.id, "5");
    expect((await db().select().from(productVariants).where(eq(productVariants.id, variant.id)))[0].imageIds).toEqual([front.id, back.id, side.id]);
    expect((await getPublishedProduct("three-views"))!.variants[0].images.map((i) => i.id)).toEqual([front.id, back.id, side.id]);
    await again(other.id, "5");
    expect((await db().select().from(productVariants).where(eq(productVariants.id, variant.id)))[0].imageIds).toEqual([other.id]);
    await deleteProduct(created.id, actor);
  });

  it("explains a duplicate slug next to the slug field and leaves the first product alone", async () => {
    const first = await saveProduct(null, formData({ title: "Twin", slug: "twin-console" }), actor);
    const dup = await saveProduct(null, formData({ title: "Other twin", slug: "Twin Console" }), actor).catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(ProductSaveError);
    expect((dup as ProductSaveError).fieldErrors).toEqual({ slug: MESSAGES.duplicateSlug });
    const res = await call(editorAction, post("/admin/products/new", toForm(fields({ title: "Third", slug: "twin-console" })), adminCookie), { id: "new" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ kind: "save", fieldErrors: { slug: MESSAGES.duplicateSlug } });
    expect((await listAdminProducts()).rows.filter((p) => p.slug === "twin-console").map((p) => p.id)).toEqual([first.id]);
  });

  it("edits: a price change shows in the shop at once, kept colours keep their rows, removed ones leave carts", async () => {
    const created = await saveProduct(
      null,
      formData({ title: "Edit Me", "colors.1.name": "White", "colors.1.hex": "#ffffff", "colors.1.stock": "4" }),
      actor,
    );
    const before = await getPublishedProduct("edit-me");
    expect(before!.priceCents).toBe(1999);
    const [black, white] = before!.variants;

    // A shopper holds both colours in a cart; an old order points at the white one.
    const { cartId } = await openCartForRequest(new Request("http://localhost:3000/cart", { method: "POST" }), null);
    await addToCart(cartId, black.id, 1);
    await addToCart(cartId, white.id, 1);

    // A sale of 2 black units lands while the admin edits (the editor loaded stock 5 and types 8: +3).
    await db().update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, black.id));
    const edit = await getProductForEdit(created.id);
    expect(edit!.colors.map((c) => c.name)).toEqual(["Black", "White"]);
    await saveProduct(
      created.id,
      formData({
        title: "Edit Me",
        slug: "edit-me",
        price: "24.50",
        "colors.0.id": black.id,
        "colors.0.name": "Jet Black",
        "colors.0.stock": "8",
        "colors.0.baseStock": "5",
        "colors.1.name": "Red",
        "colors.1.hex": "#ff0000",
        "colors.1.stock": "2",
      }),
      actor,
    );

    const after = await getPublishedProduct("edit-me");
    expect(after!.priceCents).toBe(2450);
    expect(after!.variants.map((v) => [v.name, v.available])).toEqual([
      ["Jet Black", 6],
      ["Red", 2],
    ]);
    expect(after!.variants[0].id).toBe(black.id);
    expect(after!.variants.map((v) => v.id)).not.toContain(white.id);
    const cart = await readCart(cartId);
    expect(cart.lines.map((l) => [l.variantId, l.variantName, l.unitPriceCents])).toEqual([[black.id, "Jet Black", 2450]]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "publish"]);
  });

  it("announces every write on the bus after commit, so every instance drops its catalogue cache", async () => {
    await startBus();
    const events: ShopEvent[] = [];
    const stop = subscribe((e) => events.push(e));
    const p = await saveProduct(null, formData({ title: "Announced" }), actor);
    await vi.waitFor(() => expect(events).toContainEqual({ type: "catalog" }));
    events.length = 0;
    await deleteProduct(p.id, actor);
    await vi.waitFor(() => expect(events).toContainEqual({ type: "catalog" }));
    stop();
  });

  it("saving a draft takes a published product out of the shop", async () => {
    const p = await saveProduct(null, formData({ title: "Soon Gone" }), actor);
    expect(await getPublishedProduct("soon-gone")).not.toBeNull();
    await saveProduct(p.id, formData({ title: "Soon Gone", slug: "soon-gone", intent: "draft" }), actor);
    expect(await getPublishedProduct("soon-gone")).toBeNull();
    expect((await listPublishedProducts()).map((c) => c.slug)).not.toContain("soon-gone");
    expect((await listAdminProducts()).rows.find((r) => r.id === p.id)?.status).toBe("draft");
  });

  it("sanitises the description on save", async () => {
    const p = await saveProduct(
      null,
      formData({ title: "Sanitised", descriptionHtml: '<p onclick="steal()">Fine<script>alert(1)</script> <a href="javascript:alert(2)">link</a></p><img src=x onerror=alert(3)>' }),
      actor,
    );
    const stored = (await getProductForEdit(p.id))!.descriptionHtml;
    expect(stored).toContain("Fine");
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:/i);
    // Passes the browser's check (an embed counts as content) but nothing is left once sanitised.
    const foreignEmbed = { ...formData({ title: "Only embed" }), descriptionHtml: '<iframe src="https://evil.example/x"></iframe>' };
    const empty = await saveProduct(null, foreignEmbed, actor).catch((e: unknown) => e);
    expect((empty as ProductSaveError).fieldErrors).toEqual({ descriptionHtml: MESSAGES.description });
  });

  it("deletes a product that has orders: the order keeps its snapshot, carts lose the line, the page is gone", async () => {
    const p = await saveProduct(null, formData({ title: "Ordered Thing" }), actor);
    const page = await getPublishedProduct("ordered-thing");
    const variantId = page!.variants[0].id;
    const [order] = await db()
      .insert(orders)
      .values({
        number: "PR-TEST-1",
        email: "buyer@example.com",
        name: "Buyer",
        shipLine1: "1 Street",
        shipCity: "London",
        shipPostalCode: "N1 1AA",
        shipCountry: "GB",
        status: "processing",
        subtotalCents: 1999,
        totalCents: 1999,
        paymentProvider: "test",
      })
      .returning();
    await db().insert(orderItems).values({ orderId: order.id, productId: p.id, variantId, title: "Ordered Thing", variantName: "Black", unitPriceCents: 1999, quantity: 1 });
    const { cartId } = await openCartForRequest(new Request("http://localhost:3000/cart", { method: "POST" }), null);
    await addToCart(cartId, variantId, 1);

    const res = await call(listAction, post("/admin/products", toForm({ intent: "delete", id: p.id }), adminCookie));
    expect(res).toMatchObject({ status: 200, body: { ok: true } });

    expect(await getPublishedProduct("ordered-thing")).toBeNull();
    expect(await db().select().from(products).where(eq(products.id, p.id))).toEqual([]);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(item).toMatchObject({ productId: null, variantId: null, title: "Ordered Thing", variantName: "Black", unitPriceCents: 1999 });
    expect((await readCart(cartId)).lines).toEqual([]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, p.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "delete"]);

    const again = await call(listAction, post("/admin/products", toForm({ intent: "delete", id: p.id }), adminCookie));
    expect(again).toMatchObject({ status: 404, body: { ok: false, message: "This product no longer exists." } });
    await expect(deleteProduct(p.id, actor)).rejects.toThrow("Product not found");
  });

  it("answers 404 for an unknown or malformed product id", async () => {
    expect((await call(editorLoader, shopRequest("/admin/products/x", { cookie: adminCookie }), { id: crypto.randomUUID() })).status).toBe(404);
    expect((await call(editorLoader, shopRequest("/admin/products/x", { cookie: adminCookie }), { id: "not-a-uuid" })).status).toBe(404);
    expect((await call(editorAction, post("/admin/products/x", toForm(fields()), adminCookie), { id: crypto.randomUUID() })).status).toBe(404);
  });
});
