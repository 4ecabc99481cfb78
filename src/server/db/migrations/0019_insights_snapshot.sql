-- The organisers' figures kept as the rows change (issue 34; decision 038): the Insights page
-- read a million registrations each time. The terms of an offer or ask as a sorted set are its
-- group: immutable, so it can be a stored generated column.
CREATE FUNCTION offer_ask_key(terms text[]) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT t COLLATE "C" ORDER BY t COLLATE "C"), '{}') FROM unnest(terms) t
$$;
--> statement-breakpoint
CREATE TABLE "insights_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"attending" integer NOT NULL,
	"came" integer NOT NULL,
	"no_shows" integer,
	"guests" integer NOT NULL,
	"first_timers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"first_event_id" uuid NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"second_at" timestamp with time zone,
	"came" integer NOT NULL,
	"recent" timestamp with time zone[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	CONSTRAINT "insights_state_one_row_check" CHECK ("insights_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "member_activity" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_active_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offer_ask_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text[] NOT NULL,
	"members" integer NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "offers_and_asks" ADD COLUMN "term_key" text[] GENERATED ALWAYS AS (offer_ask_key(terms)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "insights_events" ADD CONSTRAINT "insights_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_members" ADD CONSTRAINT "insights_members_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_activity" ADD CONSTRAINT "member_activity_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_events_start_idx" ON "insights_events" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "insights_members_first_idx" ON "insights_members" USING btree ("first_at");--> statement-breakpoint
CREATE INDEX "insights_members_first_event_idx" ON "insights_members" USING btree ("first_event_id");--> statement-breakpoint
CREATE INDEX "member_activity_last_idx" ON "member_activity" USING btree ("last_active_at");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_ask_groups_kind_key_idx" ON "offer_ask_groups" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "offers_and_asks_kind_key_idx" ON "offers_and_asks" USING btree ("kind","term_key");--> statement-breakpoint
-- Who came to what as of the snapshot's moment: checked in, or attending where the event used no
-- check-in at all; a cancelled event never counts (shared/insights.ts defines the words).
CREATE VIEW insights_came AS
  SELECT c.user_id, e.id AS event_id, e.start_time
  FROM event_check_ins c JOIN events e ON e.id = c.event_id
  WHERE c.guest_id IS NULL AND e.cancelled_at IS NULL AND e.end_time <= (SELECT as_of FROM insights_state WHERE id = 1)
  UNION ALL
  SELECT a.user_id, e.id, e.start_time
  FROM event_attendees a JOIN events e ON e.id = a.event_id
  WHERE a.status = 'attending' AND e.cancelled_at IS NULL AND e.end_time <= (SELECT as_of FROM insights_state WHERE id = 1)
    AND NOT EXISTS (SELECT 1 FROM event_check_ins c WHERE c.event_id = e.id);
--> statement-breakpoint
-- These past events' doors counted again (null: every event). Planned for the ids given (EXECUTE):
-- a few events go by their indexes, all of them by hash joins.
CREATE FUNCTION insights_refresh_events(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL THEN DELETE FROM insights_events; ELSE DELETE FROM insights_events WHERE event_id IN (SELECT unnest(ids)); END IF;
  EXECUTE format($q$
    INSERT INTO insights_events (event_id, start_time, attending, came, no_shows, guests, first_timers)
    WITH ev AS (
      SELECT e.id, e.start_time FROM events e
      WHERE %s e.cancelled_at IS NULL AND e.end_time <= (SELECT as_of FROM insights_state WHERE id = 1)
    ),
    registered AS (
      SELECT a.event_id, count(*) AS attending, count(*) FILTER (WHERE ck.ticket IS NULL) AS not_in
      FROM ev JOIN event_attendees a ON a.event_id = ev.id AND a.status = 'attending'
      LEFT JOIN event_check_ins ck ON ck.event_id = a.event_id AND ck.ticket = 'member:' || a.user_id
      GROUP BY a.event_id
    ),
    door AS (
      SELECT c.event_id, count(*) FILTER (WHERE c.guest_id IS NULL) AS members_in, count(c.guest_id) AS guests_in
      FROM ev JOIN event_check_ins c ON c.event_id = ev.id GROUP BY c.event_id
    ),
    guests AS (SELECT g.event_id, count(*) AS guests FROM ev JOIN event_guests g ON g.event_id = ev.id GROUP BY g.event_id),
    firsts AS (
      SELECT m.first_event_id, count(*) AS n FROM ev JOIN insights_members m ON m.first_event_id = ev.id GROUP BY 1
    )
    SELECT ev.id, ev.start_time, coalesce(r.attending, 0),
      CASE WHEN d.event_id IS NULL THEN coalesce(r.attending, 0) ELSE d.members_in END,
      CASE WHEN d.event_id IS NOT NULL THEN coalesce(r.not_in, 0) END,
      CASE WHEN d.event_id IS NULL THEN coalesce(g.guests, 0) ELSE d.guests_in END,
      coalesce(f.n, 0)
    FROM ev
    LEFT JOIN registered r ON r.event_id = ev.id
    LEFT JOIN door d ON d.event_id = ev.id
    LEFT JOIN guests g ON g.event_id = ev.id
    LEFT JOIN firsts f ON f.first_event_id = ev.id
    ON CONFLICT (event_id) DO UPDATE SET start_time = excluded.start_time, attending = excluded.attending,
      came = excluded.came, no_shows = excluded.no_shows, guests = excluded.guests, first_timers = excluded.first_timers
    $q$, CASE WHEN ids IS NULL THEN '' ELSE 'e.id IN (SELECT unnest($1)) AND' END) USING ids;
END $$;
--> statement-breakpoint
-- These members' past events counted again (null: every member): the first (a tie on the start
-- broken by the event id), the next start after it, how many, the latest five starts (oldest first); then the
-- first-timer counts of the events they were first at, before and after.
CREATE FUNCTION insights_refresh_members(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  firsts uuid[];
BEGIN
  IF ids IS NULL THEN
    DELETE FROM insights_members;
  ELSE
    firsts := array(SELECT first_event_id FROM insights_members WHERE user_id IN (SELECT unnest(ids)));
    DELETE FROM insights_members WHERE user_id IN (SELECT unnest(ids));
  END IF;
  EXECUTE format($q$
    INSERT INTO insights_members (user_id, first_event_id, first_at, second_at, came, recent)
    WITH came AS (SELECT * FROM insights_came c WHERE %s EXISTS (SELECT 1 FROM profiles p WHERE p.id = c.user_id)),
    firsts AS (SELECT user_id, min(start_time) AS first_at FROM came GROUP BY user_id)
    SELECT user_id, first_event_id, first_at, second_at, came, array(SELECT t FROM unnest(latest) t ORDER BY t)
    FROM (
      SELECT c.user_id, (min(c.event_id::text) FILTER (WHERE c.start_time = f.first_at))::uuid AS first_event_id, f.first_at,
        min(c.start_time) FILTER (WHERE c.start_time > f.first_at) AS second_at, count(*)::int AS came,
        (array_agg(c.start_time ORDER BY c.start_time DESC))[1:5] AS latest
      FROM came c JOIN firsts f ON f.user_id = c.user_id
      GROUP BY c.user_id, f.first_at
    ) m
    ON CONFLICT (user_id) DO UPDATE SET first_event_id = excluded.first_event_id, first_at = excluded.first_at,
      second_at = excluded.second_at, came = excluded.came, recent = excluded.recent
    $q$, CASE WHEN ids IS NULL THEN '' ELSE 'c.user_id IN (SELECT unnest($1)) AND' END) USING ids;
  IF ids IS NULL THEN RETURN; END IF;
  firsts := firsts || array(SELECT first_event_id FROM insights_members WHERE user_id IN (SELECT unnest(ids)));
  UPDATE insights_events i SET first_timers = n.first_timers
  FROM (
    SELECT f.id, (SELECT count(*) FROM insights_members m WHERE m.first_event_id = f.id)::int AS first_timers
    FROM (SELECT DISTINCT unnest(firsts) AS id) f
  ) n
  WHERE i.event_id = n.id AND i.first_timers <> n.first_timers;
END $$;
--> statement-breakpoint
-- Everyone at these events: their rows change when the event's door does (its first check-in
-- turns "attending" into "checked in").
CREATE FUNCTION insights_people_at(ids uuid[]) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT user_id), '{}') FROM (
    SELECT user_id FROM event_attendees WHERE event_id IN (SELECT unnest(ids))
    UNION ALL
    SELECT user_id FROM event_check_ins WHERE event_id IN (SELECT unnest(ids)) AND guest_id IS NULL AND user_id IS NOT NULL
  ) p
$$;
--> statement-breakpoint
-- Moves the snapshot to `moment`: the events whose end lies between the two moments (either way)
-- are counted again, with everyone at them. Nothing is written when no end lies between, so an
-- idle community's reads write nothing. Returns whether it moved.
CREATE FUNCTION insights_catch_up(moment timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  before timestamptz;
  crossed uuid[];
BEGIN
  SELECT as_of INTO before FROM insights_state WHERE id = 1 FOR UPDATE;
  IF before = moment THEN RETURN false; END IF;
  crossed := array(SELECT id FROM events WHERE end_time > least(before, moment) AND end_time <= greatest(before, moment));
  IF cardinality(crossed) = 0 THEN RETURN false; END IF;
  UPDATE insights_state SET as_of = moment WHERE id = 1;
  PERFORM insights_refresh_events(crossed);
  PERFORM insights_refresh_members(insights_people_at(crossed));
  RETURN true;
END $$;
--> statement-breakpoint
-- Everything again, as of `moment` (the migration; a data set filled with triggers off).
CREATE FUNCTION insights_rebuild(moment timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insights_state (id, as_of) VALUES (1, moment) ON CONFLICT (id) DO UPDATE SET as_of = moment;
  -- Members first: each event's first-timers are counted from them.
  PERFORM insights_refresh_members(null);
  PERFORM insights_refresh_events(null);
  DELETE FROM member_activity;
  INSERT INTO member_activity (user_id, last_active_at)
  SELECT user_id, max(at) FROM (
    SELECT user_id, updated_at AS at FROM session
    UNION ALL SELECT user_id, created_at FROM event_attendees
    UNION ALL SELECT user_id, checked_in_at FROM event_check_ins WHERE guest_id IS NULL
    UNION ALL SELECT user_id, updated_at FROM event_feedback
    UNION ALL SELECT sender_id, created_at FROM messages WHERE sender_id IS NOT NULL
    UNION ALL SELECT author_id, created_at FROM forum_posts WHERE author_id IS NOT NULL
    UNION ALL SELECT author_id, created_at FROM forum_replies WHERE author_id IS NOT NULL
  ) a
  WHERE user_id IN (SELECT id FROM profiles)
  GROUP BY user_id;
  DELETE FROM offer_ask_groups;
  INSERT INTO offer_ask_groups (kind, key, members, label)
  SELECT kind, term_key, count(DISTINCT user_id)::int, mode() WITHIN GROUP (ORDER BY text COLLATE "C")
  FROM offers_and_asks WHERE cardinality(term_key) > 0
  GROUP BY kind, term_key;
END $$;
--> statement-breakpoint
SELECT insights_rebuild(now());
--> statement-breakpoint
-- A change at the door of an event that ended by the snapshot's moment (or of one being deleted)
-- counts that event and its people again; a change at any other event is counted when it ends
-- (insights_catch_up). The state row is read FOR KEY SHARE, as a foreign key check reads its
-- row: a catch-up (FOR UPDATE) waits for this write to commit before it counts, and writes never
-- wait for each other. TG_ARGV[0] names the table.
CREATE FUNCTION insights_door_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moment timestamptz;
  ids uuid[];
BEGIN
  SELECT as_of INTO moment FROM insights_state WHERE id = 1 FOR KEY SHARE;
  ids := array(
    SELECT DISTINCT c.event_id FROM changed c LEFT JOIN events e ON e.id = c.event_id
    WHERE e.id IS NULL OR e.end_time <= moment);
  IF cardinality(ids) = 0 THEN RETURN NULL; END IF;
  PERFORM insights_refresh_events(ids);
  IF TG_ARGV[0] = 'attendees' THEN
    PERFORM insights_refresh_members(array(SELECT user_id FROM changed WHERE event_id IN (SELECT unnest(ids))));
  ELSIF TG_ARGV[0] = 'check_ins' THEN
    -- The event's first check-in (or its last, removed) changes who came for everyone there.
    PERFORM insights_refresh_members(insights_people_at(ids)
      || array(SELECT user_id FROM changed WHERE user_id IS NOT NULL AND event_id IN (SELECT unnest(ids))));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_attendees_inserted AFTER INSERT ON event_attendees
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights_door_changed('attendees');
--> statement-breakpoint
CREATE TRIGGER insights_attendees_updated_old AFTER UPDATE ON event_attendees
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights_door_changed('attendees');
--> statement-breakpoint
CREATE TRIGGER insights_attendees_updated_new AFTER UPDATE ON event_attendees
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights_door_changed('attendees');
--> statement-breakpoint
CREATE TRIGGER insights_attendees_deleted AFTER DELETE ON event_attendees
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights_door_changed('attendees');
--> statement-breakpoint
CREATE TRIGGER insights_check_ins_inserted AFTER INSERT ON event_check_ins
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights_door_changed('check_ins');
--> statement-breakpoint
CREATE TRIGGER insights_check_ins_updated AFTER UPDATE ON event_check_ins
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights_door_changed('check_ins');
--> statement-breakpoint
CREATE TRIGGER insights_check_ins_deleted AFTER DELETE ON event_check_ins
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights_door_changed('check_ins');
--> statement-breakpoint
CREATE TRIGGER insights_guests_inserted AFTER INSERT ON event_guests
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights_door_changed('guests');
--> statement-breakpoint
CREATE TRIGGER insights_guests_deleted AFTER DELETE ON event_guests
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights_door_changed('guests');
--> statement-breakpoint
-- A past event made, moved or cancelled (or uncancelled): counted again with its people. Only
-- the columns the figures read; an edit of the description changes nothing here.
CREATE FUNCTION insights_event_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moment timestamptz;
  ids uuid[];
BEGIN
  SELECT as_of INTO moment FROM insights_state WHERE id = 1 FOR KEY SHARE;
  IF TG_OP = 'INSERT' THEN
    ids := array(SELECT id FROM new_rows WHERE end_time <= moment);
  ELSE
    ids := array(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.end_time <= moment OR o.end_time <= moment)
        AND (n.start_time, n.end_time, n.cancelled_at) IS DISTINCT FROM (o.start_time, o.end_time, o.cancelled_at));
  END IF;
  IF cardinality(ids) = 0 THEN RETURN NULL; END IF;
  PERFORM insights_refresh_events(ids);
  PERFORM insights_refresh_members(insights_people_at(ids));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER insights_events_inserted AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_event_changed();
--> statement-breakpoint
CREATE TRIGGER insights_events_updated AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_event_changed();
--> statement-breakpoint
-- An offer or ask saved, changed or removed: its group (and the one it left) counted again.
CREATE FUNCTION offer_ask_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM offer_ask_groups g USING (SELECT DISTINCT kind, term_key FROM changed) k
  WHERE g.kind = k.kind AND g.key = k.term_key;
  INSERT INTO offer_ask_groups (kind, key, members, label)
  SELECT o.kind, o.term_key, count(DISTINCT o.user_id)::int, mode() WITHIN GROUP (ORDER BY o.text COLLATE "C")
  FROM offers_and_asks o JOIN (SELECT DISTINCT kind, term_key FROM changed) k ON o.kind = k.kind AND o.term_key = k.term_key
  WHERE cardinality(o.term_key) > 0
  GROUP BY o.kind, o.term_key
  ON CONFLICT (kind, key) DO UPDATE SET members = excluded.members, label = excluded.label;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER offer_ask_groups_inserted AFTER INSERT ON offers_and_asks
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offer_ask_groups_changed();
--> statement-breakpoint
CREATE TRIGGER offer_ask_groups_updated_old AFTER UPDATE ON offers_and_asks
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offer_ask_groups_changed();
--> statement-breakpoint
CREATE TRIGGER offer_ask_groups_updated_new AFTER UPDATE ON offers_and_asks
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offer_ask_groups_changed();
--> statement-breakpoint
CREATE TRIGGER offer_ask_groups_deleted AFTER DELETE ON offers_and_asks
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION offer_ask_groups_changed();
--> statement-breakpoint
-- A member's sign of life: TG_ARGV names the member's column, the moment's column, and a
-- condition on the row (a guest's check-in is not the member's). Only a later moment writes.
CREATE FUNCTION member_activity_seen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO member_activity (user_id, last_active_at)
     SELECT c.%1$I, max(c.%2$I) FROM changed c
     WHERE c.%1$I IS NOT NULL AND %3$s AND EXISTS (SELECT 1 FROM profiles p WHERE p.id = c.%1$I)
     GROUP BY c.%1$I
     ON CONFLICT (user_id) DO UPDATE SET last_active_at = excluded.last_active_at
     WHERE excluded.last_active_at > member_activity.last_active_at',
    TG_ARGV[0], TG_ARGV[1], coalesce(TG_ARGV[2], 'true'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_activity_session_inserted AFTER INSERT ON session
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_activity_seen('user_id', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER member_activity_session_updated AFTER UPDATE ON session
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_activity_seen('user_id', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER member_activity_attendees AFTER INSERT ON event_attendees
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_activity_seen('user_id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER member_activity_check_ins AFTER INSERT ON event_check_ins
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_activity_seen('user_id', 'checked_in_at', 'c.guest_id IS NULL');
--> statement-breakpoint
CREATE TRIGGER member_activity_feedback_inserted AFTER INSERT ON event_feedback
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_activity_seen('user_id', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER member_activity_feedback_updated AFTER UPDATE ON event_feedback
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_activity_seen('user_id', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER member_activity_messages AFTER INSERT ON messages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_activity_seen('sender_id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER member_activity_forum_posts AFTER INSERT ON forum_posts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_activity_seen('author_id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER member_activity_forum_replies AFTER INSERT ON forum_replies
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION member_activity_seen('author_id', 'created_at');
