ALTER TABLE "coupon" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;