CREATE INDEX "payment_method_idx" ON "payment" USING btree ("method","order_id");--> statement-breakpoint
CREATE INDEX "shop_order_list_placed_idx" ON "shop_order" USING btree ("placed_at","number") WHERE "shop_order"."number" is not null;--> statement-breakpoint
CREATE INDEX "shop_order_list_status_idx" ON "shop_order" USING btree ("status","placed_at") WHERE "shop_order"."number" is not null;--> statement-breakpoint
CREATE INDEX "shop_order_list_zone_idx" ON "shop_order" USING btree ("zone","placed_at") WHERE "shop_order"."number" is not null;--> statement-breakpoint
CREATE INDEX "shop_order_list_total_idx" ON "shop_order" USING btree ("total_cents","number") WHERE "shop_order"."number" is not null;--> statement-breakpoint
CREATE INDEX "shop_order_search_number_idx" ON "shop_order" USING btree ("number" text_pattern_ops) WHERE "shop_order"."number" is not null;--> statement-breakpoint
CREATE INDEX "shop_order_search_email_idx" ON "shop_order" USING btree ((lower("buyer" ->> 'email')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_order_search_name_idx" ON "shop_order" USING btree ((translate(lower(("buyer" ->> 'name') || ' ' || ("buyer" ->> 'lastName')), 'áàâãäÁÀÂÃÄéèêëÉÈÊËíìîïÍÌÎÏóòôõöÓÒÔÕÖúùûüÚÙÛÜçÇñÑ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_order_search_last_name_idx" ON "shop_order" USING btree ((translate(lower("buyer" ->> 'lastName'), 'áàâãäÁÀÂÃÄéèêëÉÈÊËíìîïÍÌÎÏóòôõöÓÒÔÕÖúùûüÚÙÛÜçÇñÑ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn')) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_order_search_phone_idx" ON "shop_order" USING btree ((regexp_replace(regexp_replace("address" ->> 'phone', '[^0-9]', '', 'g'), '^(00)?(351|34)', '')) text_pattern_ops);