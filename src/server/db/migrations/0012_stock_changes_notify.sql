-- Every change of a product's stock is announced on "stock_changes" with the product's id, when
-- the transaction that made it commits: each server process drops its cached pages that show the
-- product (src/server/ssr/page-cache.ts), whichever process or command changed it.
CREATE OR REPLACE FUNCTION notify_stock_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stock_changes', NEW.product_id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_stock_changed
  AFTER INSERT OR UPDATE OF available ON product_stock
  FOR EACH ROW EXECUTE FUNCTION notify_stock_change();
