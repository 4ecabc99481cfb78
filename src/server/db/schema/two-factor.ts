import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** A member's authenticator-app secret (features/two-factor). `confirmed_at` is null while
 * the member has scanned it but not yet typed a code from it: two-step sign-in is on only once
 * it is set. `last_used_step` is the 30-second step of the last code accepted, so a code
 * (and any earlier one) works once (RFC 6238 §5.2). */
export const twoFactor = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** AES-256-GCM with this install's own key (platform/signing-keys.ts), base64url. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten single-use codes per member, kept as SHA-256 digests: a used one is deleted. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** A sign-in whose password was right, waiting for its second step: the browser holds the
 * token in a cookie (only its digest is here) for ten minutes and five codes. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_challenges_expires_idx').on(t.expiresAt), index('sign_in_challenges_user_idx').on(t.userId)],
);
