CREATE TABLE "attempt_counters" (
	"company_id" integer NOT NULL,
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attempt_counters_company_id_scope_subject_pk" PRIMARY KEY("company_id","scope","subject")
);
--> statement-breakpoint
ALTER TABLE "attempt_counters" ADD CONSTRAINT "attempt_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attempt_counters_window_idx" ON "attempt_counters" USING btree ("window_started_at");