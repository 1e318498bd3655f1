CREATE TABLE "cart_discount_codes" (
	"cart_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amounts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"min_subtotals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"free_shipping_markets" text[],
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"product_ids" uuid[],
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_format" CHECK ("discount_codes"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "discount_codes_kind_known" CHECK ("discount_codes"."kind" in ('percentage', 'fixed', 'free_shipping')),
	CONSTRAINT "discount_codes_percent" CHECK (("discount_codes"."kind" = 'percentage') = ("discount_codes"."percent_off" is not null) and coalesce("discount_codes"."percent_off" between 1 and 100, true)),
	CONSTRAINT "discount_codes_usage_limit" CHECK ("discount_codes"."usage_limit" is null or "discount_codes"."usage_limit" > 0),
	CONSTRAINT "discount_codes_window" CHECK ("discount_codes"."starts_at" is null or "discount_codes"."ends_at" is null or "discount_codes"."ends_at" > "discount_codes"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "discount_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"counted_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_uses_status_known" CHECK ("discount_uses"."status" in ('held', 'counted', 'released')),
	CONSTRAINT "discount_uses_amount" CHECK ("discount_uses"."amount_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "cart_discount_codes" ADD CONSTRAINT "cart_discount_codes_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_discount_id_discount_codes_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_uses_order_idx" ON "discount_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "discount_uses_discount_status_idx" ON "discount_uses" USING btree ("discount_id","status");--> statement-breakpoint
CREATE INDEX "discount_uses_discount_email_idx" ON "discount_uses" USING btree ("discount_id","email");