-- Guests (better-auth's anonymous plugin, decision 032): a user marked is_anonymous, and the index
-- the hourly sweep of stale guests reads.
ALTER TABLE "user" ADD COLUMN "is_anonymous" boolean DEFAULT false;--> statement-breakpoint
CREATE INDEX "user_guest_created_idx" ON "user" USING btree ("created_at") WHERE "user"."is_anonymous";