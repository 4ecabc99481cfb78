CREATE INDEX "session_updated_at_idx" ON "session" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "event_attendees_created_idx" ON "event_attendees" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "event_check_ins_checked_in_at_idx" ON "event_check_ins" USING btree ("checked_in_at");