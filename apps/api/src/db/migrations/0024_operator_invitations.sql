ALTER TABLE "operators" ADD COLUMN "invitation_token_hash" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_invitation_token_hash_unique" UNIQUE("invitation_token_hash");