import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { addToCart, openCartForRequest } from "../../server/cart";
import { startCheckout } from "../../server/checkout";
import { invalidateCatalog } from "../../server/cache/catalog";
import { db, transaction } from "../../server/db/client";
import { orders } from "../../server/orders/schema";
import { productVariants, products } from "../../server/catalog/schema";
import { stockReservations } from "../../server/inventory/schema";
import { seedProducts } from "../../server/seed/products";
import { receiveSeedStock } from "../../server/seed";
import { signPayload } from "../../server/payments/signature";
import { completedEvent, readTestSession, testWebhookSecret, TEST_SIGNATURE_HEADER } from "../../server/payments/test-provider";
import { handlePaymentWebhook } from "../../server/checkout/webhooks";
import type { CheckoutDetails } from "../../core/checkout-form";

/** Helpers for the cart, checkout and payment tests: real code paths, real database. */

/**
 * The seed's three consoles and their colours, without the generated artwork: rendering it with
 * sharp is most of seed()'s time, and these tests never look at images. Call after useTestDatabase().
 */
export function useCatalogue() {
  beforeAll(async () => {
    for (const p of seedProducts) {
      const [row] = await db()
        .insert(products)
        .values({
          slug: p.slug,
          title: p.title,
          descriptionHtml: p.descriptionHtml,
          priceCents: p.priceCents,
          compareAtCents: p.compareAtCents,
          status: "published",
          content: p.content,
        })
        .returning({ id: products.id });
      const variants = await db()
        .insert(productVariants)
        .values(p.variants.map((v, position) => ({ productId: row.id, name: v.name, hex: v.hex, position })))
        .returning({ id: productVariants.id });
      await transaction((tx) => receiveSeedStock(tx, variants.map((v, i) => ({ variantId: v.id, quantity: p.variants[i].stock }))));
    }
  });
}

export async function variantOf(slug: string, colour: string) {
  const [row] = await db()
    .select({ id: productVariants.id, stock: productVariants.stock, priceCents: products.priceCents, productId: products.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.slug, slug), eq(productVariants.name, colour)));
  if (!row) throw new Error(`no variant ${slug} ${colour}`);
  return row;
}

export async function setStock(variantId: string, stock: number) {
  await db().update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
  invalidateCatalog();
}

export async function stockOf(variantId: string) {
  const [row] = await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
  return row.stock;
}

/** A new visitor cart holding the given lines; returns its id and the browser's Cookie header. */
export async function cartWith(lines: { variantId: string; quantity: number }[]) {
  const { cartId, setCookie } = await openCartForRequest(new Request("http://localhost:3000/cart", { method: "POST" }), null);
  for (const l of lines) await addToCart(cartId, l.variantId, l.quantity);
  return { cartId, cookie: setCookie!.split(";")[0] };
}

export function buyer(n = 1): CheckoutDetails & { region: string } {
  return {
    email: `buyer${n}@example.com`,
    name: `Buyer Number${n}`,
    line1: `${n} Test Street`,
    line2: undefined,
    city: "Springfield",
    region: "IL",
    postalCode: "62701",
    // The United States market: dollars, as the catalogue's base prices; shipping $12.99 below $75.
    country: "US",
  };
}

/** Delivers a body to the test webhook endpoint's handler exactly as an HTTP request would. */
export function postTestWebhook(body: string, signature: string | null) {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set(TEST_SIGNATURE_HEADER, signature);
  return handlePaymentWebhook("test", new Request("http://localhost:3000/api/webhooks/test", { method: "POST", headers, body }));
}

/** The signed `checkout.session.completed` the test provider sends for a paid session. */
export function paidEventFor(sessionId: string, timestamp?: number) {
  const session = readTestSession(sessionId);
  if (!session) throw new Error("not a test session");
  const body = JSON.stringify(completedEvent(session, { paymentId: `pi_test_${crypto.randomUUID()}`, brand: "visa", last4: "4242" }));
  return { body, signature: signPayload(body, testWebhookSecret(), timestamp) };
}

export async function orderById(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  return row;
}

/** Moves an order's reservation into the past, as if its 30 minutes were over. */
export async function lapseReservation(orderId: string) {
  await db()
    .update(stockReservations)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(stockReservations.orderId, orderId));
  invalidateCatalog();
}

/** Buyer n checks out R36S consoles in the given colours (a pending order with its reservation). */
export async function checkoutOf(n: number, lines: { colour: string; quantity: number }[]) {
  const variants = await Promise.all(lines.map((l) => variantOf("r36s", l.colour)));
  const { cartId } = await cartWith(lines.map((l, i) => ({ variantId: variants[i].id, quantity: l.quantity })));
  return { ...(await startCheckout({ cartId, userId: null, details: buyer(n) })), variantId: variants[0].id, variantIds: variants.map((v) => v.id) };
}

/** The same, paid through the test provider's webhook: a Processing order. */
export async function paidOrderOf(n: number, lines: { colour: string; quantity: number }[]) {
  const started = await checkoutOf(n, lines);
  const { body, signature } = paidEventFor(started.sessionId);
  expect((await postTestWebhook(body, signature)).status).toBe(200);
  expect((await orderById(started.orderId)).status).toBe("processing");
  return started;
}
