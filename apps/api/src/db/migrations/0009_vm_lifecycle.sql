CREATE TABLE "order_vms" (
	"order_id" integer NOT NULL,
	"vm_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"arrears" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"days_added" integer DEFAULT 0 NOT NULL,
	"days_extended" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fulfilled_at" timestamp with time zone,
	CONSTRAINT "order_vms_order_id_vm_id_pk" PRIMARY KEY("order_id","vm_id")
);
--> statement-breakpoint
CREATE TABLE "public_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"vm_id" integer NOT NULL,
	"lan_ip" text NOT NULL,
	"host_name" text NOT NULL,
	"tcp_ports" text[] NOT NULL,
	"udp_ports" text[] NOT NULL,
	"public_ip" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_backups" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"vm_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"cpu" integer NOT NULL,
	"ram_gb" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "simulator_backups_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "simulator_network_rules" (
	"key" text PRIMARY KEY NOT NULL,
	"public_ip" text NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vm_backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"vm_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"cpu" integer NOT NULL,
	"ram_gb" integer NOT NULL,
	"disk_gb" integer NOT NULL,
	"clone_duration" integer,
	"clone_type" text,
	"external_id" text,
	"state" text DEFAULT 'creating' NOT NULL,
	"pending_action" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vm_disks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"vm_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"slot" integer NOT NULL,
	"size_gb" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vm_disks_slot_ck" CHECK ("vm_disks"."slot" between 1 and 2)
);
--> statement-breakpoint
CREATE TABLE "vm_expiry_reminders" (
	"vm_id" integer NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vm_expiry_reminders_vm_id_end_at_days_before_pk" PRIMARY KEY("vm_id","end_at","days_before")
);
--> statement-breakpoint
ALTER TABLE "vms" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "simulator_vms" ADD COLUMN "added_disks_gb" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "renewed_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "pending_action" text;--> statement-breakpoint
ALTER TABLE "vms" ADD COLUMN "restored_from_backup_id" integer;--> statement-breakpoint
ALTER TABLE "order_vms" ADD CONSTRAINT "order_vms_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vms" ADD CONSTRAINT "order_vms_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_vms" ADD CONSTRAINT "order_vms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_ips" ADD CONSTRAINT "public_ips_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_ips" ADD CONSTRAINT "public_ips_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_backups" ADD CONSTRAINT "vm_backups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_backups" ADD CONSTRAINT "vm_backups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_backups" ADD CONSTRAINT "vm_backups_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_backups" ADD CONSTRAINT "vm_backups_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_disks" ADD CONSTRAINT "vm_disks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_disks" ADD CONSTRAINT "vm_disks_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_disks" ADD CONSTRAINT "vm_disks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vm_expiry_reminders" ADD CONSTRAINT "vm_expiry_reminders_vm_id_vms_id_fk" FOREIGN KEY ("vm_id") REFERENCES "public"."vms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_vms_vm_idx" ON "order_vms" USING btree ("vm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "public_ips_vm_uq" ON "public_ips" USING btree ("vm_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vm_backups_order_uq" ON "vm_backups" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "vm_backups_customer_idx" ON "vm_backups" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vm_disks_slot_uq" ON "vm_disks" USING btree ("vm_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "vm_disks_order_uq" ON "vm_disks" USING btree ("order_id");