import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as personalLoader } from "../../app/routes/api/personal";
import type { PersonalView } from "../../core/personal";
import { getSessionUser, signOut } from "../../server/auth";
import { session, user } from "../../server/auth/schema";
import { addToCart, openCartForRequest } from "../../server/cart";
import { db } from "../../server/db/client";
import { saveToWishlist } from "../../server/wishlist";
import { createCustomer, shopRequest, signInCookie } from "./auth-helpers";
import { answer, call } from "./route-calls";
import { cartWith, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/**
 * The personal answer (/api/personal, ADR 018) reads a signed-in shopper's session, user, cart count
 * and product parts in one statement (server/personal). Nothing of a session is kept between
 * requests: the answer after a sign-out, a session's end or a ban is a guest's, exactly when
 * getSessionUser says nobody is signed in, and it is never stored anywhere.
 */
describe("the personal answer", () => {
  useTestDatabase();
  useCatalogue();

  /** A new customer, signed in: their session cookie, id and (empty) cart. */
  const signedInCustomerWithCart = async (email: string) => {
    await createCustomer(email);
    const cookie = await signInCookie(email);
    const userId = (await getSessionUser(shopRequest("/", { cookie })))!.id;
    const { cartId } = await openCartForRequest(shopRequest("/cart", { method: "POST" }), userId);
    return { cookie, userId, cartId };
  };
  const personal = async (cookie: string, path = "/api/personal?product=r36s") => {
    const res = answer(await call(personalLoader, shopRequest(path, { cookie })));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    return res.body as PersonalView;
  };
  const guestProduct = { savedVariantId: null, reviewAccess: { kind: "sign-in" }, votes: [] };

  it("a signed-in shopper's own cart, saved colour and review access; a guest's from their cookies; each only their own", async () => {
    const black = await variantOf("r36s", "Black");
    const pro = await variantOf("rg35xx-pro", "Teal");
    const { cookie, userId, cartId } = await signedInCustomerWithCart("own@example.com");
    await addToCart(cartId, black.id, 2);
    await addToCart(cartId, pro.id, 1);
    await saveToWishlist(shopRequest("/wishlist", { method: "POST", cookie }), userId, black.id);

    expect(await personal(cookie)).toEqual({
      cartCount: 3,
      user: { email: "own@example.com" },
      product: { savedVariantId: black.id, reviewAccess: { kind: "not-buyer" }, votes: [] },
    });
    expect(await personal(cookie, "/api/personal")).toEqual({ cartCount: 3, user: { email: "own@example.com" }, product: null });
    expect(await personal(cookie, "/api/personal?product=no-such-console")).toMatchObject({ cartCount: 3, product: null });

    // Another shopper (a guest with a cart of their own) sees theirs, not this one's.
    const guest = await cartWith([{ variantId: black.id, quantity: 1 }]);
    expect(await personal(guest.cookie)).toEqual({ cartCount: 1, user: null, product: guestProduct });
    expect(await personal("")).toEqual({ cartCount: 0, user: null, product: guestProduct });
  });

  it("after sign-out, the session's end or a ban the same cookie gets a guest's answer (their visitor cart), as getSessionUser says", async () => {
    const black = await variantOf("r36s", "Black");
    await createCustomer("gone@example.com");
    const visitor = await cartWith([{ variantId: black.id, quantity: 1 }]);
    const signedIn = async () => `${await signInCookie("gone@example.com")}; ${visitor.cookie}`;
    const userId = async (cookie: string) => (await getSessionUser(shopRequest("/", { cookie })))?.id ?? null;

    const agree = async (cookie: string, expected: "signed in" | "guest") => {
      const body = await personal(cookie);
      expect(body.user === null ? "guest" : "signed in").toBe(expected);
      expect((await userId(cookie)) === null ? "guest" : "signed in").toBe(expected);
      if (expected === "guest") expect(body).toEqual({ cartCount: 1, user: null, product: guestProduct });
      else expect(body).toMatchObject({ cartCount: 0, user: { email: "gone@example.com" } });
    };

    const first = await signedIn();
    await agree(first, "signed in");
    await signOut(shopRequest("/auth/sign-out", { method: "POST", cookie: first }));
    await agree(first, "guest");

    const second = await signedIn();
    await agree(second, "signed in");
    await db().update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, (await userId(second))!));
    await agree(second, "guest");

    const third = await signedIn();
    await agree(third, "signed in");
    // The ban alone (its sessions left in place): the flag is checked, not only the session rows a ban deletes.
    await db().update(user).set({ banned: true }).where(eq(user.email, "gone@example.com"));
    await agree(third, "guest");
    await db().update(user).set({ banned: false }).where(eq(user.email, "gone@example.com"));
    await agree(third, "signed in");

    // A session cookie with another signature is nobody's.
    const tampered = third.replace(/(better-auth\.session_token=[^.;]+\.)([^;]{4})/, (_m, head: string) => `${head}AAAA`);
    expect(tampered).not.toBe(third);
    await agree(tampered, "guest");
  });

  it("counts only published products in the signed-in shopper's cart, in the same statement", async () => {
    const black = await variantOf("r36s", "Black");
    const { cookie, cartId } = await signedInCustomerWithCart("hidden@example.com");
    await addToCart(cartId, black.id, 2);
    expect((await personal(cookie, "/api/personal")).cartCount).toBe(2);
    await db().execute(sql`update products set status = 'draft' where id = ${black.productId}`);
    try {
      expect((await personal(cookie, "/api/personal")).cartCount).toBe(0);
    } finally {
      await db().execute(sql`update products set status = 'published' where id = ${black.productId}`);
    }
  });
});
