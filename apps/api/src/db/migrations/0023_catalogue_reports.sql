CREATE TABLE "staff_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"source" text NOT NULL,
	"qty_delta" integer NOT NULL,
	"reserved_delta" integer NOT NULL,
	"qty_after" integer NOT NULL,
	"reserved_after" integer NOT NULL,
	"order_id" integer,
	"actor_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "archive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_from_category_id" integer;--> statement-breakpoint
ALTER TABLE "staff_views" ADD CONSTRAINT "staff_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_views_name_uq" ON "staff_views" USING btree ("user_id","list","name");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_archive_uq" ON "categories" USING btree ("archive") WHERE archive;--> statement-breakpoint
CREATE INDEX "operations_created_idx" ON "operations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
-- Stock history (issue 29): every change of a product's qty or reserved, whoever makes it (the
-- 1C import, an operator, an order's reservation or release, a return), is one row. The writer
-- names itself with set_config('drop.stock_source', ..., true) in its transaction (and may add
-- drop.stock_order_id, drop.stock_actor_id, drop.stock_note); an unnamed change is 'operator'.
CREATE OR REPLACE FUNCTION drop_record_stock_movement() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  src text := nullif(current_setting('drop.stock_source', true), '');
  ord text := nullif(current_setting('drop.stock_order_id', true), '');
  act text := nullif(current_setting('drop.stock_actor_id', true), '');
BEGIN
  IF src IS NULL OR src NOT IN ('onec', 'operator', 'order', 'return') THEN src := 'operator'; END IF;
  INSERT INTO stock_movements (product_id, source, qty_delta, reserved_delta, qty_after, reserved_after, order_id, actor_id, note)
  VALUES (NEW.id, src, NEW.qty - OLD.qty, NEW.reserved - OLD.reserved, NEW.qty, NEW.reserved,
          ord::int, act::int, nullif(current_setting('drop.stock_note', true), ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_stock_movement AFTER UPDATE OF qty, reserved ON products
  FOR EACH ROW WHEN (OLD.qty IS DISTINCT FROM NEW.qty OR OLD.reserved IS DISTINCT FROM NEW.reserved)
  EXECUTE FUNCTION drop_record_stock_movement();
