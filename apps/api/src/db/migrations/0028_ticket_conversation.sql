CREATE TABLE "ticket_canned_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_canned_replies_company_title_uq" UNIQUE("company_id","title")
);
--> statement-breakpoint
ALTER TABLE "ticket_responses" ADD COLUMN "author" text DEFAULT 'operator' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_canned_replies" ADD CONSTRAINT "ticket_canned_replies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_responses" ADD CONSTRAINT "ticket_responses_author_ck" CHECK ("ticket_responses"."author" in ('operator', 'customer'));