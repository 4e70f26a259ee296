ALTER TABLE "companies" ADD COLUMN "postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer" jsonb NOT NULL;