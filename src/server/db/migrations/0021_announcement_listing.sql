ALTER TABLE "announcements" ADD COLUMN "listed_through" text;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
-- Announcements already sending or sent were listed in full when they started.
UPDATE "announcements" SET "listed_at" = "started_at" WHERE "status" IN ('sending', 'sent');
