CREATE TABLE "event_feedback" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"show_name" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_feedback_event_id_user_id_pk" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "event_feedback_rating_check" CHECK ("event_feedback"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "feedback" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_feedback" ADD CONSTRAINT "event_feedback_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_feedback" ADD CONSTRAINT "event_feedback_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_feedback_user_idx" ON "event_feedback" USING btree ("user_id");