import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per open event stream, refreshed while it stays open: a member with no row seen in
 * the last minutes is away, and gets their notifications by e-mail. */
export const memberPresence = pgTable(
  'member_presence',
  {
    streamId: uuid('stream_id').primaryKey(),
    userId: text('user_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_presence_user_seen_idx').on(t.userId, t.seenAt)],
);
