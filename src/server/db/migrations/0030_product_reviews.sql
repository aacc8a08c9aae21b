CREATE TABLE "review" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"author_name" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_by" text,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "review_rating_range" CHECK ("review"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "review_invitation" (
	"token" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_order_id_shop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitation" ADD CONSTRAINT "review_invitation_order_id_shop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_order_line_idx" ON "review" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "review_product_status_idx" ON "review" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "review_status_created_idx" ON "review" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_invitation_line_idx" ON "review_invitation" USING btree ("order_id","position");--> statement-breakpoint
-- A review approved or rejected changes what its product's page shows: announced like a stock
-- change (migration 0012), so every process drops the kept pages of that product.
CREATE OR REPLACE FUNCTION notify_review_moderated() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('stock_changes', NEW.product_id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER review_moderated
  AFTER UPDATE OF status ON review
  FOR EACH ROW EXECUTE FUNCTION notify_review_moderated();
