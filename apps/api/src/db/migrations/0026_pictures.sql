CREATE TABLE "picture_conversions" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "variant_error" text;--> statement-breakpoint
ALTER TABLE "picture_conversions" ADD CONSTRAINT "picture_conversions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_original_idx" ON "product_images" USING btree ("original");--> statement-breakpoint
CREATE INDEX "product_images_legacy_idx" ON "product_images" USING btree ("id") WHERE original NOT LIKE 'pictures/%' AND original NOT LIKE 'demo/%' AND variant_error IS NULL;