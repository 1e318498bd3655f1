import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, timestamps, tsvector } from "../db/columns";
import type { ProductContent } from "@core/product-content";
import type { PublishStatus } from "@core/publish-status";
import type { ProductType } from "@core/collections";

/** The catalogue's tables: products and their colour variants (which hold the stock count). Money is integer cents. */

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    descriptionHtml: text("description_html").notNull().default(""),
    highlights: text("highlights"),
    badge: text("badge"),
    priceCents: money("price_cents").notNull(),
    compareAtCents: money("compare_at_cents"),
    status: text("status").$type<PublishStatus>().notNull().default("draft"),
    externalUrl: text("external_url"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    content: jsonb("content").$type<ProductContent>().notNull().default({}),
    /** At or below this many available units a colour counts as low stock (inventory, dashboard, product page). */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(5),
    /** Which collection lists it (core/collections.ts). */
    type: text("type").$type<ProductType>().notNull().default("console"),
    /** Shown under the home page's hero in this order (lowest first); null: not featured. */
    featuredPosition: integer("featured_position"),
    /**
     * What the storefront search matches (server/catalog/search.ts): title, slug and the title run
     * together ("R36 Pro" is found by "r36pro"), kept by the database so no writer can forget it.
     */
    searchText: text("search_text").generatedAlwaysAs(
      (): SQL => sql`lower(${products.title} || ' ' || ${products.slug} || ' ' || regexp_replace(lower(${products.title}), '[^a-z0-9]+', '', 'g'))`,
    ),
    /**
     * The full-text search document (server/catalog/search.ts), English-stemmed and weighted: title A;
     * what the product plays and is (its sections' lists, such as Supported Consoles, and its
     * specifications) B; the words around them (highlights, description, overview, section text) C.
     * The description's HTML tags are not words to the parser. Kept by the database like searchText.
     */
    searchDocument: tsvector("search_document").generatedAlwaysAs(
      (): SQL => sql`setweight(to_tsvector('english', ${products.title}), 'A')
        || setweight(jsonb_to_tsvector('english', jsonb_path_query_array(${products.content}, '$.sections[*].items[*]') || jsonb_path_query_array(${products.content}, '$.specifications[*].*'), '["string"]'), 'B')
        || setweight(to_tsvector('english', coalesce(${products.highlights}, '') || ' ' || ${products.descriptionHtml}), 'C')
        || setweight(jsonb_to_tsvector('english', jsonb_path_query_array(${products.content}, '$.overview[*].*') || jsonb_path_query_array(${products.content}, '$.sections[*].heading') || jsonb_path_query_array(${products.content}, '$.sections[*].body'), '["string"]'), 'C')`,
    ),
    ...timestamps,
  },
  (t) => [
    index("products_search_document_idx").using("gin", t.searchDocument).with({ fastupdate: false }),
    // fastupdate off: no pending list to flush (PGlite has no autovacuum), so the planner trusts the index.
    index("products_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`).with({ fastupdate: false }),
    uniqueIndex("products_slug_idx").on(t.slug),
    index("products_status_created_idx").on(t.status, t.createdAt),
    check("products_price_positive", sql`${t.priceCents} > 0`),
    check("products_low_stock_threshold_range", sql`${t.lowStockThreshold} between 0 and 9999`),
    check("products_type_known", sql`${t.type} in ('console', 'accessory')`),
  ],
);

/**
 * A product's columns without its two search documents: what a list of products selects (the search,
 * the browse list), so the tsvector, as large as the product's text, stays in the database.
 */
const { searchText: _searchText, searchDocument: _searchDocument, ...productColumns } = getTableColumns(products);
export { productColumns };
export type ProductRow = { [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K] };

export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    hex: text("hex").notNull(),
    imageIds: uuid("image_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /**
     * On hand. Written only by server/inventory's moveStock, which records each change in the stock
     * ledger (inventory/schema.ts) in the same transaction: the ledger's sum per colour is this number.
     */
    stock: integer("stock").notNull().default(0),
    /** The merchant's stock-keeping unit (upper case), unique across the shop; the stock import matches on it. */
    sku: text("sku"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId, t.position),
    uniqueIndex("product_variants_sku_idx").on(t.sku),
    check("product_variants_stock_nonnegative", sql`${t.stock} >= 0`),
  ],
);
