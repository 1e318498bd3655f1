import { and, eq } from "drizzle-orm";
import { addToCart, openCartForRequest } from "../../server/cart";
import { invalidateCatalog } from "../../server/catalog/cache";
import { db } from "../../server/db/client";
import { productVariants, products } from "../../server/db/schema";

/** Helpers for the cart, checkout and payment tests: real code paths, real database. */

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
