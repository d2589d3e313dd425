CREATE TABLE "export_builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"export_setting_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"offers" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"warnings_count" integer DEFAULT 0 NOT NULL,
	"warnings" jsonb DEFAULT '{"counts":{},"samples":[]}'::jsonb NOT NULL,
	"error" text,
	CONSTRAINT "export_builds_status_ck" CHECK ("export_builds"."status" IN ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "export_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token" text NOT NULL,
	"name" text NOT NULL,
	"file_type" text NOT NULL,
	"shop_short_name" text NOT NULL,
	"shop_company" text DEFAULT '' NOT NULL,
	"shop_url" text DEFAULT '' NOT NULL,
	"market_id" integer,
	"price_from_kop" bigint,
	"price_to_kop" bigint,
	"categories" integer[] DEFAULT '{}'::int[] NOT NULL,
	"extra_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"name_format" text DEFAULT 'name' NOT NULL,
	"price_source" text DEFAULT 'recommended' NOT NULL,
	"markup" numeric(7, 2) DEFAULT 0 NOT NULL,
	"interval_hours" smallint DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"products_count" integer DEFAULT 0 NOT NULL,
	"file_bytes" bigint DEFAULT 0 NOT NULL,
	"published_build_id" integer,
	"gzip_build_id" integer,
	"last_generated_at" timestamp with time zone,
	"last_requested_at" timestamp with time zone,
	"next_build_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "export_settings_file_type_ck" CHECK ("export_settings"."file_type" IN ('yml', 'rozetka')),
	CONSTRAINT "export_settings_price_source_ck" CHECK ("export_settings"."price_source" IN ('recommended', 'drop_markup', 'recommended_markup', 'market')),
	CONSTRAINT "export_settings_name_format_ck" CHECK ("export_settings"."name_format" IN ('name', 'name_vendor_code')),
	CONSTRAINT "export_settings_status_ck" CHECK ("export_settings"."status" IN ('queued', 'building', 'ready', 'error')),
	CONSTRAINT "export_settings_markup_ck" CHECK ("export_settings"."markup" >= 0 AND "export_settings"."markup" <= 1000),
	CONSTRAINT "export_settings_name_ck" CHECK (char_length("export_settings"."name") BETWEEN 1 AND 100)
);
--> statement-breakpoint
ALTER TABLE "export_builds" ADD CONSTRAINT "export_builds_export_setting_id_export_settings_id_fk" FOREIGN KEY ("export_setting_id") REFERENCES "public"."export_settings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_settings" ADD CONSTRAINT "export_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_settings" ADD CONSTRAINT "export_settings_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_builds_setting_idx" ON "export_builds" USING btree ("export_setting_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "export_settings_token_uq" ON "export_settings" USING btree ("token");--> statement-breakpoint
CREATE INDEX "export_settings_user_idx" ON "export_settings" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "export_settings_next_build_idx" ON "export_settings" USING btree ("next_build_at");--> statement-breakpoint
CREATE INDEX "export_settings_market_idx" ON "export_settings" USING btree ("market_id");