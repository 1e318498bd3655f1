-- Storefront search (issue 15): typo-tolerant matching with pg_trgm. pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database owner may create it. PGlite loads it in server/db/pglite.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("blog_posts"."title" || ' ' || coalesce("blog_posts"."excerpt", ''))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("products"."title" || ' ' || "products"."slug" || ' ' || regexp_replace(lower("products"."title"), '[^a-z0-9]+', '', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "blog_posts_search_trgm_idx" ON "blog_posts" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);