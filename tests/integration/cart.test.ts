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
} from "../../server/cart";
import { db } from "../../server/db/client";
import { user } from "../../server/auth/schema";
import { cartWith, setStock, useCatalogue, variantOf } from "./shop-helpers";
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
