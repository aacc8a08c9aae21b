ALTER TABLE "coupon" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;