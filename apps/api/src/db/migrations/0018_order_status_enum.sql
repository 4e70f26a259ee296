CREATE TYPE "public"."order_status" AS ENUM('created', 'paid', 'fulfilling', 'fulfilled', 'needs_attention', 'failed', 'cancelled');--> statement-breakpoint
-- New-VM orders used to stay 'paid' for good: they now move on like every kind, after their VM.
UPDATE "orders" AS o SET "status" = CASE v."state" WHEN 'provisioning' THEN 'fulfilling' WHEN 'failed' THEN 'needs_attention' ELSE 'fulfilled' END, "updated_at" = now() FROM "vms" AS v WHERE v."order_id" = o."id" AND o."kind" = 1 AND o."status" = 'paid';--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DATA TYPE "public"."order_status" USING "status"::"public"."order_status";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "status" SET DEFAULT 'created'::"public"."order_status";
