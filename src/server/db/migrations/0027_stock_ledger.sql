CREATE TABLE "stock_movement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" text,
	"order_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_change_not_zero" CHECK ("stock_movement"."change" <> 0)
);
--> statement-breakpoint
CREATE TABLE "stock_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"low_stock_units" integer DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_settings_one_row" CHECK ("stock_settings"."id" = 1),
	CONSTRAINT "stock_settings_threshold_range" CHECK ("stock_settings"."low_stock_units" between 0 and 100000)
);
--> statement-breakpoint
CREATE INDEX "stock_movement_product_idx" ON "stock_movement" USING btree ("product_id","at");--> statement-breakpoint
-- The ledger opens with the stock as it is (issue 32, decision 051): one "opening" entry per
-- product with units, so each product's sum equals its stock from the first day.
INSERT INTO "stock_movement" ("product_id", "change", "reason", "at")
  SELECT "product_id", "available", 'opening', now() FROM "product_stock" WHERE "available" <> 0;
--> statement-breakpoint
-- The one settings row; its threshold is the dashboard's 5 units of decision 046.
INSERT INTO "stock_settings" ("id", "low_stock_units") VALUES (1, 5) ON CONFLICT DO NOTHING;
