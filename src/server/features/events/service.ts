import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso, json } from '../../db/rows';
import { ATTENDEES_PER_GROUP } from '../../../shared/events';
import type {
  Attendee,
  AttendeeStatus,
  EventCard,
  EventDetail,
  EventsListQuery,
  EventsListResponse,
  MyRegistration,
  NextEvent,
} from '../../../shared/events';
import { containsPattern, isUuid } from '../../db/query-values';
import { memberSummaryJson, presentMemberSummary } from '../../platform/presenters';

// Reads for the public event screens. Every list is filtered, counted and paged in SQL.

type CardRow = {
  id: string;
  name: string;
  summary: string | null;
  location: string | null;
  category: string | null;
  status: EventCard['status'];
  start_time: Date | string;
  end_time: Date | string;
  image_url: string | null;
  max_attendees: number | null;
  attendee_count: number;
};

const cardColumns = sql`e.id, e.name, e.summary, e.location, e.category, e.status, e.start_time, e.end_time,
  e.image_url, e.max_attendees,
  (select count(*)::int from event_attendees a where a.event_id = e.id and a.status = 'attending') as attendee_count`;

export function toCard(row: CardRow): EventCard {
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    location: row.location,
    category: row.category,
    status: row.status,
    startTime: iso(row.start_time),
    endTime: iso(row.end_time),
    imageUrl: row.image_url,
    maxAttendees: row.max_attendees,
    attendeeCount: Number(row.attendee_count),
  };
}

export async function listEvents(
  db: Db,
  query: EventsListQuery,
  categories: () => Promise<string[]> = () => listCategories(db),
): Promise<EventsListResponse> {
  const filters = [sql`true`];
  if (query.q) {
    // Same expression as the trigram index events_search_trgm_idx.
    filters.push(
      sql`lower(e.name || ' ' || coalesce(e.summary, '') || ' ' || coalesce(e.location, '')) like ${containsPattern(query.q)}`,
    );
  }
  if (query.status) filters.push(sql`e.status = ${query.status}`);
  if (query.category) filters.push(sql`e.category = ${query.category}`);
  const where = sql.join(filters, sql` and `);
  const offset = (query.page - 1) * query.pageSize;

  const [rows, total, categoryList] = await Promise.all([
    db.execute<CardRow>(sql`select ${cardColumns} from events e where ${where}
      order by e.start_time desc, e.id limit ${query.pageSize} offset ${offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from events e where ${where}`),
    categories(),
  ]);
  return {
    events: rows.rows.map(toCard),
    total: Number(total.rows[0]!.n),
    page: query.page,
    pageSize: query.pageSize,
    categories: categoryList,
  };
}

export async function listCategories(db: Db): Promise<string[]> {
  const result = await db.execute<{ category: string }>(
    sql`select distinct category from events where category is not null and category <> '' order by category`,
  );
  return result.rows.map((r) => r.category);
}

export async function latestEvents(db: Db, limit: number): Promise<EventCard[]> {
  const rows = await db.execute<CardRow>(
    sql`select ${cardColumns} from events e order by e.start_time desc, e.id limit ${limit}`,
  );
  return rows.rows.map(toCard);
}

/** The spec's next event: status upcoming, start at or after now, earliest first. */
export async function findNextEvent(db: Db, now = new Date()): Promise<NextEvent | null> {
  const result = await db.execute<{
    id: string;
    name: string;
    summary: string | null;
    description: string | null;
    location: string | null;
    start_time: Date | string;
    end_time: Date | string;
    max_attendees: number | null;
    image_url: string | null;
    first_gallery_url: string | null;
  }>(sql`select id, name, summary, description, location, start_time, end_time, max_attendees, image_url,
      gallery_urls[1] as first_gallery_url
    from events where status = 'upcoming' and start_time >= ${now.toISOString()}
    order by start_time asc, id limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    summary: row.summary,
    description: row.description,
    location: row.location,
    startTime: iso(row.start_time),
    endTime: iso(row.end_time),
    maxAttendees: row.max_attendees,
    imageUrl: row.image_url,
    firstGalleryUrl: row.first_gallery_url,
  };
}

type DetailRow = CardRow & {
  description: string | null;
  content: string | null;
  gallery_urls: string[];
  panelists_urls: string[];
  video_url: string | null;
  slides_url: string | null;
  is_featured: boolean;
  recap_video_url: string | null;
  recap_description: string | null;
  recap_thumbnail_url: string | null;
  guest_count: number;
  sponsors: EventDetail['sponsors'] | string;
  attendees: EventDetail['attendees'] | string;
  attendee_counts: EventDetail['attendeeCounts'] | string;
};

/** The event with its sponsors (Title Sponsor first) and attendees, in one query. */
export async function findEventDetail(db: Db, id: string): Promise<EventDetail | null> {
  if (!isUuid(id)) return null;
  const result = await db.execute<DetailRow>(sql`select ${cardColumns},
      e.description, e.content, e.gallery_urls, e.panelists_urls, e.video_url, e.slides_url, e.is_featured,
      e.recap_video_url, e.recap_description, e.recap_thumbnail_url,
      (select count(*)::int from event_guests g where g.event_id = e.id) as guest_count,
      coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'info', s.info, 'logoUrl', s.logo_url,
          'website', s.website, 'level', s.level) order by (s.level = 'Title Sponsor') desc, s.name)
        from event_sponsors es join sponsors s on s.id = es.sponsor_id where es.event_id = e.id), '[]') as sponsors,
      coalesce((select json_agg(json_build_object('id', a.id, 'status', a.status, 'createdAt', a.created_at,
          'user', ${memberSummaryJson('p')})
          order by a.created_at, a.id)
        from (select *, row_number() over (partition by status order by created_at, id) as n
          from event_attendees where event_id = e.id) a
        join profiles p on p.id = a.user_id where a.n <= ${ATTENDEES_PER_GROUP}), '[]') as attendees,
      (select json_build_object('attending', count(*) filter (where status = 'attending'),
          'maybe', count(*) filter (where status = 'maybe'), 'waitlisted', count(*) filter (where status = 'waitlisted'))
        from event_attendees where event_id = e.id) as attendee_counts
    from events e where e.id = ${id}`);
  const row = result.rows[0];
  if (!row) return null;
  const card = toCard(row);
  const guestCount = Number(row.guest_count);
  return {
    ...card,
    description: row.description,
    content: row.content,
    galleryUrls: row.gallery_urls ?? [],
    panelistsUrls: row.panelists_urls ?? [],
    videoUrl: row.video_url,
    slidesUrl: row.slides_url,
    isFeatured: row.is_featured,
    recapVideoUrl: row.recap_video_url,
    recapDescription: row.recap_description,
    recapThumbnailUrl: row.recap_thumbnail_url,
    guestCount,
    seatsTaken: card.attendeeCount + guestCount,
    sponsors: json(row.sponsors),
    attendees: json(row.attendees).map((a) => ({ ...a, createdAt: iso(a.createdAt) })),
    attendeeCounts: json(row.attendee_counts),
  };
}

/** Everyone registered for the event ("View All"), in registration order. */
export async function listAttendees(db: Db, id: string): Promise<Attendee[] | null> {
  if (!isUuid(id)) return null;
  const exists = await db.execute(sql`select 1 from events where id = ${id}`);
  if (exists.rows.length === 0) return null;
  const rows = await db.execute<{
    id: string;
    status: AttendeeStatus;
    created_at: Date | string;
    user_id: string;
    username: string;
    full_name: string | null;
    avatar_url: string | null;
  }>(sql`select a.id, a.status, a.created_at, p.id as user_id, p.username, p.full_name, p.avatar_url
    from event_attendees a join profiles p on p.id = a.user_id
    where a.event_id = ${id} order by a.created_at, a.id`);
  return rows.rows.map((r) => ({
    id: r.id,
    status: r.status,
    createdAt: iso(r.created_at),
    user: presentMemberSummary({ id: r.user_id, username: r.username, fullName: r.full_name, avatarUrl: r.avatar_url }),
  }));
}

export async function findMyRegistration(db: Db, eventId: string, userId: string): Promise<MyRegistration | null> {
  if (!isUuid(eventId)) return null;
  const result = await db.execute<{ status: AttendeeStatus; guests: { name: string; email: string }[] | string }>(sql`
    select a.status,
      coalesce((select json_agg(json_build_object('name', g.guest_name, 'email', g.guest_email) order by g.created_at, g.id)
        from event_guests g where g.event_id = a.event_id and g.profile_id = a.user_id), '[]') as guests
    from event_attendees a where a.event_id = ${eventId} and a.user_id = ${userId}`);
  const row = result.rows[0];
  return row ? { status: row.status, guests: json(row.guests) } : null;
}

export async function upcomingForCalendar(db: Db) {
  const result = await db.execute<{
    id: string;
    name: string;
    summary: string | null;
    location: string | null;
    start_time: Date | string;
    end_time: Date | string;
    sequence: number;
  }>(sql`select id, name, summary, location, start_time, end_time, sequence from events
    where status in ('upcoming', 'ongoing') and end_time >= now() - interval '1 day'
    order by start_time asc limit 500`);
  return result.rows.map((r) => ({ ...r, startTime: new Date(r.start_time), endTime: new Date(r.end_time) }));
}

export async function eventForCalendar(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const result = await db.execute<{
    id: string;
    name: string;
    summary: string | null;
    location: string | null;
    start_time: Date | string;
    end_time: Date | string;
    sequence: number;
  }>(sql`select id, name, summary, location, start_time, end_time, sequence from events where id = ${id}`);
  const r = result.rows[0];
  return r ? { ...r, startTime: new Date(r.start_time), endTime: new Date(r.end_time) } : null;
}
