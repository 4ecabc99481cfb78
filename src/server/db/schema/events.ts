import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { eventSeries } from './event-series';
import { profiles } from './profiles';
import { tsvector, weightedDocument } from './search-vector';

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    summary: text('summary'),
    description: text('description'),
    content: text('content'), // sanitised HTML, cleaned on the server when written
    location: text('location'),
    category: text('category'),
    status: text('status').notNull().default('upcoming'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    maxAttendees: integer('max_attendees'),
    imageUrl: text('image_url'),
    galleryUrls: text('gallery_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    panelistsUrls: text('panelists_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    videoUrl: text('video_url'),
    slidesUrl: text('slides_url'),
    isFeatured: boolean('is_featured').notNull().default(false),
    recapVideoUrl: text('recap_video_url'),
    recapDescription: text('recap_description'),
    recapThumbnailUrl: text('recap_thumbnail_url'),
    // Said in the reminders ("Bring business cards"); unset, they say the community's default.
    whatToBring: text('what_to_bring'),
    // The calendar entry's SEQUENCE: raised when the time or place changes, so the update
    // e-mail's .ics replaces the entry members already have.
    sequence: integer('sequence').notNull().default(0),
    // A date of a series (issue 33): the series and the rule's day it stands for (the key the
    // horizon job makes it by, once). Detached: edited "this date only", so edits to the series
    // leave it alone. Cancelled: kept, shown as cancelled, its registrations gone with mail.
    seriesId: uuid('series_id').references(() => eventSeries.id, { onDelete: 'set null' }),
    seriesDate: date('series_date', { mode: 'string' }),
    seriesDetached: boolean('series_detached').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // One search (features/search): the name first, then what sums the event up, then its text.
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(() =>
        weightedDocument({
          A: ['name'],
          B: ['summary', 'location', 'category'],
          C: ['description', 'content', 'recap_description'],
        }),
      ),
  },
  (t) => [
    index('events_search_vector_idx').using('gin', t.searchVector),
    check('events_status_check', sql`${t.status} in ('upcoming', 'ongoing', 'completed')`),
    check('events_max_attendees_check', sql`${t.maxAttendees} is null or ${t.maxAttendees} > 0`),
    check('events_time_order_check', sql`${t.endTime} >= ${t.startTime}`),
    // Lists sort by start_time desc, id: the index serves the order and the tie-break.
    index('events_start_time_idx').on(t.startTime.desc(), t.id),
    // The next event: status upcoming, start at or after now, earliest first.
    index('events_status_start_time_idx').on(t.status, t.startTime),
    index('events_category_idx').on(t.category),
    // One row per series and rule day, whichever process makes it.
    uniqueIndex('events_series_date_idx').on(t.seriesId, t.seriesDate),
    check('events_series_date_check', sql`${t.seriesId} is null or ${t.seriesDate} is not null`),
    // Case-insensitive search over name, summary and location.
    index('events_search_trgm_idx').using(
      'gin',
      sql`lower(${t.name} || ' ' || coalesce(${t.summary}, '') || ' ' || coalesce(${t.location}, '')) gin_trgm_ops`,
    ),
  ],
);

/** A ticket's short code (`K7MW3QXP`): 8 characters from 31 no one mistakes for another (no 0/O,
 * 1/I/L), drawn by the database (migration 0015). A trigger there draws again while the code is
 * taken by another ticket of the event, member's or guest's, so every insert gets one. */
const ticketShortCode = sql`ticket_short_code()`;
/** The codes ticket_short_code() draws: its alphabet (shared/check-in-texts.ts), 8 long. */
const SHORT_CODE_PATTERN = '^[2-9A-HJKMNP-Z]{8}$';

export const eventAttendees = pgTable(
  'event_attendees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    // 'waitlisted' is the third value the spec shows in red without naming it.
    status: text('status').notNull(),
    // The ticket's short code, printed under its QR image and typed at the door.
    shortCode: text('short_code').notNull().default(ticketShortCode),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_attendees_status_check', sql`${t.status} in ('attending', 'maybe', 'waitlisted')`),
    check('event_attendees_short_code_check', sql`${t.shortCode} ~ ${sql.raw(`'${SHORT_CODE_PATTERN}'`)}`),
    uniqueIndex('event_attendees_event_user_idx').on(t.eventId, t.userId),
    index('event_attendees_event_created_idx').on(t.eventId, t.createdAt),
    index('event_attendees_event_status_idx').on(t.eventId, t.status),
    index('event_attendees_user_idx').on(t.userId),
    // Who registered lately (the Insights tab's members active in the last 30 days).
    index('event_attendees_created_idx').on(t.createdAt),
    uniqueIndex('event_attendees_event_short_code_idx').on(t.eventId, t.shortCode),
  ],
);

export const eventGuests = pgTable(
  'event_guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    // A guest's own one-click unsubscribe from this event's reminders.
    reminders: boolean('reminders').notNull().default(true),
    // The guest's own ticket's short code, as a member's.
    shortCode: text('short_code').notNull().default(ticketShortCode),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('event_guests_email_lower_check', sql`${t.guestEmail} = lower(${t.guestEmail})`),
    check('event_guests_short_code_check', sql`${t.shortCode} ~ ${sql.raw(`'${SHORT_CODE_PATTERN}'`)}`),
    index('event_guests_event_profile_idx').on(t.eventId, t.profileId),
    index('event_guests_profile_idx').on(t.profileId),
    uniqueIndex('event_guests_event_short_code_idx').on(t.eventId, t.shortCode),
  ],
);

/** Each reminder e-mail, per event, recipient (`member:<id>` or `guest:<id>`), offset and the
 * start time it announced: the unique key is what makes a reminder go out once, however many
 * processes sweep; a moved event has a new start time, so its reminders are due again.
 * 'skipped' records a reminder not sent (a nearer one was due too, after downtime). */
export const eventReminders = pgTable(
  'event_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    offsetMinutes: integer('offset_minutes').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('event_reminders_status_check', sql`${t.status} in ('sent', 'skipped')`),
    uniqueIndex('event_reminders_once_idx').on(t.eventId, t.recipient, t.offsetMinutes, t.startsAt),
  ],
);
