import { describe, expect, it } from "vitest";
import {
  addToCart,
  CartError,
  getCartCount,
  getCartForRequest,
  mergeVisitorCartIntoUser,
  openCartForRequest,
  readCart,
  removeLine,
  setLineQuantity,
  clearCart,
  restoreLines,
  startBuyNow,
  buyNowCartIdFromRequest,
  cartIntentSchema,
} from "../../server/cart";
import { db } from "../../server/db/client";
import { user } from "../../server/auth/schema";
import { action as cartAction } from "../../app/routes/shop/cart";
import { cartWith, setStock, useCatalogue, variantOf } from "./shop-helpers";
import { answer, call, post } from "./route-calls";
import { useTestDatabase } from "./test-db";

const withCookie = (cookie: string) => new Request("http://localhost:3000/cart", { headers: { Cookie: cookie } });

describe("server cart", () => {
  useTestDatabase();
  useCatalogue();

  it("adding the same colour raises its line; another colour is a new line; prices come from the catalogue", async () => {
    const purple = await variantOf("r36s", "Purple");
    const black = await variantOf("r36s", "Black");
    const { cartId, cookie } = await cartWith([
      { variantId: purple.id, quantity: 1 },
      { variantId: purple.id, quantity: 2 },
      { variantId: black.id, quantity: 1 },
    ]);
    const cart = await getCartForRequest(withCookie(cookie), null);
    expect(cart.id).toBe(cartId);
    expect(cart.lines.map((l) => [l.variantName, l.quantity])).toEqual([["Purple", 3], ["Black", 1]]);
    expect(cart.count).toBe(4);
    expect(cart.subtotalCents).toBe(4 * purple.priceCents);
    expect(await getCartCount(withCookie(cookie), null)).toBe(4);
  });

  it("ignores an update below 1, removes by colour and clears", async () => {
    const white = await variantOf("r36s", "White");
    const orange = await variantOf("r36s", "Orange");
    const { cartId } = await cartWith([
      { variantId: white.id, quantity: 2 },
      { variantId: orange.id, quantity: 1 },
    ]);
    await setLineQuantity(cartId, white.id, 0);
    await setLineQuantity(cartId, white.id, -3);
    expect((await readCart(cartId)).lines[0].quantity).toBe(2);
    await setLineQuantity(cartId, white.id, 5);
    expect((await readCart(cartId)).lines[0].quantity).toBe(5);
    await removeLine(cartId, orange.id);
    expect((await readCart(cartId)).lines.map((l) => l.variantName)).toEqual(["White"]);
    await clearCart(cartId);
    expect((await readCart(cartId)).count).toBe(0);
  });

  it("clearing answers the removed lines, and Undo puts them back at their quantities", async () => {
    const white = await variantOf("r36s", "White");
    const orange = await variantOf("r36s", "Orange");
    const { cartId } = await cartWith([
      { variantId: white.id, quantity: 2 },
      { variantId: orange.id, quantity: 1 },
    ]);
    const removed = await clearCart(cartId);
    expect(removed).toHaveLength(2);
    expect((await readCart(cartId)).count).toBe(0);
    const parsed = cartIntentSchema.parse({ intent: "restore", lines: JSON.stringify(removed) });
    await restoreLines(cartId, parsed.intent === "restore" ? parsed.lines : []);
    expect((await readCart(cartId)).lines.map((l) => [l.variantName, l.quantity])).toEqual([["White", 2], ["Orange", 1]]);
    // Hostile input is a parse failure, never an exception or a write.
    for (const lines of ["not json", "[{}]", JSON.stringify([{ variantId: white.id, quantity: 0 }]), JSON.stringify({ a: 1 })]) {
      expect(cartIntentSchema.safeParse({ intent: "restore", lines }).success).toBe(false);
    }
  });

  it("an Undo that repeats a colour merges it (quantities added, capped at 999) instead of answering 500", async () => {
    const white = await variantOf("r36s", "White");
    const orange = await variantOf("r36s", "Orange");
    const lines = [
      { variantId: white.id, quantity: 2 },
      { variantId: orange.id, quantity: 1 },
      { variantId: white.id, quantity: 3 },
      { variantId: orange.id, quantity: 998 },
    ];
    const restored = answer(await Promise.resolve(call(cartAction, post("/cart", { intent: "restore", lines: JSON.stringify(lines) }))).catch(() => new Response(null, { status: 500 })));
    expect(restored.status).toBe(303);
    const cookie = (restored.headers.get("Set-Cookie") ?? "").split(";")[0];
    const cart = await getCartForRequest(withCookie(cookie), null);
    expect(cart.lines.map((l) => [l.variantName, l.quantity])).toEqual([["White", 5], ["Orange", 999]]);
  });

  it("Buy Now holds its one line in a cart of its own and leaves the shopper's cart as it was", async () => {
    const purple = await variantOf("r36s", "Purple");
    const black = await variantOf("r36s", "Black");
    const { cartId, cookie } = await cartWith([{ variantId: black.id, quantity: 1 }]);
    const setCookie = await startBuyNow(withCookie(cookie), purple.id, 2);
    const buyCookie = setCookie.split(";")[0];
    const buyCart = await buyNowCartIdFromRequest(withCookie(`${cookie}; ${buyCookie}`));
    expect(buyCart).not.toBeNull();
    expect(buyCart).not.toBe(cartId);
    expect((await readCart(buyCart!)).lines.map((l) => [l.variantName, l.quantity])).toEqual([["Purple", 2]]);
    expect((await readCart(cartId)).lines.map((l) => [l.variantName, l.quantity])).toEqual([["Black", 1]]);
    // A second Buy Now replaces the first; a refused one keeps nothing.
    const again = (await startBuyNow(withCookie(buyCookie), black.id, 1)).split(";")[0];
    expect(await buyNowCartIdFromRequest(withCookie(buyCookie))).toBeNull();
    const second = await buyNowCartIdFromRequest(withCookie(again));
    expect((await readCart(second!)).lines.map((l) => l.variantName)).toEqual(["Black"]);
    await expect(startBuyNow(withCookie(again), black.id, 999)).rejects.toBeInstanceOf(CartError);
  });

  it("refuses more than the stock with the shopper's message, and out-of-stock colours", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    await setStock(teal.id, 3);
    const { cartId } = await cartWith([{ variantId: teal.id, quantity: 2 }]);
    await expect(addToCart(cartId, teal.id, 2)).rejects.toThrow("Only 3 left in stock (2 already in your cart)");
    await expect(setLineQuantity(cartId, teal.id, 4)).rejects.toMatchObject({ message: "Only 3 left in stock", status: 409 });
    await setStock(teal.id, 0);
    const other = await cartWith([]);
    await expect(addToCart(other.cartId, teal.id, 1)).rejects.toBeInstanceOf(CartError);
    await expect(addToCart(other.cartId, teal.id, 1)).rejects.toThrow("This colour is out of stock");
    // Lowering a quantity is always allowed, even above what is left.
    await setStock(teal.id, 1);
    await setLineQuantity(cartId, teal.id, 1);
    expect((await readCart(cartId)).lines[0].quantity).toBe(1);
    await setStock(teal.id, 12);
  });

  it("two adds of the last unit at once put one unit in the cart and refuse the other", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    await setStock(teal.id, 1);
    const { cartId } = await cartWith([]);
    const results = await Promise.allSettled([addToCart(cartId, teal.id, 1), addToCart(cartId, teal.id, 1)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((r) => r.status === "rejected")).toMatchObject({ reason: { message: "Only 1 left in stock (1 already in your cart)", status: 409 } });
    expect((await readCart(cartId)).lines.map((l) => l.quantity)).toEqual([1]);
    await setStock(teal.id, 12);
  });

  it("a tampered or foreign cookie names no cart", async () => {
    const white = await variantOf("r36s", "White");
    const { cookie } = await cartWith([{ variantId: white.id, quantity: 1 }]);
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -3)}abc`;
    expect((await getCartForRequest(withCookie(tampered), null)).lines).toEqual([]);
    expect(await getCartCount(withCookie(tampered), null)).toBe(0);
    const fresh = await openCartForRequest(withCookie(tampered), null);
    expect(fresh.setCookie).toContain("HttpOnly");
    expect(fresh.setCookie).toContain("SameSite=Lax");
    expect((await readCart(fresh.cartId)).count).toBe(0);
  });

  it("merges a visitor cart into the user's: quantities add up per colour, capped at what is available", async () => {
    await db().insert(user).values({ id: "user-merge", name: "Merge Test", email: "merge@example.com" });
    const black = await variantOf("r36pro", "Black");
    const white = await variantOf("r36pro", "White");
    await setStock(white.id, 4);
    const userCart = await openCartForRequest(withCookie(""), "user-merge");
    await addToCart(userCart.cartId, white.id, 3);
    const visitor = await cartWith([
      { variantId: white.id, quantity: 3 },
      { variantId: black.id, quantity: 2 },
    ]);
    const merged = await mergeVisitorCartIntoUser(visitor.cartId, "user-merge");
    expect(merged).toBe(userCart.cartId);
    const cart = await getCartForRequest(withCookie(visitor.cookie), "user-merge");
    expect(cart.lines.map((l) => [l.variantName, l.quantity])).toEqual([["White", 4], ["Black", 2]]);
    // The visitor cart is gone: its cookie now names nothing.
    expect(await getCartCount(withCookie(visitor.cookie), null)).toBe(0);
    await setStock(white.id, 10);
  });
});
