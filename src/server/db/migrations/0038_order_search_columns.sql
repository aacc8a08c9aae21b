DROP INDEX "shop_order_search_email_idx";--> statement-breakpoint
DROP INDEX "shop_order_search_name_idx";--> statement-breakpoint
DROP INDEX "shop_order_search_last_name_idx";--> statement-breakpoint
DROP INDEX "shop_order_search_phone_idx";--> statement-breakpoint
-- The back office's search keys become stored columns (decision 043's addendum); one ALTER, so
-- the table is rewritten once.
ALTER TABLE "shop_order"
  ADD COLUMN "search_email" text GENERATED ALWAYS AS (lower("shop_order"."buyer" ->> 'email')) STORED,
  ADD COLUMN "search_full_name" text GENERATED ALWAYS AS (translate(lower(("shop_order"."buyer" ->> 'name') || ' ' || ("shop_order"."buyer" ->> 'lastName')), 'áàâãäÁÀÂÃÄéèêëÉÈÊËíìîïÍÌÎÏóòôõöÓÒÔÕÖúùûüÚÙÛÜçÇñÑ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn')) STORED,
  ADD COLUMN "search_last_name" text GENERATED ALWAYS AS (translate(lower("shop_order"."buyer" ->> 'lastName'), 'áàâãäÁÀÂÃÄéèêëÉÈÊËíìîïÍÌÎÏóòôõöÓÒÔÕÖúùûüÚÙÛÜçÇñÑ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnn')) STORED,
  ADD COLUMN "search_phone" text GENERATED ALWAYS AS (regexp_replace(regexp_replace("shop_order"."address" ->> 'phone', '[^0-9]', '', 'g'), '^(00)?(351|34)', '')) STORED;--> statement-breakpoint
CREATE INDEX "shop_order_search_email_idx" ON "shop_order" USING btree ("search_email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_order_search_name_idx" ON "shop_order" USING btree ("search_full_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_order_search_last_name_idx" ON "shop_order" USING btree ("search_last_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "shop_order_search_phone_idx" ON "shop_order" USING btree ("search_phone" text_pattern_ops);