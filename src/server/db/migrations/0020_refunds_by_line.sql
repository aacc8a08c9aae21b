-- Refunds by line (issue 27): each line's share of the discount and the units given back, a credit note per
-- refund with its own figures, and the refunds themselves until the provider has paid them back.
CREATE TABLE "refund" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"credit_note_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"status" text NOT NULL,
	"restocked" boolean NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_amount_not_negative" CHECK ("refund"."amount_cents" >= 0)
);
--> statement-breakpoint
DROP INDEX "invoice_one_per_order_and_kind";--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "refund" jsonb;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_order_id_shop_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund" ADD CONSTRAINT "refund_credit_note_id_invoice_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_order_idx" ON "refund" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_one_per_order" ON "invoice" USING btree ("order_id") WHERE "invoice"."kind" = 'invoice';--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_refunded_within_quantity" CHECK ("order_line"."refunded_quantity" >= 0 and "order_line"."refunded_quantity" <= "order_line"."quantity");--> statement-breakpoint
-- Orders placed before: the discount shared over their lines by amount (the coupon's categories are not kept),
-- the rounding left on the first line; orders already refunded whole have every unit given back.
UPDATE "order_line" SET "discount_cents" = ("shop_order"."discount_cents"::bigint * "order_line"."total_cents" / "shop_order"."subtotal_cents")::integer
  FROM "shop_order" WHERE "shop_order"."id" = "order_line"."order_id" AND "shop_order"."discount_cents" > 0 AND "shop_order"."subtotal_cents" > 0;--> statement-breakpoint
UPDATE "order_line" SET "discount_cents" = "order_line"."discount_cents" + "shop_order"."discount_cents"
    - (SELECT sum("other"."discount_cents") FROM "order_line" "other" WHERE "other"."order_id" = "order_line"."order_id")
  FROM "shop_order" WHERE "shop_order"."id" = "order_line"."order_id" AND "order_line"."position" = 0 AND "shop_order"."discount_cents" > 0;--> statement-breakpoint
UPDATE "order_line" SET "refunded_quantity" = "quantity"
  WHERE "order_id" IN (SELECT "order_id" FROM "invoice" WHERE "kind" = 'credit-note');
