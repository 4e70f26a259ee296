CREATE TABLE "simulator_vms" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"name" text NOT NULL,
	"template" text NOT NULL,
	"cpu" integer NOT NULL,
	"ram_gb" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"state" text NOT NULL,
	"ready_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_vms_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "vms" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text,
	"name" text NOT NULL,
	"alias" text,
	"os" text NOT NULL,
	"state" text DEFAULT 'provisioning' NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"cpu" integer NOT NULL,
	"ram_gb" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"region_id" integer,
	"days" integer NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vms" ADD CONSTRAINT "vms_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vms_order_uq" ON "vms" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vms_customer_idx" ON "vms" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "vms_state_end_idx" ON "vms" USING btree ("state","end_at");