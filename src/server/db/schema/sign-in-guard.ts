import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Failed sign-ins per account, keyed by the lowercased e-mail typed (also for e-mails that
 * have no account, so the answer reveals nothing). Past a few failures, sign-ins from addresses
 * the account never used are refused until `blocked_until` (platform/sign-in-guard.ts). Second
 * proofs on an account (two-step codes) are counted here too, keyed `purpose:userId`. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_failures_last_failure_idx').on(t.lastFailureAt)],
);

/** Client addresses that signed in to an account successfully (or completed its password
 * reset): they are never held back by that account's failures. */
export const knownSignInIps = pgTable(
  'known_sign_in_ips',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] }), index('known_sign_in_ips_last_seen_idx').on(t.lastSeenAt)],
);

/** Browsers a member signed in from, by the digest of the long-lived `pm_browser` cookie they
 * hold: a sign-in from one not listed here e-mails the member (platform/known-browsers.ts). */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    browserHash: text('browser_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browserHash] }), index('known_browsers_last_seen_idx').on(t.lastSeenAt)],
);
