CREATE TABLE "etims_devices" (
	"legal_entity_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"branch_id" text NOT NULL,
	"device_serial" text NOT NULL,
	"base_url" text NOT NULL,
	"cmc_key_sealed" text,
	"sdc_id" text,
	"mrc_no" text,
	"initialised_at" timestamp with time zone,
	"init_error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etims_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"legal_entity_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"credit_note_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"invc_no" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"rcpt_no" integer,
	"tot_rcpt_no" integer,
	"intrl_data" text,
	"rcpt_sign" text,
	"sdc_id" text,
	"mrc_no" text,
	"sdc_date_time" text,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etims_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"legal_entity_id" integer NOT NULL,
	"item_key" text NOT NULL,
	"item_code" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "kra_pin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "etims_devices" ADD CONSTRAINT "etims_devices_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_devices" ADD CONSTRAINT "etims_devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_documents" ADD CONSTRAINT "etims_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_documents" ADD CONSTRAINT "etims_documents_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_documents" ADD CONSTRAINT "etims_documents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_documents" ADD CONSTRAINT "etims_documents_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_items" ADD CONSTRAINT "etims_items_legal_entity_id_legal_entities_id_fk" FOREIGN KEY ("legal_entity_id") REFERENCES "public"."legal_entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "etims_documents_invoice_uq" ON "etims_documents" USING btree ("invoice_id") WHERE "etims_documents"."credit_note_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "etims_documents_credit_note_uq" ON "etims_documents" USING btree ("credit_note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_documents_invc_no_uq" ON "etims_documents" USING btree ("legal_entity_id","invc_no");--> statement-breakpoint
CREATE INDEX "etims_documents_status_idx" ON "etims_documents" USING btree ("company_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_items_key_uq" ON "etims_items" USING btree ("legal_entity_id","item_key");--> statement-breakpoint
CREATE UNIQUE INDEX "etims_items_code_uq" ON "etims_items" USING btree ("legal_entity_id","item_code");