CREATE TABLE "company_mail_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_address" text DEFAULT '' NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_security" text DEFAULT 'starttls' NOT NULL,
	"smtp_user" text DEFAULT '' NOT NULL,
	"smtp_password_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_mail_settings_security_ck" CHECK ("company_mail_settings"."smtp_security" in ('tls', 'starttls', 'none'))
);
--> statement-breakpoint
CREATE TABLE "company_mail_texts" (
	"company_id" integer NOT NULL,
	"mail_key" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_mail_texts_company_id_mail_key_language_pk" PRIMARY KEY("company_id","mail_key","language")
);
--> statement-breakpoint
ALTER TABLE "company_mail_settings" ADD CONSTRAINT "company_mail_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_mail_texts" ADD CONSTRAINT "company_mail_texts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;