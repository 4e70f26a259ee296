ALTER TABLE "orders" ADD COLUMN "vm_name" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "exchange_rate" numeric(12, 6);--> statement-breakpoint
-- VMs bought before names existed all took their product's name: the second and later of one
-- customer's same-named VMs (deleted ones aside) get " 2", " 3", … so each can be told apart.
UPDATE "vms" SET "name" = numbered."name" || ' ' || numbered."n"
FROM (
  SELECT "id", "name", row_number() OVER (PARTITION BY "company_id", "customer_id", lower("name") ORDER BY "id") AS "n"
  FROM "vms" WHERE "state" <> 'deleted'
) AS numbered
WHERE "vms"."id" = numbered."id" AND numbered."n" > 1;
