CREATE SEQUENCE "public"."onec_product_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "onec_external_ids" (
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onec_external_ids_kind_external_id_pk" PRIMARY KEY("kind","external_id")
);
--> statement-breakpoint
CREATE TABLE "onec_import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"session_id" integer,
	"actor_id" integer,
	"requested_file" text,
	"dir" text NOT NULL,
	"files" jsonb NOT NULL,
	"progress" jsonb NOT NULL,
	"stats" jsonb,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings_count" integer DEFAULT 0 NOT NULL,
	"error" jsonb,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onec_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "property_types" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "property_values" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "onec_import_runs" ADD CONSTRAINT "onec_import_runs_session_id_onec_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."onec_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_import_runs" ADD CONSTRAINT "onec_import_runs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onec_sessions" ADD CONSTRAINT "onec_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onec_import_runs_session_idx" ON "onec_import_runs" USING btree ("session_id","requested_file");--> statement-breakpoint
CREATE INDEX "onec_import_runs_created_idx" ON "onec_import_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "onec_sessions_token_uq" ON "onec_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "onec_sessions_seen_idx" ON "onec_sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_external_id_uq" ON "categories" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_external_id_uq" ON "products" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_types_external_id_uq" ON "property_types" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_values_external_id_uq" ON "property_values" USING btree ("external_id");