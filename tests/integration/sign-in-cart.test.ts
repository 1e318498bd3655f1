import { describe, expect, it } from "vitest";
import { afterSignIn } from "../../server/auth/after-sign-in";
import { signInWithPassword } from "../../server/auth/sign-in";
import { getCartCount, getCartForRequest } from "../../server/cart";
import { createCustomer, shopRequest } from "./auth-helpers";
import { cartWith, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/** A request carrying the visitor-cart cookie (name=value part of its Set-Cookie). */
function withCartCookie(setCookie: string, method = "GET") {
  return shopRequest("/auth", { method, cookie: setCookie.split(";")[0] });
}

describe("signing in with a visitor cart", () => {
  useTestDatabase();
  useCatalogue();

  it("moves the visitor's lines into the account's cart and clears the visitor cookie", async () => {
    await createCustomer("shopper@example.com");
    const purple = await variantOf("r36s", "Purple");
    const visitor = await cartWith([{ variantId: purple.id, quantity: 2 }]);
    const request = withCartCookie(visitor.cookie, "POST");

    const result = await signInWithPassword(request, { email: "shopper@example.com", password: "customer-pass-1" });
    expect(result.kind).toBe("signed-in");
    const userId = result.kind === "signed-in" ? result.userId : "";
    const cookies = await afterSignIn(request, userId);

    const cart = await getCartForRequest(shopRequest("/cart"), userId);
    expect(cart.lines.map((l) => [l.variantName, l.quantity])).toEqual([["Purple", 2]]);
    expect(await getCartCount(withCartCookie(visitor.cookie), null)).toBe(0);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("adds nothing and sets no cookie for a visitor without a cart", async () => {
    await createCustomer("empty@example.com");
    const request = shopRequest("/auth", { method: "POST", ip: "192.0.2.31" });
    const result = await signInWithPassword(request, { email: "empty@example.com", password: "customer-pass-1" });
    const userId = result.kind === "signed-in" ? result.userId : "";
    expect(await afterSignIn(request, userId)).toEqual([]);
    expect(await getCartCount(shopRequest("/cart"), userId)).toBe(0);
  });
});
