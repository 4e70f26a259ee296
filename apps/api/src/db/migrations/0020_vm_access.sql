CREATE TABLE "cloud_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"external_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_ssh_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_ssh_keys" (
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"public_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	CONSTRAINT "order_ssh_keys_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
ALTER TABLE "simulator_vms" ADD COLUMN "login_user" text;--> statement-breakpoint
ALTER TABLE "simulator_vms" ADD COLUMN "crypted_password" text;--> statement-breakpoint
ALTER TABLE "simulator_vms" ADD COLUMN "ssh_public_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "login_user" text;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "password_sealed" text;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "password_shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "cloud_accounts" ADD CONSTRAINT "cloud_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_accounts" ADD CONSTRAINT "cloud_accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ssh_keys" ADD CONSTRAINT "customer_ssh_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ssh_keys" ADD CONSTRAINT "customer_ssh_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ssh_keys" ADD CONSTRAINT "order_ssh_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_accounts_customer_provider_uq" ON "cloud_accounts" USING btree ("company_id","customer_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_ssh_keys_fingerprint_uq" ON "customer_ssh_keys" USING btree ("customer_id","fingerprint");--> statement-breakpoint
CREATE INDEX "customer_ssh_keys_customer_idx" ON "customer_ssh_keys" USING btree ("company_id","customer_id");