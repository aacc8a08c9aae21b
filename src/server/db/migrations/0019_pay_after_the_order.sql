-- An order before its payment (issue 27, decision 034): unnumbered until paid, a time to pay by, how it was paid,
-- one payment per order, and the built-in test provider's own payments.
CREATE TABLE "test_payment_intent" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"methods" text[] NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"card_last4" text DEFAULT '' NOT NULL,
	"last_failure" text,
	"multibanco" jsonb,
	"pending_action" text,
	"return_url" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_keys" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_intent_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "shop_order" ALTER COLUMN "number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "multibanco" jsonb;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "last_failure" text;--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_one_per_order" ON "payment" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shop_order_pay_by_idx" ON "shop_order" USING btree ("pay_by") WHERE "shop_order"."status" = 'pendiente-pago';