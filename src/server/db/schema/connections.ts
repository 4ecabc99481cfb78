import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { profiles } from './profiles';

export const connections = pgTable(
  'connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status').$type<'pending' | 'accepted' | 'rejected'>().notNull().default('pending'),
    // Set when both scanned in at this event: the connection reads "met at {event}".
    metAtEventId: uuid('met_at_event_id').references(() => events.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('connections_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
    check('connections_not_self_check', sql`${t.requesterId} <> ${t.recipientId}`),
    // One row per pair of members, whichever of them asked.
    uniqueIndex('connections_pair_idx').on(
      sql`least(${t.requesterId}, ${t.recipientId})`,
      sql`greatest(${t.requesterId}, ${t.recipientId})`,
    ),
    index('connections_recipient_status_idx').on(t.recipientId, t.status, t.createdAt.desc()),
    index('connections_requester_status_idx').on(t.requesterId, t.status),
    // Requests still waiting, newest last (the notification e-mails' minute sweep).
    index('connections_pending_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
