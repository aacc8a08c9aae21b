-- The back office's staff sessions are trusted from memory like the shop's (decision 019, its
-- addendum for staff): a staff member's session ending (sign-out, other sessions ended by a new
-- password, everything ended when they leave) and their account changing (role, second factor
-- enrolled, disabled) or going are announced on "staff_session_changes" with their id at commit,
-- and every server process drops what it kept for them.
CREATE OR REPLACE FUNCTION notify_staff_session_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'staff_user' THEN
    PERFORM pg_notify('staff_session_changes', OLD.id);
  ELSE
    PERFORM pg_notify('staff_session_changes', OLD.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER staff_session_changed
  AFTER UPDATE OR DELETE ON "staff_session"
  FOR EACH ROW EXECUTE FUNCTION notify_staff_session_change();
--> statement-breakpoint
CREATE TRIGGER staff_user_changed
  AFTER UPDATE OR DELETE ON "staff_user"
  FOR EACH ROW EXECUTE FUNCTION notify_staff_session_change();
