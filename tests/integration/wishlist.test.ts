import { describe, expect, it } from "vitest";
import { action as wishlistAction } from "../../app/routes/shop/wishlist";
import { loader as personalLoader } from "../../app/routes/api/personal";
import type { PersonalView } from "../../core/personal";
import { afterSignIn } from "../../server/auth/after-sign-in";
import { signInWithPassword } from "../../server/auth/sign-in";
import { productVariants, products } from "../../server/catalog/schema";
import { db } from "../../server/db/client";
import { readWishlist, saveToWishlist } from "../../server/wishlist";
import { MAX_GUEST_ITEMS } from "../../core/wishlist";
import { createCustomer, shopRequest, signInCookie } from "./auth-helpers";
import { answer, call, post } from "./route-calls";
import { useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

const FETCH = { "Sec-Fetch-Mode": "cors" };

/** Posts to /wishlist as a fetcher would, carrying `cookie`; returns the answer and the cookie the browser keeps. */
async function wishlistPost(fields: Record<string, string>, cookie = "", headers: Record<string, string> = FETCH) {
  const result = answer(await call(wishlistAction, post("/wishlist", fields, { ...headers, ...(cookie ? { Cookie: cookie } : {}) })));
  const setCookie = result.headers.get("Set-Cookie");
  return { ...result, cookie: setCookie ? setCookie.split(";")[0] : cookie, setCookie };
}

describe("wishlist", () => {
  useTestDatabase();
  useCatalogue();

  it("keeps a guest's saved colours in a signed cookie: one colour per product, newest first, priced from the catalogue", async () => {
    const purple = await variantOf("r36s", "Purple");
    const black = await variantOf("r36s", "Black");
    const teal = await variantOf("rg35xx-pro", "Teal");
    let r = await wishlistPost({ intent: "save", variantId: purple.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, saved: true });
    r = await wishlistPost({ intent: "save", variantId: teal.id }, r.cookie);
    r = await wishlistPost({ intent: "save", variantId: black.id }, r.cookie);
    const items = await readWishlist(shopRequest("/wishlist", { cookie: r.cookie }), null);
    expect(items.map((i) => [i.slug, i.variantName])).toEqual([
      ["r36s", "Black"],
      ["rg35xx-pro", "Teal"],
    ]);
    expect(items[0].priceCents).toBe(black.priceCents);
    expect(items[0].available).toBe(black.stock);

    // Removing the last item forgets the cookie, so the visitor is anonymous (cacheable) again.
    r = await wishlistPost({ intent: "remove", productId: black.productId }, r.cookie);
    r = await wishlistPost({ intent: "remove", productId: teal.productId }, r.cookie);
    expect(r.setCookie).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("reads a tampered cookie as an empty list and refuses unknown input with a 4xx", async () => {
    const purple = await variantOf("r36s", "Purple");
    const { cookie } = await wishlistPost({ intent: "save", variantId: purple.id });
    const [name, value] = cookie.split("=");
    const forged = `${name}=${value.slice(0, -3)}abc`;
    expect(await readWishlist(shopRequest("/wishlist", { cookie: forged }), null)).toEqual([]);
    expect((await wishlistPost({ intent: "save", variantId: "not-a-uuid" })).status).toBe(400);
    expect((await wishlistPost({ intent: "shout" })).status).toBe(400);
    expect((await wishlistPost({ intent: "save", variantId: crypto.randomUUID() })).status).toBe(404);
  });

  it("without JavaScript a save answers a 303 to the wishlist, which shows it (the product page is everyone's)", async () => {
    const purple = await variantOf("r36s", "Purple");
    const r = await wishlistPost({ intent: "save", variantId: purple.id }, "", { "Sec-Fetch-Mode": "navigate", Referer: "http://localhost:3000/products/r36s" });
    expect(r.status).toBe(303);
    expect(r.headers.get("Location")).toBe("/wishlist");
    expect(r.setCookie).toContain("wishlist=");
  });

  it("the no-JS answer lands on the visitor's wishlist, whatever the Referer says (the product page is everyone's)", async () => {
    const purple = await variantOf("r36s", "Purple");
    const back = async (referer: string) =>
      (await wishlistPost({ intent: "save", variantId: purple.id }, "", { "Sec-Fetch-Mode": "navigate", Referer: referer })).headers.get("Location");
    expect(await back("http://localhost:3000//evil.example/x")).toBe("/wishlist");
    expect(await back("http://localhost:3000/\\evil.example/x")).toBe("/wishlist");
    expect(await back("http://evil.example/products/r36s")).toBe("/wishlist");
    expect(await back("http://localhost:3000/products/r36s?colour=black")).toBe("/wishlist");
  });

  it(`bounds a guest's list at ${MAX_GUEST_ITEMS} products`, async () => {
    const variantIds: string[] = [];
    for (let i = 0; i <= MAX_GUEST_ITEMS; i++) {
      const [p] = await db()
        .insert(products)
        .values({ slug: `bound-${i}`, title: `Bound ${i}`, priceCents: 1000, status: "published" })
        .returning({ id: products.id });
      const [v] = await db().insert(productVariants).values({ productId: p.id, name: "Default", hex: "#000000", stock: 3 }).returning({ id: productVariants.id });
      variantIds.push(v.id);
    }
    let cookie = "";
    for (const id of variantIds.slice(0, MAX_GUEST_ITEMS)) cookie = (await wishlistPost({ intent: "save", variantId: id }, cookie)).cookie;
    const full = await wishlistPost({ intent: "save", variantId: variantIds[MAX_GUEST_ITEMS] }, cookie);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ ok: false, message: expect.stringContaining("Your wishlist is full") });
    expect(cookie.length).toBeLessThan(2000);
  });

  it("merges a guest's list into the account on sign-in (the customer's own colour wins) and clears the cookie", async () => {
    await createCustomer("wisher@example.com");
    const black = await variantOf("r36s", "Black");
    const purple = await variantOf("r36s", "Purple");
    const teal = await variantOf("rg35xx-pro", "Teal");
    // Saved earlier, signed in on another device.
    const first = await signInWithPassword(shopRequest("/auth", { method: "POST", ip: "192.0.2.41" }), { email: "wisher@example.com", password: "customer-pass-1" });
    const userId = first.kind === "signed-in" ? first.userId : "";
    await saveToWishlist(shopRequest("/wishlist", { method: "POST" }), userId, black.id);

    let guest = await wishlistPost({ intent: "save", variantId: purple.id });
    guest = await wishlistPost({ intent: "save", variantId: teal.id }, guest.cookie);
    const request = shopRequest("/auth", { method: "POST", cookie: guest.cookie, ip: "192.0.2.42" });
    const result = await signInWithPassword(request, { email: "wisher@example.com", password: "customer-pass-1" });
    expect(result.kind).toBe("signed-in");
    const cookies = await afterSignIn(request, userId);

    const items = await readWishlist(shopRequest("/wishlist"), userId);
    expect(items.map((i) => [i.slug, i.variantName]).sort()).toEqual([
      ["r36s", "Black"],
      ["rg35xx-pro", "Teal"],
    ]);
    expect(cookies.some((c) => c.startsWith("wishlist=") && /Max-Age=0|Expires=Thu, 01 Jan 1970/.test(c))).toBe(true);
    // Signing in again with the same (old) cookie adds nothing twice.
    await afterSignIn(request, userId);
    expect(await readWishlist(shopRequest("/wishlist"), userId)).toHaveLength(2);
  });

  it("the product page's personal answer gives the colour each visitor saved: a guest's from the cookie, a customer's from the account", async () => {
    const purple = await variantOf("r36s", "Purple");
    const black = await variantOf("r36s", "Black");
    const saved = async (cookie: string, slug = "r36s") => {
      const res = answer(await call(personalLoader, shopRequest(`/api/personal?product=${slug}`, { cookie })));
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      return (res.body as PersonalView).product?.savedVariantId;
    };
    const guest = await wishlistPost({ intent: "save", variantId: purple.id });
    expect(await saved(guest.cookie)).toBe(purple.id);
    expect(await saved("")).toBeNull();

    await createCustomer("saver@example.com");
    const customer = await signInCookie("saver@example.com", "customer-pass-1", "192.0.2.43");
    expect(await saved(customer)).toBeNull();
    await wishlistPost({ intent: "save", variantId: black.id }, customer);
    expect(await saved(customer)).toBe(black.id);
    expect(await saved(customer, "r36pro")).toBeNull();
  });
});
