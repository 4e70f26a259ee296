CREATE TYPE "public"."vm_state" AS ENUM('provisioning', 'running', 'stopped', 'expired', 'archived', 'failed', 'deleted');--> statement-breakpoint
-- Every writer wrote one of these; a row that holds anything else stops the migration by name rather than being guessed at.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "vms" WHERE "state" NOT IN ('provisioning', 'running', 'stopped', 'expired', 'archived', 'failed', 'deleted')) THEN
    RAISE EXCEPTION 'vms.state holds values outside vm_state: %',
      (SELECT string_agg(DISTINCT "state", ', ') FROM "vms" WHERE "state" NOT IN ('provisioning', 'running', 'stopped', 'expired', 'archived', 'failed', 'deleted'));
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "vms" ALTER COLUMN "state" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "vms" ALTER COLUMN "state" SET DATA TYPE "public"."vm_state" USING "state"::"public"."vm_state";--> statement-breakpoint
ALTER TABLE "vms" ALTER COLUMN "state" SET DEFAULT 'provisioning'::"public"."vm_state";
