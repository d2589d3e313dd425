-- API processes keep recently checked sessions in memory (plugins/auth.ts). Any change to a
-- user, and any token or device removed, tells every process at commit to forget that user's
-- cached sessions (LISTEN drop_sessions; the payload is the user id).
CREATE OR REPLACE FUNCTION drop_notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('drop_sessions', OLD.id::text);
  ELSE
    PERFORM pg_notify('drop_sessions', OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION drop_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER access_tokens_session_change AFTER DELETE ON access_tokens
  FOR EACH ROW EXECUTE FUNCTION drop_notify_session_change();
--> statement-breakpoint
CREATE TRIGGER devices_session_change AFTER DELETE ON devices
  FOR EACH ROW EXECUTE FUNCTION drop_notify_session_change();
