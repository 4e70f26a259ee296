CREATE TABLE "clone_durations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"count" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "clone_durations_company_count_uq" UNIQUE("company_id","count"),
	CONSTRAINT "clone_durations_count_ck" CHECK ("clone_durations"."count" between 1 and 365)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "template" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clone_durations" ADD CONSTRAINT "clone_durations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;