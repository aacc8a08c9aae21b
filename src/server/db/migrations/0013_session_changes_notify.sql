-- A user's sessions ending or changing (sign-out, other devices signed out, expiry refreshed) and
-- their account changing or going are announced on "session_changes" with the user's id, when the
-- transaction commits: each server process drops the sessions it trusts for that user
-- (src/server/auth/session-cache.ts), whichever process or command made the change.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'user' THEN
    PERFORM pg_notify('session_changes', OLD.id);
  ELSE
    PERFORM pg_notify('session_changes', OLD.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER session_changed
  AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER user_changed
  AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
