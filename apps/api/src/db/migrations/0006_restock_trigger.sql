-- Back-in-stock (issue 4): whoever raises a product's stock from 0 (an operator, the 1C import,
-- a cancelled order), the change is recorded at commit for the subscribers of its code. Only
-- codes somebody waits for are recorded, so bulk stock updates write nothing extra. Workers are
-- woken by NOTIFY drop_restock and also poll, so an event is never lost.
CREATE OR REPLACE FUNCTION drop_record_restock() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM product_notifications n WHERE n.code_id = NEW.code_id) THEN
    INSERT INTO restock_events (product_id, code_id) VALUES (NEW.id, NEW.code_id);
    PERFORM pg_notify('drop_restock', NEW.code_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_restock AFTER UPDATE OF qty ON products
  FOR EACH ROW WHEN (OLD.qty <= 0 AND NEW.qty > 0) EXECUTE FUNCTION drop_record_restock();
