-- The one saved address per customer becomes an address book (issue 15, Addresses): rows get their
-- own id, and each customer's existing address becomes their default.
ALTER TABLE "customer_addresses" DROP CONSTRAINT "customer_addresses_pkey";--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "customer_addresses" SET "is_default" = true, "created_at" = "updated_at";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "save_address" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "create_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_addresses_user_idx" ON "customer_addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_one_default_idx" ON "customer_addresses" USING btree ("user_id") WHERE "customer_addresses"."is_default";
