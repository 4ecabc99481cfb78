import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';

/** What a member wants by e-mail; no row means the defaults (everything on). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  eventReminders: boolean('event_reminders').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  connectionRequests: boolean('connection_requests').notNull().default(true),
  forumReplies: boolean('forum_replies').notNull().default(true),
  morningAfter: boolean('morning_after').notNull().default(true),
  // The rating links after an event (issue 34): in the morning-after mail, or a mail of their own.
  feedback: boolean('feedback').notNull().default(true),
  // Announcements from the organisers (issue 35).
  communityNews: boolean('community_news').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each notification e-mail: what it covered (`subject` is the conversation partner, the
 * requester or the forum post) up to which item's time. The next one for the same subject waits
 * an hour and covers only what came after; the unique key stops two sweeps sending one twice. */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    itemCount: integer('item_count').notNull(),
    coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notification_sends_once_idx').on(t.userId, t.kind, t.subject, t.coveredUntil),
    index('notification_sends_recent_idx').on(t.userId, t.kind, t.subject, t.sentAt.desc()),
  ],
);
