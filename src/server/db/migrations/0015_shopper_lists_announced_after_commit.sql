-- Cart and wish-list changes are announced by the server after their write commits, on the live
-- updates' channel (src/server/live/change-hub.ts), no longer by a trigger inside the write: a
-- NOTIFY in a writing transaction holds a database-wide lock until its commit reaches the disk,
-- so every cart write waited for the one before it (decision 022).
DROP TRIGGER IF EXISTS cart_line_changed ON cart_line;
--> statement-breakpoint
DROP TRIGGER IF EXISTS wishlist_item_changed ON wishlist_item;
--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_shopper_change();
