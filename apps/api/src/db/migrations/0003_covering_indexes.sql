-- Category listings in the default order (in stock first, newest first) answer their filters
-- (property values, drop price) and counts from these indexes alone (index-only scans).
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id", "in_stock" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("drop_kop", "property_value_ids");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id", "in_stock" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("drop_kop", "property_value_ids");--> statement-breakpoint
CREATE INDEX "products_root_idx" ON "products" USING btree ("root_id", "in_stock" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("drop_kop", "property_value_ids");
