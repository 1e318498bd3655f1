import { z } from "zod";
import { PRODUCT_TYPES } from "./collections";

/**
 * The back office's product list filters as they travel in the URL (?q=&status=&collection=&stock=&page=),
 * read like the orders list's: anything unreadable is dropped, so a stale bookmark still opens the list.
 * `q` finds a product by its title, or by a colour's name or SKU.
 */

export const PRODUCT_STOCK_FILTERS = ["low", "sold-out"] as const;
export type ProductStockFilter = (typeof PRODUCT_STOCK_FILTERS)[number];
export const PRODUCT_STOCK_FILTER_LABELS: Record<ProductStockFilter, string> = { low: "Low stock", "sold-out": "Sold out" };

export const productListFilterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  status: z.enum(["draft", "published"]).optional().catch(undefined),
  collection: z.enum(PRODUCT_TYPES).optional().catch(undefined),
  stock: z.enum(PRODUCT_STOCK_FILTERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});

export type ProductListFilter = z.infer<typeof productListFilterSchema>;

const KEYS = ["q", "status", "collection", "stock", "page"] as const;

export function productListFilterOf(params: URLSearchParams): ProductListFilter {
  return productListFilterSchema.parse(Object.fromEntries(KEYS.map((k) => [k, params.get(k) || undefined])));
}

export const hasProductListFilter = (f: ProductListFilter) => Boolean(f.q || f.status || f.collection || f.stock);

/** What the product list does to the ticked products at once (server/catalog/bulk.ts). */
export const BULK_PRODUCT_ACTIONS = ["publish", "unpublish", "delete"] as const;
export type BulkProductAction = (typeof BULK_PRODUCT_ACTIONS)[number];
