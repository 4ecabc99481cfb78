CREATE TABLE "announcement_recipients" (
	"announcement_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "announcement_recipients_announcement_id_user_id_pk" PRIMARY KEY("announcement_id","user_id"),
	CONSTRAINT "announcement_recipients_status_check" CHECK ("announcement_recipients"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"body_text" text NOT NULL,
	"audience" jsonb NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recipient_count" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcements_status_check" CHECK ("announcements"."status" in ('draft', 'scheduled', 'sending', 'sent', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"position" text,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_count" smallint DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"joined_user_id" text,
	CONSTRAINT "invitations_email_lower_check" CHECK ("invitations"."email" = lower("invitations"."email")),
	CONSTRAINT "invitations_send_count_check" CHECK ("invitations"."send_count" between 1 and 2)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "community_news" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_recipients" ADD CONSTRAINT "announcement_recipients_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_profiles_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_joined_user_id_user_id_fk" FOREIGN KEY ("joined_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_recipients_email_idx" ON "announcement_recipients" USING btree ("announcement_id","email");--> statement-breakpoint
CREATE INDEX "announcement_recipients_pending_idx" ON "announcement_recipients" USING btree ("announcement_id","status") WHERE "announcement_recipients"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "announcement_recipients_sent_at_idx" ON "announcement_recipients" USING btree ("sent_at") WHERE "announcement_recipients"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "announcement_recipients_user_idx" ON "announcement_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "announcements_started_idx" ON "announcements" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "announcements_status_send_at_idx" ON "announcements" USING btree ("status","send_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_email_idx" ON "invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "invitations_created_idx" ON "invitations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
-- An invitation is joined when an account with its address is made, however it was made (the
-- registration page, admin:create, the seed): the data says so, not a route that must remember.
CREATE FUNCTION invitation_joined() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invitations i SET joined_at = now(), joined_user_id = n.id
  FROM new_users n
  WHERE i.email = lower(n.email) AND i.joined_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invitation_joined AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_users
  FOR EACH STATEMENT EXECUTE FUNCTION invitation_joined();
