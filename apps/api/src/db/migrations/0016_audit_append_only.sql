-- The audit log is append-only: rows are written, never changed or removed.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
-- Every money-moving event: each ledger row (whoever posted it, a job, a reseller or an operator)
-- leaves one audit row with the balance before and after.
CREATE OR REPLACE FUNCTION audit_operation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log (actor_id, action, entity, entity_id, changes)
  VALUES (
    NEW.actor_id,
    'money.' || NEW.type,
    'user',
    NEW.user_id,
    jsonb_build_object(
      'balance_kop', jsonb_build_array(NEW.balance_kop - NEW.amount_kop, NEW.balance_kop),
      'amount_kop', NEW.amount_kop,
      'operation_id', NEW.id,
      'key', NEW.idempotency_key,
      'operationable', CASE WHEN NEW.operationable_type IS NULL THEN NULL ELSE NEW.operationable_type || ':' || NEW.operationable_id END,
      'comment', NEW.comment
    )
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER operations_audit AFTER INSERT ON operations FOR EACH ROW EXECUTE FUNCTION audit_operation();
