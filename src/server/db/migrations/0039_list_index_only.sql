DROP INDEX "shop_order_list_placed_idx";--> statement-breakpoint
DROP INDEX "shop_order_list_total_idx";--> statement-breakpoint
CREATE INDEX "shop_order_list_placed_idx" ON "shop_order" USING btree ("placed_at","number","id") WHERE "shop_order"."number" is not null;--> statement-breakpoint
CREATE INDEX "shop_order_list_total_idx" ON "shop_order" USING btree ("total_cents","number","id") WHERE "shop_order"."number" is not null;