CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"target_id" text,
	"target_label" text,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_blocks" (
	"blocker_id" text NOT NULL,
	"blocked_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "member_blocks_not_self_check" CHECK ("member_blocks"."blocker_id" <> "member_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by_id" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('post', 'reply', 'message')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'removed', 'dismissed'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "excerpt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "reply_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "forum_replies" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "forums" ADD COLUMN "post_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "forums" ADD COLUMN "last_activity_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocker_id_profiles_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blocks" ADD CONSTRAINT "member_blocks_blocked_id_profiles_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_profiles_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_id_profiles_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_blocks_blocked_idx" ON "member_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_reporter_target_idx" ON "reports" USING btree ("reporter_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_type","target_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Post and reply counts are kept here, per statement, so lists read them instead of counting
-- 100,000 posts or 10,000 replies on every page.
CREATE FUNCTION forum_posts_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE forums f SET post_count = f.post_count + n.c,
      last_activity_at = greatest(f.last_activity_at, n.m)
    FROM (SELECT forum_id, count(*) AS c, max(created_at) AS m FROM new_rows GROUP BY forum_id) n
    WHERE f.id = n.forum_id;
  ELSE
    UPDATE forums f SET post_count = greatest(f.post_count - n.c, 0)
    FROM (SELECT forum_id, count(*) AS c FROM old_rows GROUP BY forum_id) n
    WHERE f.id = n.forum_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER forum_posts_counted_insert AFTER INSERT ON forum_posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION forum_posts_counted();
--> statement-breakpoint
CREATE TRIGGER forum_posts_counted_delete AFTER DELETE ON forum_posts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION forum_posts_counted();
--> statement-breakpoint
CREATE FUNCTION forum_replies_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE forum_posts p SET reply_count = p.reply_count + n.c,
      last_activity_at = greatest(p.last_activity_at, n.m)
    FROM (SELECT post_id, count(*) AS c, max(created_at) AS m FROM new_rows GROUP BY post_id) n
    WHERE p.id = n.post_id;
    -- A reply is activity in its forum too: the forum list's "latest activity" follows it.
    UPDATE forums f SET last_activity_at = greatest(f.last_activity_at, n.m)
    FROM (SELECT p.forum_id, max(r.created_at) AS m FROM new_rows r JOIN forum_posts p ON p.id = r.post_id
      GROUP BY p.forum_id) n
    WHERE f.id = n.forum_id;
  ELSE
    UPDATE forum_posts p SET reply_count = greatest(p.reply_count - n.c, 0)
    FROM (SELECT post_id, count(*) AS c FROM old_rows GROUP BY post_id) n
    WHERE p.id = n.post_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER forum_replies_counted_insert AFTER INSERT ON forum_replies
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION forum_replies_counted();
--> statement-breakpoint
CREATE TRIGGER forum_replies_counted_delete AFTER DELETE ON forum_replies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION forum_replies_counted();
--> statement-breakpoint
-- Forums, posts and replies written before these columns existed get their counts, activity
-- times and excerpts now (the app writes the excerpt of every new or edited post itself).
UPDATE forum_posts p SET
  reply_count = (SELECT count(*) FROM forum_replies r WHERE r.post_id = p.id),
  last_activity_at = greatest(p.created_at, (SELECT max(r.created_at) FROM forum_replies r WHERE r.post_id = p.id)),
  excerpt = left(btrim(regexp_replace(replace(replace(replace(replace(replace(replace(
    regexp_replace(p.content, '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
    '\s+', ' ', 'g')), 200);
--> statement-breakpoint
UPDATE forums f SET
  post_count = (SELECT count(*) FROM forum_posts p WHERE p.forum_id = f.id),
  last_activity_at = (SELECT max(p.last_activity_at) FROM forum_posts p WHERE p.forum_id = f.id);
--> statement-breakpoint
-- Content that goes (its author deleted it, an admin did from the forum, a post took its replies
-- along) leaves no open report behind in the admin queue, however it went.
CREATE FUNCTION reports_close_for_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reports SET status = 'removed', resolved_at = now()
  WHERE status = 'open' AND target_type = TG_ARGV[0] AND target_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER forum_posts_close_reports AFTER DELETE ON forum_posts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reports_close_for_deleted('post');
--> statement-breakpoint
CREATE TRIGGER forum_replies_close_reports AFTER DELETE ON forum_replies
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reports_close_for_deleted('reply');
--> statement-breakpoint
CREATE TRIGGER messages_close_reports AFTER DELETE ON messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reports_close_for_deleted('message');
--> statement-breakpoint
DROP INDEX "forum_replies_post_created_idx";--> statement-breakpoint
CREATE INDEX "forum_replies_post_created_idx" ON "forum_replies" USING btree ("post_id","created_at","id");
