CREATE TABLE "legal_entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"tax_country" text NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"series_prefix" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "region_sellers" (
	"region_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"legal_entity_id" integer NOT NULL,
	CONSTRAINT "region_sellers_region_id_pk" PRIMARY KEY("region_id")
);
--> statement-breakpoint
DROP INDEX "invoices_number_uq";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "legal_entity_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "legal_entities" ADD CONSTRAINT "legal_entities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_sellers" ADD CONSTRAINT "region_sellers_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_sellers" ADD CONSTRAINT "region_sellers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_sellers" ADD CONSTRAINT "region_sellers_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "legal_entities_prefix_uq" ON "legal_entities" USING btree ("company_id","series_prefix");--> statement-breakpoint
CREATE INDEX "legal_entities_company_idx" ON "legal_entities" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_entity_number_uq" ON "invoices" USING btree ("legal_entity_id","number") WHERE "invoices"."legal_entity_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("company_id","number") WHERE "invoices"."legal_entity_id" is null;