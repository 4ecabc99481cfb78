import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets this install made for itself (the unsubscribe links' signing key): random per
 * install, shared by every process through the database, never in configuration. */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
