ALTER TABLE "companies" ADD COLUMN "run_meraki_script" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "expiry_grace_days" integer DEFAULT 7 NOT NULL;