-- Every change of a shopper's cart or wish list is announced on "shopper_lists_changes" with their id,
-- when the transaction that made it commits: each server process drops the parts of the catalogue
-- pages it keeps drawn for them (src/server/ssr/shopper-cache.ts), whichever process or command
-- made the change (an order emptying the cart, an account deleted, SQL by hand).
CREATE OR REPLACE FUNCTION notify_shopper_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('shopper_lists_changes', OLD.user_id);
  ELSE
    PERFORM pg_notify('shopper_lists_changes', NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER cart_line_changed
  AFTER INSERT OR UPDATE OR DELETE ON cart_line
  FOR EACH ROW EXECUTE FUNCTION notify_shopper_change();
--> statement-breakpoint
CREATE TRIGGER wishlist_item_changed
  AFTER INSERT OR UPDATE OR DELETE ON wishlist_item
  FOR EACH ROW EXECUTE FUNCTION notify_shopper_change();
