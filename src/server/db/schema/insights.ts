import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { profiles } from './profiles';

// The organisers' figures kept as they change (issue 34, migration 0019): counting a million
// registrations for every Insights page took seconds. Kept by statement triggers and by
// `insights_catch_up(now)` (features/insights/snapshot.ts); see decision 038.

/** The moment the snapshot below counts events as ended at: "came" means at an event that
 * ended by then. Moved by `insights_catch_up`, which recounts the events whose end it passes. */
export const insightsState = pgTable(
  'insights_state',
  {
    id: smallint('id').primaryKey().default(1),
    asOf: timestamp('as_of', { withTimezone: true }).notNull(),
  },
  (t) => [check('insights_state_one_row_check', sql`${t.id} = 1`)],
);

/** Each past event's door (ended by `as_of`, not cancelled): attending, who came, the no-shows
 * (null where no check-in was used), the guests and the first-timers, as shared/insights.ts
 * defines them. */
export const insightsEvents = pgTable(
  'insights_events',
  {
    eventId: uuid('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    attending: integer('attending').notNull(),
    came: integer('came').notNull(),
    noShows: integer('no_shows'),
    guests: integer('guests').notNull(),
    /** Members whose first past event this was. */
    firstTimers: integer('first_timers').notNull().default(0),
  },
  (t) => [index('insights_events_start_idx').on(t.startTime)],
);

/** Each member who came to at least one past event: the first (a tie on the start broken by
 * the event id), the start of the next one after it, how many, and the starts of the latest
 * five, oldest first (a period's "events attended" is how many of them fall in it: one
 * width_bucket, without reading the history again). */
export const insightsMembers = pgTable(
  'insights_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    firstEventId: uuid('first_event_id').notNull(),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    secondAt: timestamp('second_at', { withTimezone: true }),
    came: integer('came').notNull(),
    recent: timestamp('recent', { withTimezone: true }).array().notNull(),
  },
  (t) => [
    index('insights_members_first_idx').on(t.firstAt),
    index('insights_members_first_event_idx').on(t.firstEventId),
  ],
);

/** Offers and asks grouped by their terms as a sorted set (`offers_and_asks.term_key`): how
 * many members, and the text most of them typed. */
export const offerAskGroups = pgTable(
  'offer_ask_groups',
  {
    // An id of its own: a table announces its changes by its id columns (db/change-triggers.ts).
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').array().notNull(),
    members: integer('members').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('offer_ask_groups_kind_key_idx').on(t.kind, t.key)],
);

/** Each member's latest sign of life (a session made or refreshed, a registration, a check-in,
 * a rating, a message, a forum post or reply), kept by triggers: "active in the last 30 days"
 * counts an index range instead of six tables. */
export const memberActivity = pgTable(
  'member_activity',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_activity_last_idx').on(t.lastActiveAt)],
);
