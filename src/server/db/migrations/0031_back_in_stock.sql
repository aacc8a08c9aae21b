CREATE TABLE "back_in_stock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restocked_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	CONSTRAINT "back_in_stock_requests_token_unique" UNIQUE("token"),
	CONSTRAINT "back_in_stock_requests_email_product" UNIQUE("email","product_id")
);
--> statement-breakpoint
CREATE INDEX "back_in_stock_requests_due_idx" ON "back_in_stock_requests" USING btree ("restocked_at","notified_at");--> statement-breakpoint
-- A product's stock going from 0 to more, by any path (a restock or count, an order given back,
-- an import), makes its open back-in-stock requests due, in the same transaction: only that
-- step, never a change from 3 to 5. src/server/back-in-stock/ mails them.
CREATE OR REPLACE FUNCTION back_in_stock_due() RETURNS trigger AS $$
BEGIN
  UPDATE back_in_stock_requests SET restocked_at = now()
    WHERE product_id = NEW.product_id AND notified_at IS NULL AND restocked_at IS NULL;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_stock_back_in_stock
  AFTER UPDATE OF available ON product_stock
  FOR EACH ROW WHEN (OLD.available <= 0 AND NEW.available > 0)
  EXECUTE FUNCTION back_in_stock_due();
