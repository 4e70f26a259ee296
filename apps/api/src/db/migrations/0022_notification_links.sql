ALTER TABLE "notifications" ADD COLUMN "link_to" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link_id" integer;