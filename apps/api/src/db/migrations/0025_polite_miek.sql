ALTER TABLE "customers" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "blocked_reason" text;