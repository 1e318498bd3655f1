-- Issue 25: invoice and credit-note numbers, one gap-free sequence per kind and calendar year (UTC).
-- Orders paid and refunds made before this get theirs here, in the order they happened, and the
-- counters continue from there (server/orders/documents.ts).
CREATE TABLE "document_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_credit_note_idx" ON "order_refunds" USING btree ("credit_note_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_idx" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
UPDATE "orders" o SET "invoice_number" = 'INV-' || n."year" || '-' || lpad(n."seq"::text, 6, '0')
FROM (
  SELECT "id", extract(year FROM "paid_at" AT TIME ZONE 'UTC')::int AS "year",
    row_number() OVER (PARTITION BY extract(year FROM "paid_at" AT TIME ZONE 'UTC') ORDER BY "paid_at", "id") AS "seq"
  FROM "orders" WHERE "paid_at" IS NOT NULL
) n WHERE n."id" = o."id";--> statement-breakpoint
UPDATE "order_refunds" r SET "credit_note_number" = 'CN-' || n."year" || '-' || lpad(n."seq"::text, 6, '0')
FROM (
  SELECT "id", extract(year FROM "created_at" AT TIME ZONE 'UTC')::int AS "year",
    row_number() OVER (PARTITION BY extract(year FROM "created_at" AT TIME ZONE 'UTC') ORDER BY "created_at", "id") AS "seq"
  FROM "order_refunds" WHERE "status" = 'succeeded'
) n WHERE n."id" = r."id";--> statement-breakpoint
INSERT INTO "document_counters" ("kind", "year", "last")
SELECT 'invoice', extract(year FROM "paid_at" AT TIME ZONE 'UTC')::int, count(*) FROM "orders" WHERE "paid_at" IS NOT NULL GROUP BY 2
UNION ALL
SELECT 'credit-note', extract(year FROM "created_at" AT TIME ZONE 'UTC')::int, count(*) FROM "order_refunds" WHERE "status" = 'succeeded' GROUP BY 2;