CREATE TABLE "onec_sale_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"orders" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "onec_revision" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "onec_exported_revision" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "onec_exported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "onec_state" text;--> statement-breakpoint
CREATE INDEX "orders_onec_due_idx" ON "orders" USING btree ("id") WHERE onec_revision > coalesce(onec_exported_revision, 0);