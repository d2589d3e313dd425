DROP INDEX "property_values_external_id_uq";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "unsorted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "onec_import_runs" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "onec_sessions" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_unsorted_uq" ON "categories" USING btree ("unsorted") WHERE unsorted;--> statement-breakpoint
CREATE UNIQUE INDEX "property_values_type_external_id_uq" ON "property_values" USING btree ("property_type_id","external_id");