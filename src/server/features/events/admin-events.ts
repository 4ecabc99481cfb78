import { and, asc, desc, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { eventSeries, eventSponsors, events, sponsors } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { sanitizeRichHtml } from '../../platform/html';
import type { Mailer } from '../../platform/mail';
import type { Storage } from '../../platform/storage';
import {
  CAPACITY_BELOW_TAKEN,
  EVENT_FIELD_MESSAGES,
  capacityBelowTakenMessage,
  toInstant,
  toLocalInput,
  type AdminEventResponse,
  type AdminEventRow,
  type EventFormValues,
  type EventInput,
} from '../../../shared/event-admin';
import { EVENT_NOT_FOUND, type EventStatus, type SeriesLink } from '../../../shared/events';
import { describeSchedule } from '../../../shared/recurrence';
import { contentImages, imagesOf } from './event-images';
import { buildCancelNotice, buildUpdateNotice, noticeRecipients } from './notices';
import { recordCancellations } from './personal-calendar';
import { promoteWaitlisted, seatsTaken } from './registration';

// The admin's writes to events (spec 2 sections 3-4, issue 10): list, create, update, duplicate,
// delete. Rules decided here:
// - times arrive as wall times in the community's zone (SITE_TIMEZONE) and are stored as instants;
// - content is sanitised with the product's one allowlist;
// - the capacity cannot drop below the seats taken unless the request confirms it (nobody is removed);
//   a higher (or no) capacity fills seats from the waitlist, as a freed seat does;
// - moving the time or place raises `sequence` and e-mails everyone registered, in the same transaction;
// - deleting an event that has not happened yet e-mails everyone registered a cancellation and
//   leaves it in the personal calendar feeds of those attending or maybe, as cancelled;
// - the stored images an update or delete lets go are removed afterwards (event-images.ts).
// Gallery uploads are in event-images.ts, mail to attendees in attendee-mail.ts, the reminders'
// record in reminder-summary.ts.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AdminDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: Storage;
}

// Every column the edit form shows (the search vector and timestamps are the database's own).
const {
  searchVector: _searchVector,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...eventColumns
} = getTableColumns(events);

type EventRow = SelectResultFields<typeof eventColumns>;

export async function listAdminEvents(db: Db): Promise<AdminEventRow[]> {
  // Drizzle writes a one-table select's columns unqualified: the sub-selects name `events.id`.
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      startTime: events.startTime,
      endTime: events.endTime,
      status: events.status,
      maxAttendees: events.maxAttendees,
      isFeatured: events.isFeatured,
      attendeeCount: sql<number>`(select count(*)::int from event_attendees a
        where a.event_id = events.id and a.status = 'attending')`.mapWith(Number),
      guestCount: sql<number>`(select count(*)::int from event_guests g where g.event_id = events.id)`.mapWith(Number),
    })
    .from(events)
    .orderBy(desc(events.startTime), asc(events.id));
  return rows.map((r) => ({
    ...r,
    status: r.status as EventStatus,
    startTime: r.startTime.toISOString(),
    endTime: r.endTime.toISOString(),
  }));
}

async function selectEvent(db: Pick<Db, 'select'>, id: string, lock = false): Promise<EventRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select(eventColumns).from(events).where(eq(events.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

async function sponsorIdsOf(db: Pick<Db, 'select'>, id: string): Promise<string[]> {
  const rows = await db
    .select({ sponsorId: eventSponsors.sponsorId })
    .from(eventSponsors)
    .innerJoin(sponsors, eq(sponsors.id, eventSponsors.sponsorId))
    .where(eq(eventSponsors.eventId, id))
    .orderBy(asc(sponsors.name), asc(sponsors.id));
  return rows.map((r) => r.sponsorId);
}

function formValues(row: EventRow, sponsorIds: string[], timeZone: string): EventFormValues {
  return {
    name: row.name,
    summary: row.summary,
    description: row.description,
    content: row.content,
    location: row.location,
    category: row.category,
    status: row.status as EventStatus,
    startTime: toLocalInput(row.startTime, timeZone),
    endTime: toLocalInput(row.endTime, timeZone),
    maxAttendees: row.maxAttendees,
    whatToBring: row.whatToBring,
    imageUrl: row.imageUrl,
    galleryUrls: row.galleryUrls ?? [],
    panelistsUrls: row.panelistsUrls ?? [],
    videoUrl: row.videoUrl,
    slidesUrl: row.slidesUrl,
    isFeatured: row.isFeatured,
    recapVideoUrl: row.recapVideoUrl,
    recapDescription: row.recapDescription,
    recapThumbnailUrl: row.recapThumbnailUrl,
    sponsorIds,
  };
}

/** The series a date belongs to, in words ("Every first Thursday, 6-8 PM"). */
async function seriesLinkOf(db: Pick<Db, 'select'>, seriesId: string | null): Promise<SeriesLink | null> {
  if (!seriesId) return null;
  const [s] = await db
    .select({
      id: eventSeries.id,
      rule: eventSeries.rule,
      startTime: eventSeries.startTime,
      durationMinutes: eventSeries.durationMinutes,
    })
    .from(eventSeries)
    .where(eq(eventSeries.id, seriesId));
  return s ? { id: s.id, schedule: describeSchedule(s.rule, s.startTime, s.durationMinutes) } : null;
}

/** The images a series makes its new dates with: a date letting one go must not remove the file. */
async function seriesImages(db: Pick<Db, 'select'>, seriesId: string | null): Promise<Set<string>> {
  if (!seriesId) return new Set();
  const [s] = await db.select({ template: eventSeries.template }).from(eventSeries).where(eq(eventSeries.id, seriesId));
  const t = s?.template;
  return new Set(
    t ? [t.imageUrl, ...t.panelistsUrls, ...contentImages(t.content)].filter((u): u is string => !!u) : [],
  );
}

/** One event as the edit form needs it: wall times in the zone, its sponsors' ids, its series. */
export async function findAdminEvent(
  db: Db,
  id: string,
  timeZone: string,
): Promise<AdminEventResponse['event'] | null> {
  const row = await selectEvent(db, id);
  if (!row) return null;
  const [sponsorIds, taken, series] = await Promise.all([
    sponsorIdsOf(db, id),
    seatsTaken(db, id),
    seriesLinkOf(db, row.seriesId),
  ]);
  return {
    ...formValues(row, sponsorIds, timeZone),
    id: row.id,
    startsAt: row.startTime.toISOString(),
    endsAt: row.endTime.toISOString(),
    seatsTaken: taken,
    sequence: row.sequence,
    series,
    cancelled: row.cancelledAt !== null,
  };
}

const EMPTY_DRAFT: EventFormValues = {
  name: '',
  summary: null,
  description: null,
  content: null,
  location: null,
  category: null,
  status: 'upcoming',
  startTime: '',
  endTime: '',
  maxAttendees: null,
  whatToBring: null,
  imageUrl: null,
  galleryUrls: [],
  panelistsUrls: [],
  videoUrl: null,
  slidesUrl: null,
  isFeatured: false,
  recapVideoUrl: null,
  recapDescription: null,
  recapThumbnailUrl: null,
  sponsorIds: [],
};

/** A new event's form: empty, or a copy of `fromId` without its dates, registrations and recap
 * (status back to upcoming). Nothing is saved until the form is submitted. */
export async function eventDraft(db: Db, fromId: string | undefined, timeZone: string): Promise<EventFormValues> {
  if (!fromId) return EMPTY_DRAFT;
  const row = await selectEvent(db, fromId);
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return {
    ...formValues(row, await sponsorIdsOf(db, fromId), timeZone),
    status: 'upcoming',
    startTime: '',
    endTime: '',
    recapVideoUrl: null,
    recapDescription: null,
    recapThumbnailUrl: null,
  };
}

/** The row's columns from the form, with times read in `timeZone` and content sanitised (series
 * dates are made from the same values: series-generate.ts). */
export function formColumns(input: EventInput, timeZone: string, storage: Pick<Storage, 'locate'>) {
  const start = toInstant(input.startTime, timeZone);
  const end = toInstant(input.endTime, timeZone);
  if (!start) throw unprocessable('VALIDATION_ERROR', EVENT_FIELD_MESSAGES.dateTimeInvalid, 'startTime');
  if (!end) throw unprocessable('VALIDATION_ERROR', EVENT_FIELD_MESSAGES.dateTimeInvalid, 'endTime');
  if (end.getTime() <= start.getTime()) {
    throw unprocessable('VALIDATION_ERROR', EVENT_FIELD_MESSAGES.endBeforeStart, 'endTime');
  }
  const content = input.content ? sanitizeRichHtml(input.content, { storage }) || null : null;
  return {
    name: input.name,
    summary: input.summary,
    description: input.description,
    content,
    location: input.location,
    category: input.category,
    status: input.status,
    startTime: start,
    endTime: end,
    maxAttendees: input.maxAttendees,
    whatToBring: input.whatToBring,
    imageUrl: input.imageUrl,
    galleryUrls: input.galleryUrls,
    panelistsUrls: input.panelistsUrls,
    videoUrl: input.videoUrl,
    slidesUrl: input.slidesUrl,
    isFeatured: input.isFeatured,
    recapVideoUrl: input.recapVideoUrl,
    recapDescription: input.recapDescription,
    recapThumbnailUrl: input.recapThumbnailUrl,
  } satisfies Partial<typeof events.$inferInsert>;
}

/** Replaces the event's sponsor links with `ids` (each must exist: 422 otherwise). */
export async function setSponsors(tx: Tx, eventId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length > 0 && (await tx.$count(sponsors, inArray(sponsors.id, unique))) !== unique.length) {
    throw unprocessable('SPONSOR_NOT_FOUND', EVENT_FIELD_MESSAGES.sponsorUnknown);
  }
  await tx
    .delete(eventSponsors)
    .where(
      and(
        eq(eventSponsors.eventId, eventId),
        unique.length > 0 ? notInArray(eventSponsors.sponsorId, unique) : undefined,
      ),
    );
  if (unique.length > 0) {
    await tx
      .insert(eventSponsors)
      .values(unique.map((sponsorId) => ({ eventId, sponsorId })))
      .onConflictDoNothing();
  }
}

export async function createAdminEvent(
  db: Db,
  input: EventInput,
  timeZone: string,
  storage: Pick<Storage, 'locate'>,
): Promise<string> {
  const values = formColumns(input, timeZone, storage);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(events).values(values).returning({ id: events.id });
    await setSponsors(tx, row!.id, input.sponsorIds);
    return row!.id;
  });
}

export interface UpdateOutcome {
  /** Stored files the event no longer refers to (removed after commit if nothing else uses them). */
  droppedImages: string[];
  /** Members moved from the waitlist by a higher capacity. */
  promoted: string[];
  /** Registered people told that the time or place changed. */
  notified: number;
}

/** Saves the whole record and its sponsors. Locks the event row like a registration does, so
 * the seats counted for the capacity rule are the seats that are true. */
export async function updateAdminEvent(
  deps: Pick<AdminDeps, 'db' | 'config' | 'mailer' | 'storage'>,
  id: string,
  input: EventInput,
): Promise<UpdateOutcome> {
  const { db, config, mailer } = deps;
  const c = formColumns(input, config.SITE_TIMEZONE, deps.storage);
  return db.transaction(async (tx) => {
    const before = await selectEvent(tx, id, true);
    if (!before) throw notFound(EVENT_NOT_FOUND);
    const taken = await seatsTaken(tx, id);
    if (c.maxAttendees !== null && c.maxAttendees < taken && !input.confirmCapacityBelowTaken) {
      throw conflict(CAPACITY_BELOW_TAKEN, capacityBelowTakenMessage(taken, c.maxAttendees));
    }
    const moved =
      before.startTime.getTime() !== c.startTime.getTime() ||
      before.endTime.getTime() !== c.endTime.getTime() ||
      (before.location ?? '') !== (c.location ?? '');
    const sequence = before.sequence + (moved ? 1 : 0);
    // A date of a series edited on its own ("this date only") keeps its values: series edits pass it by.
    await tx
      .update(events)
      .set({ ...c, sequence, seriesDetached: before.seriesId !== null || before.seriesDetached, updatedAt: sql`now()` })
      .where(eq(events.id, id));
    await setSponsors(tx, id, input.sponsorIds);

    const capacityGrew =
      c.maxAttendees === null ? before.maxAttendees !== null : c.maxAttendees > (before.maxAttendees ?? Infinity);
    // Also when the event opens again (seats freed or the limit lifted while it was closed).
    const promoted =
      c.status === 'upcoming' && (capacityGrew || before.status !== 'upcoming')
        ? await promoteWaitlisted(tx, { id, max_attendees: c.maxAttendees })
        : [];

    // A completed event's times are corrected for the record, not announced.
    let notified = 0;
    if (moved && c.status !== 'completed') {
      const event = {
        id,
        name: c.name,
        summary: c.summary,
        location: c.location,
        startTime: c.startTime,
        endTime: c.endTime,
        sequence,
      };
      const was = { startTime: before.startTime, endTime: before.endTime, location: before.location };
      const recipients = await noticeRecipients(tx, id);
      for (const to of recipients) await mailer.send(buildUpdateNotice(config, event, was, to), tx);
      notified = recipients.length;
    }
    const kept = new Set([
      ...(await seriesImages(tx, before.seriesId)),
      c.imageUrl,
      ...c.galleryUrls,
      ...c.panelistsUrls,
      c.recapThumbnailUrl,
      ...contentImages(c.content),
    ]);
    return { droppedImages: imagesOf(before).filter((u) => !kept.has(u)), promoted, notified };
  });
}

/** Deletes the event; its registrations, guests and sponsor links go by cascade. Everyone
 * registered for an event still to come is e-mailed a cancellation with METHOD:CANCEL, and
 * members attending or maybe keep it in their calendar feed as STATUS:CANCELLED. */
export async function deleteAdminEvent(
  deps: Pick<AdminDeps, 'db' | 'config' | 'mailer'>,
  id: string,
): Promise<{ notified: number; images: string[] }> {
  const { db, config, mailer } = deps;
  return db.transaction(async (tx) => {
    const row = await selectEvent(tx, id, true);
    if (!row) throw notFound(EVENT_NOT_FOUND);
    let notified = 0;
    if (row.status !== 'completed' && row.endTime.getTime() >= Date.now()) {
      const event = {
        id,
        name: row.name,
        summary: row.summary,
        location: row.location,
        startTime: row.startTime,
        endTime: row.endTime,
        sequence: row.sequence + 1,
      };
      const recipients = await noticeRecipients(tx, id);
      for (const to of recipients) await mailer.send(buildCancelNotice(config, event, to), tx);
      notified = recipients.length;
      await recordCancellations(tx, event);
    }
    const shared = await seriesImages(tx, row.seriesId);
    await tx.delete(events).where(eq(events.id, id));
    return { notified, images: imagesOf(row).filter((u) => !shared.has(u)) };
  });
}
