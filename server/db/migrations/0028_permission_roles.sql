CREATE TABLE "staff_roles" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" DROP CONSTRAINT "staff_invitations_role_check";--> statement-breakpoint
CREATE UNIQUE INDEX "staff_roles_name_idx" ON "staff_roles" USING btree (lower("name"));--> statement-breakpoint
-- Roles become permission sets (issue 30, ADR 021): the three roles a shop had are seeded as presets under the ids user.role and staff_invitations.role already hold, so every member keeps exactly the access they had.
INSERT INTO "staff_roles" ("id", "name", "permissions") VALUES
	('owner', 'Owner', ARRAY['orders:view','orders:fulfil','orders:refund','customers','products','inventory','discounts','reviews','content','settings','staff']),
	('staff', 'Staff', ARRAY['orders:view','orders:fulfil','orders:refund','customers','products','inventory','discounts','reviews']),
	('writer', 'Writer', ARRAY['content'])
ON CONFLICT ("id") DO NOTHING;
