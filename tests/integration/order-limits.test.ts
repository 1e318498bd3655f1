import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as cartAction } from "../../app/routes/shop/cart";
import { action as checkoutAction } from "../../app/routes/shop/checkout";
import { invalidateCatalog } from "../../server/catalog/cache";
import { db } from "../../server/db/client";
import { orders } from "../../server/orders/schema";
import { productVariants, products } from "../../server/catalog/schema";
import { buyer, useCatalogue } from "./shop-helpers";
import { answer, call, post } from "./route-calls";
import { useTestDatabase } from "./test-db";

const ONE_MILLION_DOLLARS = 100_000_000;

describe("order limits", () => {
  useTestDatabase();
  useCatalogue();
  let productId = "";
  let variantId = "";

  beforeAll(async () => {
    const [product] = await db()
      .insert(products)
      .values({ slug: "golden-handheld", title: "Golden Handheld", descriptionHtml: "<p>Solid gold.</p>", priceCents: 40_000_000, status: "published" })
      .returning({ id: products.id });
    productId = product.id;
    const [variant] = await db().insert(productVariants).values({ productId, name: "Gold", hex: "#d4af37", stock: 50 }).returning({ id: productVariants.id });
    variantId = variant.id;
  });

  async function setPrice(priceCents: number) {
    await db().update(products).set({ priceCents }).where(eq(products.id, productId));
    invalidateCatalog();
  }

  it("money columns hold a total beyond 32 bits ($22,000,000 stores and reads back exactly)", async () => {
    const [row] = await db()
      .insert(orders)
      .values({
        number: "PR-BIGINT1",
        email: "big@example.com",
        name: "Big Spender",
        shipLine1: "1 Gold Street",
        shipCity: "London",
        shipPostalCode: "N1 1AA",
        shipCountry: "GB",
        status: "cancelled",
        subtotalCents: 22 * ONE_MILLION_DOLLARS,
        totalCents: 22 * ONE_MILLION_DOLLARS,
        currency: "usd",
        paymentProvider: "test",
      })
      .returning({ totalCents: orders.totalCents });
    expect(row.totalCents).toBe(2_200_000_000);
  });

  it("the cart refuses a quantity whose total is above the provider's maximum charge, with the reason", async () => {
    await setPrice(ONE_MILLION_DOLLARS);
    const added = answer(await call(cartAction, post("/cart", { intent: "add", variantId, quantity: "2" })));
    expect(added.status).toBe(409);
    expect(added.body).toEqual({ ok: false, error: expect.stringContaining("at most $999,999.99") });
  });

  it("checkout refuses a cart whose prices rose above the maximum since it was filled, and writes nothing", async () => {
    await setPrice(40_000_000);
    const added = answer(await call(cartAction, post("/cart", { intent: "add", variantId, quantity: "2" })));
    expect(added.status).toBe(303);
    const cookie = added.headers.get("Set-Cookie")!.split(";")[0];
    await setPrice(ONE_MILLION_DOLLARS);
    const before = await db().$count(orders);
    const checkedOut = answer(await call(checkoutAction, post("/checkout", { ...buyer(7), line2: "" }, { Cookie: cookie })));
    expect(checkedOut.status).toBe(400);
    expect(checkedOut.body).toMatchObject({ kind: "limit", message: expect.stringContaining("at most $999,999.99") });
    expect(await db().$count(orders)).toBe(before);
  });
});
