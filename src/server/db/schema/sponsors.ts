import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';

export const sponsors = pgTable(
  'sponsors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    info: text('info'),
    logoUrl: text('logo_url'),
    website: text('website'),
    level: text('level').notNull().default('Event Sponsor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sponsors_level_check', sql`${t.level} in ('Title Sponsor', 'Event Sponsor')`),
    index('sponsors_name_idx').on(t.name),
  ],
);

export const eventSponsors = pgTable(
  'event_sponsors',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sponsorId: uuid('sponsor_id')
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.sponsorId] }), index('event_sponsors_sponsor_idx').on(t.sponsorId)],
);
