import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { eventGuests, events } from './events';
import { profiles } from './profiles';

/** Members an admin made door staff for one event: they may open its door screen and admit
 * people, and see nothing else of the admin area. */
export const eventDoorStaff = pgTable(
  'event_door_staff',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_door_staff_user_idx').on(t.userId)],
);

/** One admission at the door. `ticket` is `member:<user id>` or `guest:<guest id>`, unique per
 * event: the first scan to reach the database admits, every later one (another device, a queued
 * offline scan) is told who admitted it and when. Undo deletes the row (the audit log keeps it). */
export const eventCheckIns = pgTable(
  'event_check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    ticket: text('ticket').notNull(),
    // The member admitted, or the member who brought the guest.
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id').references(() => eventGuests.id, { onDelete: 'cascade' }),
    // When the door scanned it (an offline scan keeps its own time), and which device.
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    device: text('device').notNull(),
    checkedInBy: text('checked_in_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_check_ins_ticket_idx').on(t.eventId, t.ticket),
    index('event_check_ins_user_idx').on(t.userId),
    index('event_check_ins_guest_idx').on(t.guestId),
    // Who came lately (the Insights tab's members active in the last 30 days).
    index('event_check_ins_checked_in_at_idx').on(t.checkedInAt),
  ],
);
