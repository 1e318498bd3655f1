CREATE TABLE "markets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"rate_micros" integer NOT NULL,
	"rounding" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"countries" text[] NOT NULL,
	"tax_mode" text NOT NULL,
	"tax_name" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "markets_rate_positive" CHECK ("markets"."rate_micros" > 0),
	CONSTRAINT "markets_rounding_known" CHECK ("markets"."rounding" in ('exact', 'up_99', 'up_whole')),
	CONSTRAINT "markets_tax_mode_known" CHECK ("markets"."tax_mode" in ('inclusive', 'exclusive'))
);
--> statement-breakpoint
CREATE TABLE "product_market_prices" (
	"product_id" uuid NOT NULL,
	"market_id" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"compare_at_minor" bigint,
	CONSTRAINT "product_market_prices_product_id_market_id_pk" PRIMARY KEY("product_id","market_id"),
	CONSTRAINT "product_market_prices_positive" CHECK ("product_market_prices"."price_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"market_id" text NOT NULL,
	"name" text NOT NULL,
	"price_minor" bigint NOT NULL,
	"free_from_minor" bigint,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"same_day_cutoff" text,
	"position" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shipping_methods_price" CHECK ("shipping_methods"."price_minor" >= 0 and ("shipping_methods"."free_from_minor" is null or "shipping_methods"."free_from_minor" >= 0)),
	CONSTRAINT "shipping_methods_days" CHECK ("shipping_methods"."min_days" >= 0 and "shipping_methods"."max_days" >= "shipping_methods"."min_days")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"tax_shipping" boolean NOT NULL,
	CONSTRAINT "tax_rates_country_region_pk" PRIMARY KEY("country","region"),
	CONSTRAINT "tax_rates_rate" CHECK ("tax_rates"."rate_bps" >= 0 and "tax_rates"."rate_bps" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "product_market_prices" ADD CONSTRAINT "product_market_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_market_prices" ADD CONSTRAINT "product_market_prices_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;