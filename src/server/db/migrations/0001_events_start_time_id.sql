DROP INDEX "events_start_time_idx";--> statement-breakpoint
CREATE INDEX "events_start_time_idx" ON "events" USING btree ("start_time" DESC NULLS LAST,"id");