DROP INDEX "messages_sender_created_idx";--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("sender_id","recipient_id","subject");