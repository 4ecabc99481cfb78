import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RecurrenceRule } from '../../../shared/recurrence';
import type { SeriesTemplate } from '../../../shared/series';
import { profiles } from './profiles';

/** A repeating event (issue 33): the rule, the wall-clock time in SITE_TIMEZONE and the values
 * every new date is made with. Each date is an `events` row of its own (series_id, series_date);
 * `generated_until` is how far ahead dates have been made (the horizon job moves it). */
export const eventSeries = pgTable(
  'event_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rule: jsonb('rule').$type<RecurrenceRule>().notNull(),
    /** The first date the rule counts from (wall calendar, SITE_TIMEZONE). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** `HH:MM`, wall clock: 18:00 stays 6 PM across the clock changes. */
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The event form's values (name, summary, place, capacity, sponsors...) for new dates. */
    template: jsonb('template').$type<SeriesTemplate>().notNull(),
    /** Dates exist up to and including this day (or the rule's end, when sooner). */
    generatedUntil: date('generated_until', { mode: 'string' }).notNull(),
    /** Set when an admin ends the series: no new dates are made. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_series_duration_check', sql`${t.durationMinutes} > 0 and ${t.durationMinutes} <= 10080`),
    check('event_series_start_time_check', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** "Register for every date": each new date registers these members (attending, or the
 * waitlist when full), without one e-mail per date. */
export const seriesMembers = pgTable(
  'series_members',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => eventSeries.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] }), index('series_members_user_idx').on(t.userId)],
);
