import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';

/** A member's private calendar address: the token is the whole secret (regenerating replaces it). */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An event deleted while a member was registered stays in their calendar feed as
 * STATUS:CANCELLED (the event row is gone), until it would have ended a month ago. */
export const calendarCancellations = pgTable(
  'calendar_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    name: text('name').notNull(),
    summary: text('summary'),
    location: text('location'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    sequence: integer('sequence').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_cancellations_user_event_idx').on(t.userId, t.eventId)],
);
