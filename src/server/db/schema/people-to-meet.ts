import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { profiles } from './profiles';
import { tsvector, weightedDocument } from './search-vector';

/** What a member offers and what they are looking for: up to 3 of each, in the member's words.
 * `terms` is what matching compares: the words' English stems with the community's synonyms
 * folded to one token ("GC" and "general contractor" both become `generalcontractor`), made by
 * features/members/offers-asks.ts when the item is saved. */
export const offersAndAsks = pgTable(
  'offers_and_asks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    terms: text('terms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: smallint('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The terms as a sorted set: the item's group in the organisers' insights (offer_ask_groups).
    termKey: text('term_key')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`offer_ask_key(terms)`),
    // One search finds a member by what they offer or look for ("SBA loans").
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() => weightedDocument({ B: ['text'] })),
  },
  (t) => [
    index('offers_and_asks_search_vector_idx').using('gin', t.searchVector),
    check('offers_and_asks_kind_check', sql`${t.kind} in ('offer', 'ask')`),
    check('offers_and_asks_position_check', sql`${t.position} between 0 and 2`),
    uniqueIndex('offers_and_asks_user_kind_position_idx').on(t.userId, t.kind, t.position),
    // The directory's "Offers" and "Looking for" filters at 100,000 members.
    index('offers_and_asks_terms_idx').using('gin', t.terms),
    index('offers_and_asks_text_trgm_idx').using('gin', sql`lower(${t.text}) gin_trgm_ops`),
    index('offers_and_asks_kind_key_idx').on(t.kind, t.termKey),
  ],
);

/** A member's personal scan-to-connect code: the token is the whole secret, regenerating
 * replaces it (the old one stops working). */
export const connectCodes = pgTable('connect_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each morning-after e-mail: one per event and member, whoever's sweep gets there first. */
export const morningAfterSends = pgTable(
  'morning_after_sends',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // 'skipped': the member had turned these e-mails off when it was due.
    status: text('status').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    check('morning_after_sends_status_check', sql`${t.status} in ('sent', 'skipped')`),
    index('morning_after_sends_user_idx').on(t.userId),
  ],
);
