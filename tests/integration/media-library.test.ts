import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { action as mediaAction, loader as mediaLoader } from "../../app/routes/api/admin-media";
import { createAdmin } from "../../server/auth/admins";
import { signInAdmin } from "../../server/auth/sign-in";
import { blogPosts } from "../../server/blog/schema";
import { productVariants, products } from "../../server/catalog/schema";
import { db } from "../../server/db/client";
import type { BodyImage, LibraryImage } from "../../core/images";
import { cookieHeaderFrom, createCustomer, markTwoFactorEnrolled, shopRequest, signInCookie } from "./auth-helpers";
import { answer, call } from "./route-calls";
import { useTestDatabase } from "./test-db";

/** Issue 18: body images through the upload pipeline with a required description, and the media library. */

async function ask(fn: unknown, request: Request) {
  return answer(await Promise.resolve(call(fn, request)).catch((thrown: unknown) => thrown));
}

async function upload(cookie: string, file: File | null, alt?: string): Promise<Request> {
  const form = new FormData();
  if (file) form.append("file", file);
  if (alt !== undefined) form.append("alt", alt);
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  return new Request("http://localhost:3000/api/admin/media", {
    method: "POST",
    body,
    headers: { cookie, "content-type": encoded.headers.get("content-type")!, "content-length": String(body.byteLength) },
  });
}

async function png(colour: string, name = "photo.png"): Promise<File> {
  const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

const library = (cookie: string, q = "") => ask(mediaLoader, shopRequest(`/api/admin/media?q=${encodeURIComponent(q)}`, { cookie }));

describe("media library", () => {
  useTestDatabase();
  let admin = "";
  let customer = "";

  beforeAll(async () => {
    await createAdmin({ email: "editor@example.com", password: "editor-password-1" });
    const result = await signInAdmin(shopRequest("/admin-login", { method: "POST" }), { email: "editor@example.com", password: "editor-password-1" });
    if (result.kind !== "signed-in") throw new Error("admin sign-in failed");
    admin = cookieHeaderFrom(result.cookies);
    await markTwoFactorEnrolled("editor@example.com");
    await createCustomer("reader@example.com");
    customer = await signInCookie("reader@example.com");
  });

  it("lets only admins list or upload", async () => {
    for (const [cookie, status] of [
      ["", 303],
      [customer, 403],
    ] as const) {
      expect((await library(cookie)).status).toBe(status);
      expect((await ask(mediaAction, await upload(cookie, await png("#ff0000"), "Red"))).status).toBe(status);
    }
  });

  it("requires a description, checks the bytes, and answers with the renditions the body uses", async () => {
    const missing = await ask(mediaAction, await upload(admin, await png("#00ff00")));
    expect(missing).toMatchObject({ status: 400, body: { ok: false, message: "Describe the image for readers who cannot see it", fieldErrors: { alt: "Describe the image for readers who cannot see it" } } });
    const blank = await ask(mediaAction, await upload(admin, await png("#00ff00"), "   "));
    expect(blank).toMatchObject({ status: 400, body: { ok: false, message: "Describe the image for readers who cannot see it", fieldErrors: { alt: "Describe the image for readers who cannot see it" } } });
    const fake = await ask(mediaAction, await upload(admin, new File(["<svg onload=alert(1)></svg> padding"], "x.png", { type: "image/png" }), "Fake"));
    expect(fake).toMatchObject({ status: 415, body: { message: "x.png is not a PNG, JPEG, WebP, GIF or AVIF image." } });
    expect((await ask(mediaAction, await upload(admin, null, "Nothing"))).status).toBe(400);
    expect((await library(admin)).body).toEqual({ images: [] });

    const ok = await ask(mediaAction, await upload(admin, await png("#0000ff"), "  A blue handheld  "));
    expect(ok.status).toBe(200);
    const image = (ok.body as { image: BodyImage }).image;
    expect(image).toMatchObject({ alt: "A blue handheld", width: 960, height: 720, src: expect.stringMatching(/^\/media\/[0-9a-f-]{36}-960\.webp$/) });
    expect(image.srcset.split(", ").map((s) => s.split(" ")[1])).toEqual(["320w", "640w", "960w"]);
  });

  it("finds images by description or file name (LIKE wildcards are text) and tells where each is used", async () => {
    const uploaded = async (alt: string, name: string) =>
      ((await ask(mediaAction, await upload(admin, await png("#884400", name), alt))).body as { image: BodyImage }).image;
    const inPost = await uploaded("Sunset over the arcade", "sunset.png");
    const inProduct = await uploaded("100% orange shell", "shell-orange.png");
    const idOf = (img: BodyImage) => /\/media\/([0-9a-f-]{36})-/.exec(img.src)![1];

    await db()
      .insert(blogPosts)
      .values({ slug: "arcade-evenings", title: "Arcade evenings", contentHtml: `<p>Look:</p><img src="${inPost.src}" alt="x">` });
    await db().insert(blogPosts).values({ slug: "featured", title: "Featured sunset", image: inPost.src });
    const [product] = await db().insert(products).values({ slug: "shell", title: "Orange Shell", priceCents: 1999 }).returning({ id: products.id });
    await db()
      .insert(productVariants)
      .values({ productId: product.id, name: "Orange", hex: "#ff8800", imageIds: [idOf(inProduct)] });

    const find = async (q: string) => ((await library(admin, q)).body as { images: LibraryImage[] }).images;
    const sunset = await find("SUNSET over");
    expect(sunset.map((i) => i.image.alt)).toEqual(["Sunset over the arcade"]);
    expect(sunset[0].usedIn.map((u) => `${u.kind}:${u.title}`).sort()).toEqual(["post:Arcade evenings", "post:Featured sunset"]);
    expect(sunset[0].usedIn[0].href).toMatch(/^\/admin\/posts\/editor\/[0-9a-f-]{36}$/);

    const shell = await find("shell-orange");
    expect(shell.map((i) => i.usedIn)).toEqual([[{ kind: "product", title: "Orange Shell", href: `/admin/products/${product.id}` }]]);
    expect((await find("100%")).map((i) => i.id)).toEqual([idOf(inProduct)]);
    expect(await find("%")).toHaveLength(1);
    expect(await find("_")).toEqual([]);
    // Newest first when not searching.
    expect((await find("")).map((i) => i.image.alt).slice(0, 2)).toEqual(["100% orange shell", "Sunset over the arcade"]);
    expect((await library(admin, "x".repeat(101))).status).toBe(400);
  });
});
