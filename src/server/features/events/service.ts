import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client';
import { iso, json } from '../../db/rows';
import { eventAttendees, events, profiles } from '../../db/schema';
import { ATTENDEES_PER_GROUP } from '../../../shared/events';
import type {
  Attendee,
  AttendeeStatus,
  EventCard,
  EventDetail,
  EventStatus,
  EventsListQuery,
  EventsListResponse,
  MyRegistration,
  NextEvent,
  SeriesLink,
} from '../../../shared/events';
import { describeSchedule, type RecurrenceRule } from '../../../shared/recurrence';
import { containsPattern, isUuid } from '../../db/query-values';
import { memberSummaryColumns, memberSummaryJson, presentMemberSummary } from '../../platform/presenters';
import { guestsAllowed, seatsTaken } from './registration';

// Reads for the public event screens. Every list is filtered, counted and paged in SQL.
// (Statuses are text columns whose check constraints allow only the shared types' values.)

// Drizzle writes a one-table select's columns unqualified, so the sub-selects below name the
// outer row as `events.id` in their text.
const attendingCount = sql<number>`(select count(*)::int from event_attendees a
  where a.event_id = events.id and a.status = 'attending')`.mapWith(Number);

/** The date's series (its rule and wall-clock time, put in words by `seriesLinkOf`), or null. */
const seriesOfEvent = sql<SeriesRow | null>`(select json_build_object('id', s.id, 'rule', s.rule,
  'startTime', s.start_time, 'durationMinutes', s.duration_minutes) from event_series s
  where s.id = events.series_id)`;
type SeriesRow = { id: string; rule: RecurrenceRule; startTime: string; durationMinutes: number };

/** "Every first Thursday, 6-8 PM" with the series' id. */
export function seriesLinkOf(row: SeriesRow | string | null): SeriesLink | null {
  const s = typeof row === 'string' ? (JSON.parse(row) as SeriesRow) : row;
  return s ? { id: s.id, schedule: describeSchedule(s.rule, s.startTime, s.durationMinutes) } : null;
}

export const cardColumns = {
  id: events.id,
  name: events.name,
  summary: events.summary,
  location: events.location,
  category: events.category,
  status: events.status,
  startTime: events.startTime,
  endTime: events.endTime,
  imageUrl: events.imageUrl,
  maxAttendees: events.maxAttendees,
  attendeeCount: attendingCount,
  series: seriesOfEvent,
  cancelledAt: events.cancelledAt,
};

type CardRow = SelectResultFields<typeof cardColumns>;

export function toCard(row: CardRow): EventCard {
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    location: row.location,
    category: row.category,
    status: row.status as EventStatus,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    imageUrl: row.imageUrl,
    maxAttendees: row.maxAttendees,
    attendeeCount: row.attendeeCount,
    series: seriesLinkOf(row.series),
    cancelled: row.cancelledAt !== null,
  };
}

/** Whether the id names an event (an id that is no uuid names none). */
export async function eventExists(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.select({ id: events.id }).from(events).where(eq(events.id, id));
  return rows.length > 0;
}

/** Newest start first, in the order of events_start_time_idx (start_time desc nulls last, id), so
 * a page is read from the index: a plain `desc` means nulls first, which that index cannot serve
 * (the whole table would be sorted for every page). */
const newestFirst = [sql`${events.startTime} desc nulls last`, asc(events.id)];

/** Among the events `where` admits, a series' dates to come show once: by its next date that is
 * not cancelled (the others are on the series page and in the calendars). Dates that have started
 * and events of no series show as they are. The next dates are one DISTINCT ON over the dates to
 * come (a hashed sub-plan, read once per query), so paging and the total count the same rows. */
function seriesOnce(db: Db, where: SQL | undefined, now: Date): SQL {
  const nextDates = db
    .selectDistinctOn([events.seriesId], { id: events.id })
    .from(events)
    .where(and(where, isNotNull(events.seriesId), gte(events.startTime, now), isNull(events.cancelledAt)))
    .orderBy(events.seriesId, events.startTime, events.id);
  return and(where, or(isNull(events.seriesId), lt(events.startTime, now), inArray(events.id, nextDates)))!;
}

export async function listEvents(
  db: Db,
  query: EventsListQuery,
  categories: () => Promise<string[]> = () => listCategories(db),
  now = new Date(),
): Promise<EventsListResponse> {
  const filters: SQL[] = [];
  if (query.q) {
    // Same expression as the trigram index events_search_trgm_idx.
    filters.push(
      sql`lower(${events.name} || ' ' || coalesce(${events.summary}, '') || ' ' || coalesce(${events.location}, '')) like ${containsPattern(query.q)}`,
    );
  }
  if (query.status) filters.push(eq(events.status, query.status));
  if (query.category) filters.push(eq(events.category, query.category));
  const where = seriesOnce(db, and(...filters), now);
  const offset = (query.page - 1) * query.pageSize;

  const [rows, [total], categoryList] = await Promise.all([
    db
      .select(cardColumns)
      .from(events)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset(offset),
    db.select({ n: count() }).from(events).where(where),
    categories(),
  ]);
  return {
    events: rows.map(toCard),
    total: total!.n,
    page: query.page,
    pageSize: query.pageSize,
    categories: categoryList,
  };
}

export async function listCategories(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: events.category })
    .from(events)
    .where(and(isNotNull(events.category), ne(events.category, '')))
    .orderBy(asc(events.category));
  return rows.map((r) => r.category!);
}

/** The landing page's events: newest start first, a series' dates to come once (seriesOnce). */
export async function latestEvents(db: Db, limit: number, now = new Date()): Promise<EventCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(events)
    .where(seriesOnce(db, undefined, now))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toCard);
}

/** The spec's next event: status upcoming, start at or after now, earliest first; a cancelled
 * date of a series is no next event. */
export async function findNextEvent(db: Db, now = new Date()): Promise<NextEvent | null> {
  const [row] = await db
    .select({
      id: events.id,
      name: events.name,
      summary: events.summary,
      description: events.description,
      location: events.location,
      startTime: events.startTime,
      endTime: events.endTime,
      maxAttendees: events.maxAttendees,
      imageUrl: events.imageUrl,
      firstGalleryUrl: sql<string | null>`${events.galleryUrls}[1]`,
    })
    .from(events)
    .where(and(eq(events.status, 'upcoming'), gte(events.startTime, now), isNull(events.cancelledAt)))
    .orderBy(asc(events.startTime), asc(events.id))
    .limit(1);
  if (!row) return null;
  return { ...row, startTime: row.startTime.toISOString(), endTime: row.endTime.toISOString() };
}

/** The event with its sponsors (Title Sponsor first) and attendees, in one query. The lists are
 * JSON built in SQL (the first ATTENDEES_PER_GROUP of each status by a window ranking), so the
 * page costs one round trip. */
export async function findEventDetail(db: Db, id: string): Promise<EventDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      ...cardColumns,
      description: events.description,
      content: events.content,
      galleryUrls: events.galleryUrls,
      panelistsUrls: events.panelistsUrls,
      videoUrl: events.videoUrl,
      slidesUrl: events.slidesUrl,
      isFeatured: events.isFeatured,
      recapVideoUrl: events.recapVideoUrl,
      recapDescription: events.recapDescription,
      recapThumbnailUrl: events.recapThumbnailUrl,
      guestCount: sql<number>`(select count(*)::int from event_guests g where g.event_id = events.id)`.mapWith(Number),
      sponsors: sql<EventDetail['sponsors'] | string>`coalesce((select json_agg(json_build_object('id', s.id,
          'name', s.name, 'info', s.info, 'logoUrl', s.logo_url, 'website', s.website, 'level', s.level)
          order by (s.level = 'Title Sponsor') desc, s.name)
        from event_sponsors es join sponsors s on s.id = es.sponsor_id where es.event_id = events.id), '[]')`,
      attendees: sql<EventDetail['attendees'] | string>`coalesce((select json_agg(json_build_object('id', a.id,
          'status', a.status, 'createdAt', a.created_at, 'user', ${memberSummaryJson('p')})
          order by a.created_at, a.id)
        from (select *, row_number() over (partition by status order by created_at, id) as n
          from event_attendees where event_id = events.id) a
        join profiles p on p.id = a.user_id where a.n <= ${ATTENDEES_PER_GROUP}), '[]')`,
      attendeeCounts: sql<EventDetail['attendeeCounts'] | string>`(select json_build_object(
          'attending', count(*) filter (where status = 'attending'), 'maybe', count(*) filter (where status = 'maybe'),
          'waitlisted', count(*) filter (where status = 'waitlisted'))
        from event_attendees where event_id = events.id)`,
    })
    .from(events)
    .where(eq(events.id, id));
  if (!row) return null;
  const card = toCard(row);
  return {
    ...card,
    description: row.description,
    content: row.content,
    galleryUrls: row.galleryUrls ?? [],
    panelistsUrls: row.panelistsUrls ?? [],
    videoUrl: row.videoUrl,
    slidesUrl: row.slidesUrl,
    isFeatured: row.isFeatured,
    recapVideoUrl: row.recapVideoUrl,
    recapDescription: row.recapDescription,
    recapThumbnailUrl: row.recapThumbnailUrl,
    guestCount: row.guestCount,
    seatsTaken: card.attendeeCount + row.guestCount,
    sponsors: json(row.sponsors),
    attendees: json(row.attendees).map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
    attendeeCounts: json(row.attendeeCounts),
  };
}

/** Everyone registered for the event ("View All"), in registration order. */
export async function listAttendees(db: Db, id: string): Promise<Attendee[] | null> {
  if (!(await eventExists(db, id))) return null;
  const rows = await db
    .select({
      id: eventAttendees.id,
      status: eventAttendees.status,
      createdAt: eventAttendees.createdAt,
      user: memberSummaryColumns,
    })
    .from(eventAttendees)
    .innerJoin(profiles, eq(profiles.id, eventAttendees.userId))
    .where(eq(eventAttendees.eventId, id))
    .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.id));
  return rows.map((r) => ({
    ...r,
    status: r.status as AttendeeStatus,
    createdAt: r.createdAt.toISOString(),
    user: presentMemberSummary(r.user),
  }));
}

export async function findMyRegistration(db: Db, eventId: string, userId: string): Promise<MyRegistration | null> {
  if (!isUuid(eventId)) return null;
  const [row] = await db
    .select({
      status: eventAttendees.status,
      guests: sql<MyRegistration['guests'] | string>`coalesce((select json_agg(json_build_object('name',
          g.guest_name, 'email', g.guest_email) order by g.created_at, g.id)
        from event_guests g where g.event_id = event_attendees.event_id and g.profile_id = event_attendees.user_id), '[]')`,
      eventStatus: events.status,
      eventCancelled: isNotNull(events.cancelledAt).mapWith(Boolean),
      maxAttendees: events.maxAttendees,
    })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  if (!row) return null;
  const status = row.status as AttendeeStatus;
  const guests = json(row.guests);
  // The same count setGuests checks against (registration.ts), so the picker offers what is accepted.
  const allowed =
    status === 'attending' && row.eventStatus === 'upcoming' && !row.eventCancelled
      ? guestsAllowed(row.maxAttendees, row.maxAttendees === null ? 0 : await seatsTaken(db, eventId), guests.length)
      : 0;
  return { status, guests, guestsAllowed: allowed };
}

/** An event as a calendar entry (ics.ts's IcsEvent): the public, personal and series feeds. */
export const calendarColumns = {
  id: events.id,
  name: events.name,
  summary: events.summary,
  location: events.location,
  startTime: events.startTime,
  endTime: events.endTime,
  sequence: events.sequence,
  /** A cancelled date of a series stays in the feeds as STATUS:CANCELLED. */
  cancelled: isNotNull(events.cancelledAt).mapWith(Boolean),
};

export async function upcomingForCalendar(db: Db) {
  return db
    .select(calendarColumns)
    .from(events)
    .where(and(inArray(events.status, ['upcoming', 'ongoing']), sql`${events.endTime} >= now() - interval '1 day'`))
    .orderBy(asc(events.startTime))
    .limit(500);
}

export async function eventForCalendar(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select(calendarColumns).from(events).where(eq(events.id, id));
  return row ?? null;
}
