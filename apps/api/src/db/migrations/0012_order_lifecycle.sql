CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "np_emulator_documents" (
	"number" text PRIMARY KEY NOT NULL,
	"ref" text NOT NULL,
	"cost_kop" bigint NOT NULL,
	"cod_kop" bigint DEFAULT 0 NOT NULL,
	"path" jsonb NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"return_number" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ttn" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ttn_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_ttn" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_cost_kop" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_cost_kop" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_kop" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "np_status_code" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_order_idx" ON "media_files" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "orders_tracking_idx" ON "orders" USING btree ("tracked_at") WHERE tracking;