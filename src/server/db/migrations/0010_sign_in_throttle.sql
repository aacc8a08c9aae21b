CREATE TABLE "sign_in_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"next_allowed_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "sign_in_failure" CASCADE;--> statement-breakpoint
CREATE INDEX "sign_in_throttle_updated_at_idx" ON "sign_in_throttle" USING btree ("updated_at");