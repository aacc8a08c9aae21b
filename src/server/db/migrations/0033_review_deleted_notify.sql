-- A review erased with its author's account (issue 33) leaves its product's page as a moderation
-- does (migration 0030): announced like a stock change, so every process drops that product's
-- kept pages, which may show it.
CREATE OR REPLACE FUNCTION notify_review_deleted() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stock_changes', OLD.product_id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER review_deleted
  AFTER DELETE ON review
  FOR EACH ROW EXECUTE FUNCTION notify_review_deleted();
