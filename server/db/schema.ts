/**
 * Every table, gathered for the Drizzle client's relational queries, better-auth's adapter and the
 * PGlite-to-PostgreSQL export. Each area owns its tables in server/<area>/schema.ts and code imports
 * them from there; drizzle-kit reads those files directly (drizzle.config.ts).
 */
export * from "../accounts/schema";
export * from "../audit/schema";
export * from "../auth/schema";
export * from "../blog/schema";
export * from "../cart/schema";
export * from "../catalog/schema";
export * from "../content/schema";
export * from "../discounts/schema";
export * from "../inventory/schema";
export * from "../mail/schema";
export * from "../marketing/schema";
export * from "../media/schema";
export * from "../orders/schema";
export * from "../payments/schema";
export * from "../pricing/schema";
export * from "../wishlist/schema";
export * from "../reviews/schema";
export * from "../security/schema";
export * from "../staff/schema";
