ALTER TABLE "orders" ADD COLUMN "customer_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_note_length" CHECK (char_length("orders"."customer_note") <= 500);