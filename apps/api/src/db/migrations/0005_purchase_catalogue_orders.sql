CREATE TABLE "category_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer,
	"ram_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"disk_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"cpu_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "category_discounts_company_product_uq" UNIQUE NULLS NOT DISTINCT("company_id","product_id"),
	CONSTRAINT "category_discounts_range_ck" CHECK ("category_discounts"."ram_percent" between 0 and 100 and "category_discounts"."disk_percent" between 0 and 100 and "category_discounts"."cpu_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"bypass" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ram_cpu_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"ram_from" integer NOT NULL,
	"ram_to" integer NOT NULL,
	"cpu_count" integer NOT NULL,
	CONSTRAINT "ram_cpu_ranges_order_ck" CHECK ("ram_cpu_ranges"."ram_from" <= "ram_cpu_ranges"."ram_to")
);
--> statement-breakpoint
CREATE TABLE "region_gateways" (
	"company_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "region_gateways_region_id_gateway_pk" PRIMARY KEY("region_id","gateway"),
	CONSTRAINT "region_gateways_gateway_ck" CHECK ("region_gateways"."gateway" in ('payfast', 'ozow', 'pesapal', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "time_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"days" integer NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "time_periods_company_days_uq" UNIQUE("company_id","days"),
	CONSTRAINT "time_periods_days_ck" CHECK ("time_periods"."days" between 1 and 3650)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"count" integer NOT NULL,
	"cost_per_unit" numeric(14, 4) NOT NULL,
	"discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" integer NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"reference" text NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"region_id" integer,
	"region_name" text NOT NULL,
	"days" integer NOT NULL,
	"currency" text NOT NULL,
	"tax_percent" numeric(5, 2) NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"arrears" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"gateway" text,
	"bypass" boolean DEFAULT false NOT NULL,
	"is_gold_copy" boolean DEFAULT false NOT NULL,
	"needs_licence" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "orders_kind_ck" CHECK ("orders"."kind" between 1 and 5),
	CONSTRAINT "orders_amounts_ck" CHECK ("orders"."price" >= 0 and "orders"."tax" >= 0 and "orders"."discount" >= 0 and "orders"."arrears" >= 0 and "orders"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "category_discounts" ADD CONSTRAINT "category_discounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_discounts" ADD CONSTRAINT "category_discounts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ram_cpu_ranges" ADD CONSTRAINT "ram_cpu_ranges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ram_cpu_ranges" ADD CONSTRAINT "ram_cpu_ranges_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_gateways" ADD CONSTRAINT "region_gateways_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "region_gateways" ADD CONSTRAINT "region_gateways_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_periods" ADD CONSTRAINT "time_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ram_cpu_ranges_product_idx" ON "ram_cpu_ranges" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "region_gateways_company_idx" ON "region_gateways" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("company_id","customer_id","created_at");