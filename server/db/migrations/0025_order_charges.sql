-- Issue 25: each order line keeps what it was charged (its share of the discount, its tax), the order
-- its shipping tax, and each refund its shipping, tax and business action (one refund per action).
-- Older orders get charges_allocated = false and are allocated from their stored totals at start-up
-- (server/orders/charges.ts), with the pricing core's own code rather than a copy of it in SQL.
CREATE TABLE "test_provider_closed_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "shipping_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "action_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charges_allocated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cart_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_action_key_idx" ON "order_refunds" USING btree ("action_key");