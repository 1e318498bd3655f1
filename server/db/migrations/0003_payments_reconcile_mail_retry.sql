CREATE TABLE "test_provider_payments" (
	"session_id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_mail" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_mail_due_idx" ON "outbox_mail" USING btree ("next_attempt_at") WHERE "outbox_mail"."status" = 'pending';