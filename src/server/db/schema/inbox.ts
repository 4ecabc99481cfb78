import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Messages sent through the contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
);

/** The landing page's "who do you want to meet" requests, for the organisers. */
export const introductionRequests = pgTable(
  'introduction_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    wantsToMeet: text('wants_to_meet').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('introduction_requests_created_idx').on(t.createdAt.desc())],
);

/** Every e-mail is written here first, in the same transaction as what caused it, so a
 * crash never loses one; it is then delivered over SMTP, or kept for /dev/mailbox. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments:
      jsonb('attachments').$type<
        { filename: string; contentType: string; content: string; encoding?: 'base64' | 'qr'; cid?: string }[]
      >(),
    /** Extra header lines (List-Unsubscribe on notification mail). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A pending mail is not tried again before this (backoff after a temporary SMTP failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed', 'captured')`),
    index('email_outbox_created_idx').on(t.createdAt.desc()),
    index('email_outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Fixed-window counters shared by every server process (per client IP and action). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Everything that runs later or repeatedly (platform/jobs.ts): one row per run. A recurring job
 * gets one row per period, keyed by the period's start, so however many processes offer it, the
 * unique (name, key) lets one row exist and `FOR UPDATE SKIP LOCKED` lets one process run it. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** A recurring job's period start (ISO), or a one-off job's own key. */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status').notNull().default('scheduled'),
    /** Not before this: the period's start, or the next try after a failure. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The process running it, and until when its claim holds (then another takes it over). */
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastError: text('last_error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in ('scheduled', 'running', 'done', 'failed')`),
    uniqueIndex('jobs_name_key_idx').on(t.name, t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} in ('scheduled', 'running')`),
    index('jobs_name_run_at_idx').on(t.name, t.runAt.desc()),
  ],
);

/** Secrets this install made for itself (the unsubscribe links' signing key): random per
 * install, shared by every process through the database, never in configuration. */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per open event stream, refreshed while it stays open: a member with no row seen in
 * the last minutes is away, and gets their notifications by e-mail. */
export const memberPresence = pgTable(
  'member_presence',
  {
    streamId: uuid('stream_id').primaryKey(),
    userId: text('user_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_presence_user_seen_idx').on(t.userId, t.seenAt)],
);
