import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import { sanitizeRichHtml } from '../../platform/html';
import type { Mailer } from '../../platform/mail';
import { removeImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import {
  AUDIENCE_STATUSES,
  CAPACITY_BELOW_TAKEN,
  EVENT_FIELD_MESSAGES,
  capacityBelowTakenMessage,
  reminderOffsetLabel,
  toInstant,
  toLocalInput,
  type AdminEventResponse,
  type AdminEventRow,
  type EmailAttendeesInput,
  type EmailAudience,
  type EventFormValues,
  type EventReminderSummary,
  type EventInput,
} from '../../../shared/event-admin';
import { EVENT_NOT_FOUND, type EventStatus } from '../../../shared/events';
import { buildAttendeeMessage, buildCancelNotice, buildUpdateNotice, noticeRecipients } from './notices';
import { isUuid } from '../../db/query-values';
import { promoteWaitlisted, seatsTaken } from './registration';
import { recordCancellations } from './personal-calendar';

// The admin's writes to events (spec 2 sections 3-5, issue 10): create, update, duplicate,
// delete, gallery images, and mail to attendees. Rules decided here:
// - times arrive as wall times in the community's zone (SITE_TIMEZONE) and are stored as instants;
// - content is sanitised with the product's one allowlist;
// - the capacity cannot drop below the seats taken unless the request confirms it (nobody is removed);
//   a higher (or no) capacity fills seats from the waitlist, as a freed seat does;
// - moving the time or place raises `sequence` and e-mails everyone registered, in the same transaction;
// - deleting an event that has not happened yet e-mails everyone registered a cancellation and
//   leaves it in the personal calendar feeds of those attending or maybe, as cancelled;
// - stored images go when no event refers to them any more (a duplicate shares its source's files).

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AdminDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
}

type EventRow = {
  id: string;
  name: string;
  summary: string | null;
  description: string | null;
  content: string | null;
  location: string | null;
  category: string | null;
  status: EventStatus;
  start_time: Date | string;
  end_time: Date | string;
  max_attendees: number | null;
  what_to_bring: string | null;
  image_url: string | null;
  gallery_urls: string[] | null;
  panelists_urls: string[] | null;
  video_url: string | null;
  slides_url: string | null;
  is_featured: boolean;
  recap_video_url: string | null;
  recap_description: string | null;
  recap_thumbnail_url: string | null;
  sequence: number;
};

/** The images placed in rich content (the sanitiser keeps only our storage's). */
const contentImages = (html: string | null) =>
  [...(html ?? '').matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** Every stored file an event refers to, its content's images included. */
const imagesOf = (row: {
  image_url: string | null;
  gallery_urls: string[] | null;
  panelists_urls: string[] | null;
  recap_thumbnail_url: string | null;
  content: string | null;
}) =>
  [
    row.image_url,
    ...(row.gallery_urls ?? []),
    ...(row.panelists_urls ?? []),
    row.recap_thumbnail_url,
    ...contentImages(row.content),
  ].filter((u): u is string => !!u);

export async function listAdminEvents(db: Db): Promise<AdminEventRow[]> {
  const result = await db.execute<{
    id: string;
    name: string;
    start_time: Date | string;
    end_time: Date | string;
    status: EventStatus;
    max_attendees: number | null;
    is_featured: boolean;
    attendee_count: number;
    guest_count: number;
  }>(sql`select e.id, e.name, e.start_time, e.end_time, e.status, e.max_attendees, e.is_featured,
      (select count(*)::int from event_attendees a where a.event_id = e.id and a.status = 'attending') as attendee_count,
      (select count(*)::int from event_guests g where g.event_id = e.id) as guest_count
    from events e order by e.start_time desc, e.id`);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    startTime: iso(r.start_time),
    endTime: iso(r.end_time),
    status: r.status,
    maxAttendees: r.max_attendees,
    isFeatured: r.is_featured,
    attendeeCount: Number(r.attendee_count),
    guestCount: Number(r.guest_count),
  }));
}

async function selectEvent(db: Pick<Db, 'execute'>, id: string, lock = false): Promise<EventRow | null> {
  if (!isUuid(id)) return null;
  const result = await db.execute<EventRow>(
    lock ? sql`select * from events where id = ${id} for update` : sql`select * from events where id = ${id}`,
  );
  return result.rows[0] ?? null;
}

async function sponsorIdsOf(db: Pick<Db, 'execute'>, id: string): Promise<string[]> {
  const result = await db.execute<{ sponsor_id: string }>(
    sql`select es.sponsor_id from event_sponsors es join sponsors s on s.id = es.sponsor_id
      where es.event_id = ${id} order by s.name, s.id`,
  );
  return result.rows.map((r) => r.sponsor_id);
}

function formValues(row: EventRow, sponsorIds: string[], timeZone: string): EventFormValues {
  return {
    name: row.name,
    summary: row.summary,
    description: row.description,
    content: row.content,
    location: row.location,
    category: row.category,
    status: row.status,
    startTime: toLocalInput(row.start_time, timeZone),
    endTime: toLocalInput(row.end_time, timeZone),
    maxAttendees: row.max_attendees,
    whatToBring: row.what_to_bring,
    imageUrl: row.image_url,
    galleryUrls: row.gallery_urls ?? [],
    panelistsUrls: row.panelists_urls ?? [],
    videoUrl: row.video_url,
    slidesUrl: row.slides_url,
    isFeatured: row.is_featured,
    recapVideoUrl: row.recap_video_url,
    recapDescription: row.recap_description,
    recapThumbnailUrl: row.recap_thumbnail_url,
    sponsorIds,
  };
}

/** One event as the edit form needs it: wall times in the zone, its sponsors' ids. */
export async function findAdminEvent(
  db: Db,
  id: string,
  timeZone: string,
): Promise<AdminEventResponse['event'] | null> {
  const row = await selectEvent(db, id);
  if (!row) return null;
  const [sponsorIds, taken] = await Promise.all([sponsorIdsOf(db, id), seatsTaken(db, id)]);
  return {
    ...formValues(row, sponsorIds, timeZone),
    id: row.id,
    startsAt: iso(row.start_time),
    endsAt: iso(row.end_time),
    seatsTaken: taken,
    sequence: Number(row.sequence),
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

/** The row's columns from the form, with times read in `timeZone` and content sanitised. */
function columns(input: EventInput, timeZone: string, storage: Pick<Storage, 'locate'>) {
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
    start,
    end,
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
  };
}

const textArray = (list: string[]) =>
  list.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        list.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;

/** Replaces the event's sponsor links with `ids` (each must exist: 422 otherwise). */
async function setSponsors(tx: Tx, eventId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length > 0) {
    const found = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from sponsors where id in (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    if (Number(found.rows[0]!.n) !== unique.length) {
      throw unprocessable('SPONSOR_NOT_FOUND', EVENT_FIELD_MESSAGES.sponsorUnknown);
    }
  }
  const keep = unique.length
    ? sql`and sponsor_id not in (${sql.join(
        unique.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`delete from event_sponsors where event_id = ${eventId} ${keep}`);
  for (const id of unique) {
    await tx.execute(
      sql`insert into event_sponsors (event_id, sponsor_id) values (${eventId}, ${id}) on conflict do nothing`,
    );
  }
}

export async function createAdminEvent(
  db: Db,
  input: EventInput,
  timeZone: string,
  storage: Pick<Storage, 'locate'>,
): Promise<string> {
  const c = columns(input, timeZone, storage);
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ id: string }>(sql`insert into events (name, summary, description, content,
        location, category, status, start_time, end_time, max_attendees, what_to_bring, image_url, gallery_urls,
        panelists_urls, video_url, slides_url, is_featured, recap_video_url, recap_description, recap_thumbnail_url)
      values (${c.name}, ${c.summary}, ${c.description}, ${c.content}, ${c.location}, ${c.category}, ${c.status},
        ${c.start.toISOString()}, ${c.end.toISOString()}, ${c.maxAttendees}, ${c.whatToBring}, ${c.imageUrl},
        ${textArray(c.galleryUrls)},
        ${textArray(c.panelistsUrls)}, ${c.videoUrl}, ${c.slidesUrl}, ${c.isFeatured}, ${c.recapVideoUrl},
        ${c.recapDescription}, ${c.recapThumbnailUrl})
      returning id`);
    const id = result.rows[0]!.id;
    await setSponsors(tx, id, input.sponsorIds);
    return id;
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
  const c = columns(input, config.SITE_TIMEZONE, deps.storage);
  return db.transaction(async (tx) => {
    const before = await selectEvent(tx, id, true);
    if (!before) throw notFound(EVENT_NOT_FOUND);
    const taken = await seatsTaken(tx, id);
    if (c.maxAttendees !== null && c.maxAttendees < taken && !input.confirmCapacityBelowTaken) {
      throw conflict(CAPACITY_BELOW_TAKEN, capacityBelowTakenMessage(taken, c.maxAttendees));
    }
    const beforeStart = new Date(before.start_time);
    const beforeEnd = new Date(before.end_time);
    const moved =
      beforeStart.getTime() !== c.start.getTime() ||
      beforeEnd.getTime() !== c.end.getTime() ||
      (before.location ?? '') !== (c.location ?? '');
    const sequence = Number(before.sequence) + (moved ? 1 : 0);
    await tx.execute(sql`update events set name = ${c.name}, summary = ${c.summary}, description = ${c.description},
        content = ${c.content}, location = ${c.location}, category = ${c.category}, status = ${c.status},
        start_time = ${c.start.toISOString()}, end_time = ${c.end.toISOString()}, max_attendees = ${c.maxAttendees},
        what_to_bring = ${c.whatToBring}, image_url = ${c.imageUrl}, gallery_urls = ${textArray(c.galleryUrls)},
        panelists_urls = ${textArray(c.panelistsUrls)}, video_url = ${c.videoUrl}, slides_url = ${c.slidesUrl},
        is_featured = ${c.isFeatured}, recap_video_url = ${c.recapVideoUrl},
        recap_description = ${c.recapDescription}, recap_thumbnail_url = ${c.recapThumbnailUrl},
        sequence = ${sequence}, updated_at = now()
      where id = ${id}`);
    await setSponsors(tx, id, input.sponsorIds);

    const capacityGrew =
      c.maxAttendees === null ? before.max_attendees !== null : c.maxAttendees > (before.max_attendees ?? Infinity);
    const promoted =
      c.status === 'upcoming' && capacityGrew ? await promoteWaitlisted(tx, { id, max_attendees: c.maxAttendees }) : [];

    // A completed event's times are corrected for the record, not announced.
    let notified = 0;
    if (moved && c.status !== 'completed') {
      const event = {
        id,
        name: c.name,
        summary: c.summary,
        location: c.location,
        startTime: c.start,
        endTime: c.end,
        sequence,
      };
      const was = { startTime: beforeStart, endTime: beforeEnd, location: before.location };
      const recipients = await noticeRecipients(tx, id);
      for (const to of recipients) await mailer.send(buildUpdateNotice(config, event, was, to), tx);
      notified = recipients.length;
    }
    const kept = new Set([
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
    const end = new Date(row.end_time);
    let notified = 0;
    if (row.status !== 'completed' && end.getTime() >= Date.now()) {
      const event = {
        id,
        name: row.name,
        summary: row.summary,
        location: row.location,
        startTime: new Date(row.start_time),
        endTime: end,
        sequence: Number(row.sequence) + 1,
      };
      const recipients = await noticeRecipients(tx, id);
      for (const to of recipients) await mailer.send(buildCancelNotice(config, event, to), tx);
      notified = recipients.length;
      await recordCancellations(tx, event);
    }
    await tx.execute(sql`delete from events where id = ${id}`);
    return { notified, images: imagesOf(row) };
  });
}

/** Removes the stored files among `urls` that are ours (bucket event-images) and that no event
 * refers to any more. A failure is logged: the database change it follows has committed. */
export async function removeUnreferencedImages(deps: Pick<AdminDeps, 'db' | 'storage' | 'log'>, urls: string[]) {
  for (const url of new Set(urls)) {
    const location = deps.storage.locate(url);
    if (!location || location.bucket !== 'event-images') continue;
    if (await isReferenced(deps.db, url)) continue;
    await removeImage(deps.storage, location.bucket, location.key).catch((err) =>
      deps.log.warn({ err, url }, 'could not remove an event image'),
    );
  }
}

export async function isReferenced(db: Db, url: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from events where image_url = ${url} or recap_thumbnail_url = ${url}
      or ${url} = any(gallery_urls) or ${url} = any(panelists_urls)
      or strpos(content, ${`src="${url.replaceAll('&', '&amp;')}"`}) > 0 limit 1`);
  return result.rows.length > 0;
}

export async function eventExists(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const result = await db.execute(sql`select 1 from events where id = ${id}`);
  return result.rows.length > 0;
}

/** Appends uploaded gallery images; null when the event is gone. */
export async function appendGallery(db: Db, id: string, urls: string[]): Promise<string[] | null> {
  const result = await db.execute<{ gallery_urls: string[] }>(
    sql`update events set gallery_urls = gallery_urls || ${textArray(urls)}, updated_at = now()
      where id = ${id} returning gallery_urls`,
  );
  return result.rows[0]?.gallery_urls ?? null;
}

/** Takes one image out of the gallery; null when the event is gone, false when it was not there. */
export async function removeFromGallery(db: Db, id: string, url: string): Promise<string[] | null | false> {
  return db.transaction(async (tx) => {
    const row = await selectEvent(tx, id, true);
    if (!row) return null;
    if (!(row.gallery_urls ?? []).includes(url)) return false;
    const result = await tx.execute<{ gallery_urls: string[] }>(
      sql`update events set gallery_urls = array_remove(gallery_urls, ${url}), updated_at = now()
        where id = ${id} returning gallery_urls`,
    );
    return result.rows[0]!.gallery_urls;
  });
}

// ---------- e-mail to attendees ----------

async function recipientsFor(db: Pick<Db, 'execute'>, id: string, audience: EmailAudience) {
  return noticeRecipients(db, id, AUDIENCE_STATUSES[audience], audience === 'all' || audience === 'attending');
}

export async function countRecipients(db: Db, id: string, audience: EmailAudience): Promise<number> {
  if (!(await eventExists(db, id))) throw notFound(EVENT_NOT_FOUND);
  return (await recipientsFor(db, id, audience)).length;
}

/** One plain-text mail per recipient, all written to the outbox in one transaction. */
export async function sendToAttendees(
  deps: Pick<AdminDeps, 'db' | 'config' | 'mailer'>,
  id: string,
  input: Required<EmailAttendeesInput>,
): Promise<number> {
  const { db, config, mailer } = deps;
  return db.transaction(async (tx) => {
    const row = await selectEvent(tx, id);
    if (!row) throw notFound(EVENT_NOT_FOUND);
    const recipients = await recipientsFor(tx, id, input.audience);
    for (const to of recipients) {
      await mailer.send(buildAttendeeMessage(config, row, to, input.subject, input.message), tx);
    }
    return recipients.length;
  });
}

/** How the reminder e-mails for the event's current start went, per configured offset (largest
 * first): when each is due, how many were sent or skipped, and when the first and last went out.
 * Rows for an earlier start (the event was moved) are not counted: those reminders were for
 * another time. Null when the event does not exist. */
export async function reminderSummary(
  db: Db,
  id: string,
  offsets: number[],
): Promise<{ startsAt: string; reminders: EventReminderSummary[] } | null> {
  const event = await selectEvent(db, id);
  if (!event) return null;
  const start = new Date(event.start_time);
  const result = await db.execute<{
    offset_minutes: number;
    sent: number;
    skipped: number;
    first_sent_at: Date | string | null;
    last_sent_at: Date | string | null;
  }>(sql`select offset_minutes,
      count(*) filter (where status = 'sent')::int as sent,
      count(*) filter (where status = 'skipped')::int as skipped,
      min(sent_at) filter (where status = 'sent') as first_sent_at,
      max(sent_at) filter (where status = 'sent') as last_sent_at
    from event_reminders
    where event_id = ${id} and starts_at = ${start.toISOString()}::timestamptz
    group by offset_minutes`);
  const byOffset = new Map(result.rows.map((r) => [Number(r.offset_minutes), r]));
  return {
    startsAt: start.toISOString(),
    reminders: offsets.map((minutes) => {
      const r = byOffset.get(minutes);
      return {
        offsetMinutes: minutes,
        label: reminderOffsetLabel(minutes),
        dueAt: new Date(start.getTime() - minutes * 60_000).toISOString(),
        sent: Number(r?.sent ?? 0),
        skipped: Number(r?.skipped ?? 0),
        firstSentAt: r?.first_sent_at ? iso(r.first_sent_at) : null,
        lastSentAt: r?.last_sent_at ? iso(r.last_sent_at) : null,
      };
    }),
  };
}
