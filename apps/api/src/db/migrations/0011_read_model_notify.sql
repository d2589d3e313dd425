-- The catalogue read model (modules/catalog/read-model.ts) keeps product rows, list id pages and
-- each reseller's favourite, subscription and cart sets in API process memory. These triggers tell
-- every process at commit what to forget:
--   drop_catalogue '*'          anything a list, a count, a facet, the search or the supplier's
--                               price settings depend on changed: forget everything of the catalogue;
--   drop_catalogue '1,2,3'      only these products' own fields (stock within in-stock, names,
--                               descriptions, packs, pictures) changed: forget these rows;
--   drop_user_sets '42'         user 42's favourites, back-in-stock subscriptions or cart changed.
-- Statement-level triggers with transition tables, so a bulk import sends one message, not one per row.
CREATE OR REPLACE FUNCTION drop_notify_catalogue_all() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('drop_catalogue', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION drop_notify_products_update() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.category_id, o.parent_id, o.root_id, o.qty > 0, o.property_value_ids, o.drop_kop, o.old_drop_kop, o.retail_kop,
           o.is_new, o.has_images, o.analogue_group_id, o.search_text, o.vendor_code, o.code_id, o.b2b_code_id)
      IS DISTINCT FROM
          (n.category_id, n.parent_id, n.root_id, n.qty > 0, n.property_value_ids, n.drop_kop, n.old_drop_kop, n.retail_kop,
           n.is_new, n.has_images, n.analogue_group_id, n.search_text, n.vendor_code, n.code_id, n.b2b_code_id)
  ) THEN
    PERFORM pg_notify('drop_catalogue', '*');
    RETURN NULL;
  END IF;
  SELECT string_agg(id::text, ',') INTO ids FROM (SELECT DISTINCT id FROM new_rows LIMIT 1001) x;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('drop_catalogue', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION drop_notify_product_images() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT string_agg(product_id::text, ',') INTO ids FROM (SELECT DISTINCT product_id FROM old_rows LIMIT 1001) x;
  ELSE
    SELECT string_agg(product_id::text, ',') INTO ids FROM (SELECT DISTINCT product_id FROM new_rows LIMIT 1001) x;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('drop_catalogue', CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION drop_notify_user_sets() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('drop_user_sets', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('drop_user_sets', NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('drop_user_sets', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_read_model_insert AFTER INSERT ON products
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER products_read_model_delete AFTER DELETE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER products_read_model_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER products_read_model_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_products_update();
--> statement-breakpoint
CREATE TRIGGER product_images_read_model_insert AFTER INSERT ON product_images
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_product_images();
--> statement-breakpoint
CREATE TRIGGER product_images_read_model_update AFTER UPDATE ON product_images
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_product_images();
--> statement-breakpoint
CREATE TRIGGER product_images_read_model_delete AFTER DELETE ON product_images
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_product_images();
--> statement-breakpoint
CREATE TRIGGER categories_read_model AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER category_facets_read_model AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_facets
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER search_terms_read_model AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_terms
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER property_types_read_model AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON property_types
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER property_values_read_model AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON property_values
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER product_properties_read_model AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_properties
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER supplier_settings_read_model AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON supplier_settings
  FOR EACH STATEMENT EXECUTE FUNCTION drop_notify_catalogue_all();
--> statement-breakpoint
CREATE TRIGGER favorite_products_read_model AFTER INSERT OR UPDATE OR DELETE ON favorite_products
  FOR EACH ROW EXECUTE FUNCTION drop_notify_user_sets();
--> statement-breakpoint
CREATE TRIGGER product_notifications_read_model AFTER INSERT OR UPDATE OR DELETE ON product_notifications
  FOR EACH ROW EXECUTE FUNCTION drop_notify_user_sets();
--> statement-breakpoint
CREATE TRIGGER cart_lines_read_model AFTER INSERT OR DELETE OR UPDATE OF user_id, product_id ON cart_lines
  FOR EACH ROW EXECUTE FUNCTION drop_notify_user_sets();
