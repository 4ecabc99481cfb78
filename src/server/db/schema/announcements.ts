import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { profiles } from './profiles';

/** An organiser's message to the members (issue 35): written once, sent by e-mail to the audience
 * it names (shared/announcements.ts), and kept in the news archive (public or members-only).
 * `status` moves draft -> scheduled -> sending -> sent, or to cancelled before sending starts. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    // Sanitised on the server when saved; `body_text` is its text part, made at the same time.
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    audience: jsonb('audience').notNull(),
    membersOnly: boolean('members_only').notNull().default(false),
    status: text('status').notNull().default('draft'),
    // When it goes out: the chosen time, or when "Send now" was pressed.
    sendAt: timestamp('send_at', { withTimezone: true }),
    // When its recipients were listed (the archive's date), and when the last mail left.
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    recipientCount: integer('recipient_count'),
    // Recipients are listed by the sending job in batches over profiles.id (sender.ts):
    // `listed_through` is the last id a committed batch covered, `listed_at` when the last batch
    // ran. A process that dies mid-batch leaves both as the previous batch set them.
    listedThrough: text('listed_through'),
    listedAt: timestamp('listed_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('announcements_status_check', sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`),
    // The archive, newest first; the job's look for what is due.
    index('announcements_started_idx').on(t.startedAt.desc()),
    index('announcements_status_send_at_idx').on(t.status, t.sendAt),
  ],
);

/** One announcement's one recipient: listed once after sending starts (the primary key and the
 * unique address are what make it once), then queued -> sending -> sent | failed. A row left in
 * `sending` by a process that died may have reached its reader: it becomes failed ("may have
 * arrived"), never sent again by itself. Not announced on the change channel (written per mail). */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    // The member turned Community news off from this announcement's mail.
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    check('announcement_recipients_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    uniqueIndex('announcement_recipients_email_idx').on(t.announcementId, t.email),
    // The sender's next rows, and rows a dead process left mid-send.
    index('announcement_recipients_pending_idx')
      .on(t.announcementId, t.status)
      .where(sql`${t.status} in ('queued', 'sending')`),
    // The rate: mails sent in the last minute, fleet-wide.
    index('announcement_recipients_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
    index('announcement_recipients_user_idx').on(t.userId),
  ],
);

/** Someone invited from an organiser's existing list (issue 35). The list itself is not kept:
 * only who was invited, when, and whether they joined. `joined_*` is set by a trigger when an
 * account with the address is made. A link is valid until `expires_at`; sent again once at most. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    company: text('company'),
    position: text('position'),
    invitedBy: text('invited_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    sendCount: smallint('send_count').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    joinedUserId: text('joined_user_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('invitations_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('invitations_send_count_check', sql`${t.sendCount} between 1 and 2`),
    uniqueIndex('invitations_email_idx').on(t.email),
    index('invitations_created_idx').on(t.createdAt.desc()),
  ],
);
