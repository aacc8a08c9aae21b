CREATE TABLE "newsletter_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subject_es" text NOT NULL,
	"body_es" text NOT NULL,
	"subject_pt" text NOT NULL,
	"body_pt" text NOT NULL,
	"content_hash" text NOT NULL,
	"sent_by_staff_id" text,
	"sent_by" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"recipients" integer NOT NULL,
	CONSTRAINT "newsletter_issues_content_hash_unique" UNIQUE("content_hash")
);
