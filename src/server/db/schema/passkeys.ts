import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** A member's passkeys (features/passkeys): WebAuthn credentials that sign in without the
 * password and second step. `id` is the credential's id and `public_key` its COSE key, both
 * base64url; `counter` is the authenticator's signature count (0 for most synced passkeys). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (`internal`, `hybrid`, `usb`...), comma-separated. */
    transports: text('transports').notNull().default(''),
    /** Synced between the member's devices (a passkey manager) rather than bound to one. */
    backedUp: boolean('backed_up').notNull().default(false),
    /** What the member sees in the list: the browser and system it was added from. */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** A WebAuthn challenge handed out and not yet answered: taken (deleted) by the answer that
 * carries it, so each works once, within five minutes. `user_id` is the member adding a passkey
 * or proving it is them; null for a sign-in, where the passkey names its member. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
