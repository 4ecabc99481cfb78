import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { profiles } from './profiles';

/** How an event went, in the words of someone who came (issue 34): one answer per member and
 * event, changed by a later tap or edit while the window is open (shared/feedback.ts). The name
 * shows to the organisers only when the member chose so. */
export const eventFeedback = pgTable(
  'event_feedback',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    showName: boolean('show_name').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    check('event_feedback_rating_check', sql`${t.rating} between 1 and 5`),
    index('event_feedback_user_idx').on(t.userId),
  ],
);
