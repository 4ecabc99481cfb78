CREATE TABLE "connect_codes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connect_codes_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "morning_after_sends" (
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "morning_after_sends_event_id_user_id_pk" PRIMARY KEY("event_id","user_id"),
	CONSTRAINT "morning_after_sends_status_check" CHECK ("morning_after_sends"."status" in ('sent', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "offers_and_asks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_and_asks_kind_check" CHECK ("offers_and_asks"."kind" in ('offer', 'ask')),
	CONSTRAINT "offers_and_asks_position_check" CHECK ("offers_and_asks"."position" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "in_people_to_meet" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "met_at_event_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "morning_after" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "connect_codes" ADD CONSTRAINT "connect_codes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "morning_after_sends" ADD CONSTRAINT "morning_after_sends_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "morning_after_sends" ADD CONSTRAINT "morning_after_sends_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers_and_asks" ADD CONSTRAINT "offers_and_asks_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "morning_after_sends_user_idx" ON "morning_after_sends" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_and_asks_user_kind_position_idx" ON "offers_and_asks" USING btree ("user_id","kind","position");--> statement-breakpoint
CREATE INDEX "offers_and_asks_terms_idx" ON "offers_and_asks" USING gin ("terms");--> statement-breakpoint
CREATE INDEX "offers_and_asks_text_trgm_idx" ON "offers_and_asks" USING gin (lower("text") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_met_at_event_id_events_id_fk" FOREIGN KEY ("met_at_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;