ALTER TABLE "products" ADD COLUMN "type" text DEFAULT 'console' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured_position" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_type_known" CHECK ("products"."type" in ('console', 'accessory'));--> statement-breakpoint
-- A shop seeded before this release features its three consoles, so the home page's row is not empty.
UPDATE "products" SET "featured_position" = CASE "slug" WHEN 'r36s' THEN 1 WHEN 'rg35xx-pro' THEN 2 WHEN 'r36pro' THEN 3 END WHERE "slug" IN ('r36s', 'rg35xx-pro', 'r36pro');
