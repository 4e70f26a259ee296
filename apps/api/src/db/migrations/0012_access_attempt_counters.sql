CREATE TABLE "operator_attempt_counters" (
	"scope" text NOT NULL,
	"subject" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_attempt_counters_scope_subject_pk" PRIMARY KEY("scope","subject")
);
--> statement-breakpoint
CREATE INDEX "operator_attempt_counters_window_idx" ON "operator_attempt_counters" USING btree ("window_started_at");