import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A departed member's sent messages stay readable by the other side (sender shown as a
    // former member); what was sent to them goes with their account.
    senderId: text('sender_id').references(() => profiles.id, { onDelete: 'set null' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    // Deleting hides a message from one side only, like e-mail; the other keeps theirs.
    senderDeletedAt: timestamp('sender_deleted_at', { withTimezone: true }),
    recipientDeletedAt: timestamp('recipient_deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('messages_not_self_check', sql`${t.senderId} <> ${t.recipientId}`),
    index('messages_recipient_created_idx').on(t.recipientId, t.createdAt),
    // One conversation seen from either side (a thread, marking it read), and everything a
    // member sent (the inbox) by its first column.
    index('messages_conversation_idx').on(t.senderId, t.recipientId, t.subject),
    // The unread badge: count where recipient is the member and read_at is empty.
    // What arrived lately and is still unread (the notification e-mails' minute sweep).
    index('messages_unread_created_idx')
      .on(t.createdAt)
      .where(sql`${t.readAt} is null and ${t.recipientDeletedAt} is null`),
    index('messages_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null and ${t.recipientDeletedAt} is null`),
  ],
);
