-- A ticket's short code, printed under its QR image and typed at the door by hand: 8 characters
-- from 31 that no one mistakes for another (no 0/O, no 1/I/L), drawn from gen_random_uuid()'s
-- random bytes, about 40 bits.
CREATE FUNCTION ticket_short_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  code text := '';
  bytes bytea;
  b int;
BEGIN
  WHILE length(code) < 8 LOOP
    bytes := uuid_send(gen_random_uuid());
    FOR i IN 0..15 LOOP
      -- Bytes 6 and 8 hold the UUID's version and variant bits; the other 14 are random.
      CONTINUE WHEN i IN (6, 8);
      b := get_byte(bytes, i);
      -- Bytes from 248 (8 x 31) up would favour the first characters: drawn again instead.
      IF b < 248 AND length(code) < 8 THEN
        code := code || substr(alphabet, b % 31 + 1, 1);
      END IF;
    END LOOP;
  END LOOP;
  RETURN code;
END $$;
--> statement-breakpoint
-- Unique within the event across members' and guests' tickets: a code another ticket of the
-- event holds is drawn again, so every insert (registration, guests, the seed) gets one. The
-- unique indexes below stand behind it for two inserts racing with the same draw.
-- Not across the two tables: a member's and a guest's ticket inserted at once with the same code
-- (1 in 31^8, about 2^40) is a race we accept; the door then admits the first it finds.
CREATE FUNCTION ticket_short_code_unique() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WHILE NEW.short_code IS NULL
    OR EXISTS (SELECT 1 FROM event_attendees a
      WHERE a.event_id = NEW.event_id AND a.short_code = NEW.short_code AND a.id <> NEW.id)
    OR EXISTS (SELECT 1 FROM event_guests g
      WHERE g.event_id = NEW.event_id AND g.short_code = NEW.short_code AND g.id <> NEW.id)
  LOOP
    NEW.short_code := ticket_short_code();
  END LOOP;
  RETURN NEW;
END $$;
--> statement-breakpoint
ALTER TABLE "event_attendees" ADD COLUMN "short_code" text;--> statement-breakpoint
ALTER TABLE "event_guests" ADD COLUMN "short_code" text;--> statement-breakpoint
-- Before the backfill, so the trigger's look-ups use them (codes not yet drawn, NULL, never collide).
CREATE UNIQUE INDEX "event_attendees_event_short_code_idx" ON "event_attendees" USING btree ("event_id","short_code");--> statement-breakpoint
CREATE UNIQUE INDEX "event_guests_event_short_code_idx" ON "event_guests" USING btree ("event_id","short_code");--> statement-breakpoint
CREATE TRIGGER event_attendees_short_code BEFORE INSERT OR UPDATE OF short_code ON event_attendees
  FOR EACH ROW EXECUTE FUNCTION ticket_short_code_unique();
--> statement-breakpoint
CREATE TRIGGER event_guests_short_code BEFORE INSERT OR UPDATE OF short_code ON event_guests
  FOR EACH ROW EXECUTE FUNCTION ticket_short_code_unique();
--> statement-breakpoint
-- Tickets issued before this migration get their codes now (the trigger keeps them unique).
UPDATE "event_attendees" SET "short_code" = ticket_short_code();--> statement-breakpoint
UPDATE "event_guests" SET "short_code" = ticket_short_code();--> statement-breakpoint
ALTER TABLE "event_attendees" ALTER COLUMN "short_code" SET DEFAULT ticket_short_code();--> statement-breakpoint
ALTER TABLE "event_attendees" ALTER COLUMN "short_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "event_guests" ALTER COLUMN "short_code" SET DEFAULT ticket_short_code();--> statement-breakpoint
ALTER TABLE "event_guests" ALTER COLUMN "short_code" SET NOT NULL;--> statement-breakpoint
-- What ticket_short_code() draws: 8 characters of its alphabet (shared/check-in-texts.ts).
ALTER TABLE "event_attendees" ADD CONSTRAINT "event_attendees_short_code_check" CHECK ("short_code" ~ '^[2-9A-HJKMNP-Z]{8}$');--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_short_code_check" CHECK ("short_code" ~ '^[2-9A-HJKMNP-Z]{8}$');
