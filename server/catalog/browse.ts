import { asc, desc, eq, inArray } from "drizzle-orm";
import { db } from "../db/client";
import { availableStock } from "../inventory";
import { unitsSoldByProduct } from "@server/orders";
import { cachedCatalogRead } from "@server/cache";
import { toCards } from "./products";
import { productColumns, productVariants, products } from "./schema";
import type { BrowseItem } from "@core/catalog-browse";
import { hasColours } from "@core/variant";

/**
 * The product list with what it sorts and filters by: when each product was added, units sold,
 * whether any colour can be bought and its colour names. Cached with the catalogue: stock moves and
 * paid orders announce catalogue changes (server/inventory/changed.ts), so the cache stays true.
 */
export function listBrowsableProducts(): Promise<BrowseItem[]> {
  return cachedCatalogRead("browse", async () => {
    const rows = await db().select(productColumns).from(products).where(eq(products.status, "published")).orderBy(desc(products.createdAt));
    const ids = rows.map((r) => r.id);
    const variants = ids.length
      ? await db()
          .select({ id: productVariants.id, productId: productVariants.productId, name: productVariants.name })
          .from(productVariants)
          .where(inArray(productVariants.productId, ids))
          .orderBy(asc(productVariants.position))
      : [];
    const [cards, sold, stock] = await Promise.all([toCards(rows), unitsSoldByProduct(), availableStock(variants.map((v) => v.id))]);
    return cards.map((card, i) => {
      const own = variants.filter((v) => v.productId === card.id);
      return {
        ...card,
        type: rows[i].type,
        createdAt: rows[i].createdAt.toISOString(),
        unitsSold: sold.get(card.id) ?? 0,
        inStock: own.some((v) => (stock.get(v.id) ?? 0) > 0),
        // A lone default variant is no colour (core/variant.ts).
        colours: hasColours(own) ? own.map((v) => v.name) : [],
      };
    });
  });
}
