ALTER TABLE "podcasts" ADD COLUMN "media_bytes" integer;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "media_mime" text;--> statement-breakpoint
ALTER TABLE "podcasts" ADD COLUMN "duration_seconds" integer;