import { and, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  connections,
  eventAttendees,
  eventFeedback,
  eventGuests,
  events,
  memberActivity,
  profiles,
} from '../../db/schema';
import { isUuid } from '../../db/query-values';
import { iso, json } from '../../db/rows';
import {
  ACTIVE_DAYS,
  ATTENDANCE_EVENTS_SHOWN,
  RETURN_WINDOW_DAYS,
  type CommunityInsights,
  type EventInsights,
  type InsightsPeriod,
  type RegistrationPoint,
} from '../../../shared/insights';

// The organiser's desk (issue 34): the figures of the admin's Insights tab and of each event's
// admin page, as SQL aggregates. The words ("came", "no-show", "first-timer") are defined in
// shared/insights.ts; the SQL below is their one definition on the server.

const DAY_MS = 86_400_000;
/** Compared dates of a series (or events of a category) for the registration curve. */
const COMPARED_EVENTS = 12;
/** The most offered, asked and unmet items listed. */
const TOP_ITEMS = 10;

/** The period's first instant: 90 days back; or the first day of the month 11 months back in the
 * site's time zone, so "12 months" is twelve whole calendar months including this one. */
export async function periodStart(db: Db, period: InsightsPeriod, now: Date, timeZone: string): Promise<Date | null> {
  if (period === 'all') return null;
  if (period === '90d') return new Date(now.getTime() - 90 * DAY_MS);
  // Raw: month arithmetic on the wall calendar of a time zone.
  const { rows } = await db.execute<{ from: Date | string }>(sql`
    select (date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone}) - interval '11 months')
      at time zone ${timeZone} as "from"`);
  return new Date(rows[0]!.from);
}

/** Moves the snapshot the community figures read (migration 0019, decision 038) to `now`: the
 * events whose end lies between its moment and `now` are counted again. Writes nothing when no
 * event ended in between. */
export async function catchUp(db: Db, now: Date): Promise<void> {
  // Raw: a function of the migration, which locks the snapshot while it moves it.
  await db.execute(sql`select insights_catch_up(${now.toISOString()}::timestamptz)`);
}

interface AttendanceRow {
  eventId: string;
  name: string;
  startTime: string;
  attending: number;
  came: number;
  noShows: number | null;
  guests: number;
  firstTimers: number;
}

/** Attendance per past event of the period, the return rate and the events-attended buckets,
 * from the snapshot: each past event's door (insights_events) and each member's first, second
 * and latest five events (insights_members), kept by triggers as the rows change. */
export async function attendanceFigures(db: Db, from: Date | null, now: Date) {
  const nowIso = now.toISOString();
  const fromIso = from?.toISOString() ?? null;
  const inPeriod = (column: string) =>
    fromIso === null ? sql`true` : sql`${sql.raw(column)} >= ${fromIso}::timestamptz`;
  // A member's events in the period, at most 5: how many of their latest five starts (oldest
  // first) are not before the period's start.
  const attended =
    fromIso === null
      ? sql`least(m.came, 5)`
      : sql`cardinality(m.recent) - width_bucket(${fromIso}::timestamptz - interval '1 microsecond', m.recent)`;
  // Raw: json aggregates over the snapshot's tables; one pass over the members for the rest.
  const [attendance, members] = await Promise.all([
    db.execute<{ attendance: AttendanceRow[] | string | null; total: number }>(sql`
      select
        (select json_agg(json_build_object(
            'eventId', l.event_id, 'name', l.name, 'startTime', l.start_time,
            'attending', l.attending, 'came', l.came, 'noShows', l.no_shows, 'guests', l.guests,
            'firstTimers', l.first_timers)
          order by l.start_time, l.event_id)
         from (
           select i.*, e.name from insights_events i join events e on e.id = i.event_id
           where ${inPeriod('i.start_time')}
           order by i.start_time desc, i.event_id desc
           limit ${ATTENDANCE_EVENTS_SHOWN}
         ) l) as attendance,
        (select count(*)::int from insights_events i where ${inPeriod('i.start_time')}) as total`),
    db.execute<{
      first_timers: number;
      returned: number;
      pending: number;
      b1: number;
      b2: number;
      b3: number;
      b4: number;
      b5: number;
    }>(sql`
      select
        count(*) filter (where first_timer)::int as first_timers,
        count(*) filter (where first_timer and second_at <= first_at + make_interval(days => ${RETURN_WINDOW_DAYS}))::int as returned,
        count(*) filter (where first_timer
          and (second_at is null or second_at > first_at + make_interval(days => ${RETURN_WINDOW_DAYS}))
          and first_at + make_interval(days => ${RETURN_WINDOW_DAYS}) > ${nowIso}::timestamptz)::int as pending,
        count(*) filter (where attended = 1)::int as b1,
        count(*) filter (where attended = 2)::int as b2,
        count(*) filter (where attended = 3)::int as b3,
        count(*) filter (where attended = 4)::int as b4,
        count(*) filter (where attended >= 5)::int as b5
      from (
        select ${inPeriod('m.first_at')} as first_timer, m.first_at, m.second_at, ${attended} as attended
        from insights_members m
      ) m`),
  ]);
  const row = members.rows[0]!;
  const listed = attendance.rows[0]!;
  const list = (json(listed.attendance) ?? []).map((a) => ({ ...a, startTime: iso(a.startTime) }));
  const eventsAttended = ([1, 2, 3, 4, 5] as const).map((n) => ({
    bucket: (n === 5 ? '5+' : String(n)) as CommunityInsights['eventsAttended'][number]['bucket'],
    members: row[`b${n}`],
  }));
  const firstTimers = row.first_timers;
  const decided = firstTimers - row.pending;
  return {
    attendance: list,
    attendanceTotal: listed.total,
    returnRate: {
      firstTimers,
      returned: row.returned,
      pending: row.pending,
      rate: decided > 0 ? row.returned / decided : null,
    },
    eventsAttended,
  };
}

/** Members "active" in the last ACTIVE_DAYS days: their latest sign of life (a session made or
 * refreshed, a registration, a check-in, a rating, a message, a forum post or reply; kept in
 * member_activity by triggers) falls in the window. Reading alone leaves no trace. */
async function activeMembers(db: Db, now: Date): Promise<number> {
  const since = new Date(now.getTime() - ACTIVE_DAYS * DAY_MS).toISOString();
  const [row] = await db
    .select({ n: count() })
    .from(memberActivity)
    .where(
      sql`${memberActivity.lastActiveAt} > ${since}::timestamptz and ${memberActivity.lastActiveAt} <= ${now.toISOString()}::timestamptz`,
    );
  return row!.n;
}

/** Members joined per calendar month of the period (every month present), with the running total:
 * each month's joiners counted by a range of the index on created_at, not by converting every
 * member's date to the site's time zone. */
async function membersPerMonth(db: Db, from: Date | null, now: Date, timeZone: string) {
  const nowIso = now.toISOString();
  // All time starts at the first member's month.
  const first =
    from === null
      ? sql`coalesce((select min(created_at) from profiles), ${nowIso}::timestamptz)`
      : sql`${from.toISOString()}::timestamptz`;
  // Raw: generate_series over the months of a time zone's calendar, with a running total.
  const { rows } = await db.execute<{ month: string; joined: number; total: number }>(sql`
    with bounds as (
      select date_trunc('month', ${first} at time zone ${timeZone}) as first_month,
        date_trunc('month', ${nowIso}::timestamptz at time zone ${timeZone}) as last_month
    ),
    months as (
      select m, m at time zone ${timeZone} as starts,
        least((m + interval '1 month') at time zone ${timeZone}, ${nowIso}::timestamptz + interval '1 microsecond') as ends
      from bounds, generate_series(first_month, last_month, interval '1 month') as m
    ),
    joined as (
      select m, (select count(*) from profiles p where p.created_at >= starts and p.created_at < ends) as n from months
    ),
    before as (
      select count(*) as n from profiles p, bounds b where p.created_at < b.first_month at time zone ${timeZone}
    )
    select to_char(m, 'YYYY-MM') as month, n::int as joined,
      ((select n from before) + sum(n) over (order by m))::int as total
    from joined
    order by m`);
  return rows.map((r) => ({ month: r.month, joined: Number(r.joined), total: Number(r.total) }));
}

/** Offers and asks grouped by their terms (the words matching compares, as a sorted set), each
 * labelled with the text most members typed for it, from offer_ask_groups (kept by triggers). An
 * ask is unmet when no offer shares a term with it. Items with no terms (stop words only) match
 * nothing and are left out. */
export async function offersAndAsksFigures(db: Db): Promise<CommunityInsights['offersAndAsks']> {
  // Raw: a window over groups keyed by arrays, and an array overlap.
  const { rows } = await db.execute<{ list: 'offered' | 'asked' | 'unmet'; label: string; members: number }>(sql`
    with offered_terms as materialized (
      select coalesce(array_agg(distinct t), '{}') as terms
      from offer_ask_groups g, unnest(g.key) t where g.kind = 'offer'
    ),
    listed as (
      select case kind when 'offer' then 'offered' else 'asked' end as list, label, members from offer_ask_groups
      union all
      select 'unmet', label, members from offer_ask_groups g, offered_terms o where g.kind = 'ask' and not (g.key && o.terms)
    ),
    numbered as (
      select *, row_number() over (partition by list order by members desc, label) as n from listed
    )
    select list, label, members from numbered where n <= ${TOP_ITEMS} order by list, n`);
  const pick = (list: string) =>
    rows.filter((r) => r.list === list).map((r) => ({ label: r.label, members: Number(r.members) }));
  return { offered: pick('offered'), asked: pick('asked'), unmet: pick('unmet') };
}

export async function communityInsights(
  db: Db,
  period: InsightsPeriod,
  now: Date,
  timeZone: string,
): Promise<CommunityInsights> {
  const [from] = await Promise.all([periodStart(db, period, now, timeZone), catchUp(db, now)]);
  const [active, perMonth, attendance, offersAndAsks] = await Promise.all([
    activeMembers(db, now),
    membersPerMonth(db, from, now, timeZone),
    attendanceFigures(db, from, now),
    offersAndAsksFigures(db),
  ]);
  return {
    period,
    from: from?.toISOString() ?? null,
    to: now.toISOString(),
    // Everyone who joined by now: the running total of the last month.
    members: { total: perMonth.at(-1)?.total ?? 0, active, perMonth },
    attendance: attendance.attendance,
    attendanceTotal: attendance.attendanceTotal,
    returnRate: attendance.returnRate,
    eventsAttended: attendance.eventsAttended,
    offersAndAsks,
  };
}

// ---- one event ------------------------------------------------------------------------------

/** Registrations (members, any status) of the given events by whole days before each one's start
 * (made after the start counts at 0), cumulative from the announcement down to the start, and
 * averaged over the events: an event announced later than a day counts 0 there. */
async function registrationCurve(db: Db, eventIds: string[], fromDay: number): Promise<RegistrationPoint[]> {
  if (eventIds.length === 0) return [];
  // Raw: generate_series for every day of the axis and a running sum from the announcement down.
  const { rows } = await db.execute<{ days_before: number; registrations: number }>(sql`
    with chosen as (
      select id, start_time, created_at from events where id = any(${`{${eventIds.join(',')}}`}::uuid[])
    ),
    axis as (
      select generate_series(0, greatest(max(floor(extract(epoch from start_time - created_at) / 86400)), 0)::int) as d
      from chosen
    ),
    per_day as (
      select greatest(floor(extract(epoch from c.start_time - a.created_at) / 86400), 0)::int as d, count(*) as n
      from chosen c join event_attendees a on a.event_id = c.id
      group by 1
    )
    select axis.d as days_before,
      (coalesce(sum(per_day.n) over (order by axis.d desc), 0)::float / ${eventIds.length}) as registrations
    from axis left join per_day on per_day.d = axis.d
    order by axis.d desc`);
  return rows
    .map((r) => ({ daysBefore: Number(r.days_before), registrations: Math.round(Number(r.registrations) * 10) / 10 }))
    .filter((p) => p.daysBefore >= fromDay);
}

/** The previous dates of the event's series (up to COMPARED_EVENTS), or else its category's
 * previous events: past its start, not cancelled. */
async function comparedEvents(
  db: Db,
  event: { id: string; startTime: Date; seriesId: string | null; category: string | null },
): Promise<{ basis: 'series' | 'category'; ids: string[] } | null> {
  const previous = (match: ReturnType<typeof eq>) =>
    db
      .select({ id: events.id })
      .from(events)
      .where(
        and(
          match,
          ne(events.id, event.id),
          sql`${events.startTime} < ${event.startTime.toISOString()}::timestamptz`,
          sql`${events.cancelledAt} is null`,
        ),
      )
      .orderBy(desc(events.startTime))
      .limit(COMPARED_EVENTS);
  if (event.seriesId) {
    const rows = await previous(eq(events.seriesId, event.seriesId));
    if (rows.length > 0) return { basis: 'series', ids: rows.map((r) => r.id) };
  }
  if (event.category) {
    const rows = await previous(eq(events.category, event.category));
    if (rows.length > 0) return { basis: 'category', ids: rows.map((r) => r.id) };
  }
  return null;
}

/** The name a comparison is shown under: the series' (its template's) or the category. */
async function seriesName(db: Db, seriesId: string): Promise<string> {
  const { rows } = await db.execute<{ name: string | null }>(
    // Raw: a field of the series' jsonb template.
    sql`select template->>'name' as name from event_series where id = ${seriesId}`,
  );
  return rows[0]?.name ?? 'Series';
}

export async function eventInsights(db: Db, eventId: string, now: Date): Promise<EventInsights | null> {
  if (!isUuid(eventId)) return null;
  const [event] = await db
    .select({
      id: events.id,
      name: events.name,
      startTime: events.startTime,
      endTime: events.endTime,
      createdAt: events.createdAt,
      cancelledAt: events.cancelledAt,
      seriesId: events.seriesId,
      category: events.category,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return null;
  const ended = event.endTime.getTime() <= now.getTime();
  // Before the start, the curve runs up to today.
  const untilDay = Math.max(0, Math.floor((event.startTime.getTime() - now.getTime()) / DAY_MS));
  const compared = await comparedEvents(db, event);

  const a = alias(profiles, 'a');
  const b = alias(profiles, 'b');
  const [curve, comparison, [status], [guests], door, firstTimers, ratings, comments, pairs] = await Promise.all([
    registrationCurve(db, [event.id], untilDay),
    compared ? registrationCurve(db, compared.ids, 0) : Promise.resolve(null),
    db
      .select({
        attending: sql<number>`count(*) filter (where ${eventAttendees.status} = 'attending')`.mapWith(Number),
        maybe: sql<number>`count(*) filter (where ${eventAttendees.status} = 'maybe')`.mapWith(Number),
        waitlisted: sql<number>`count(*) filter (where ${eventAttendees.status} = 'waitlisted')`.mapWith(Number),
      })
      .from(eventAttendees)
      .where(eq(eventAttendees.eventId, event.id)),
    db.select({ n: count() }).from(eventGuests).where(eq(eventGuests.eventId, event.id)),
    doorFigures(db, event.id),
    firstTimerFigures(db, event.id, event.startTime, ended, now),
    db
      .select({ rating: eventFeedback.rating, n: count() })
      .from(eventFeedback)
      .where(eq(eventFeedback.eventId, event.id))
      .groupBy(eventFeedback.rating),
    db
      .select({
        rating: eventFeedback.rating,
        comment: eventFeedback.comment,
        showName: eventFeedback.showName,
        fullName: profiles.fullName,
        username: profiles.username,
        at: eventFeedback.updatedAt,
      })
      .from(eventFeedback)
      .innerJoin(profiles, eq(profiles.id, eventFeedback.userId))
      .where(and(eq(eventFeedback.eventId, event.id), isNotNull(eventFeedback.comment), ne(eventFeedback.comment, '')))
      .orderBy(desc(eventFeedback.updatedAt), eventFeedback.userId),
    db
      .select({
        a: sql<string>`coalesce(${a.fullName}, ${a.username})`,
        b: sql<string>`coalesce(${b.fullName}, ${b.username})`,
      })
      .from(connections)
      .innerJoin(a, eq(a.id, connections.requesterId))
      .innerJoin(b, eq(b.id, connections.recipientId))
      .where(and(eq(connections.metAtEventId, event.id), eq(connections.status, 'accepted')))
      .orderBy(connections.createdAt, connections.id),
  ]);

  const rated = ratings.reduce((sum, r) => sum + r.n, 0);
  const byRating = new Map(ratings.map((r) => [r.rating, r.n]));
  const comparisonName = compared
    ? compared.basis === 'series'
      ? await seriesName(db, event.seriesId!)
      : event.category!
    : null;
  return {
    event: {
      id: event.id,
      name: event.name,
      startTime: event.startTime.toISOString(),
      endTime: event.endTime.toISOString(),
      createdAt: event.createdAt.toISOString(),
      cancelled: event.cancelledAt !== null,
      ended,
      seriesId: event.seriesId,
      category: event.category,
    },
    registrations: {
      curve,
      comparison:
        compared && comparison
          ? { basis: compared.basis, name: comparisonName!, events: compared.ids.length, curve: comparison }
          : null,
    },
    status: { ...status!, guests: guests!.n },
    door: { ...door, noShows: door.usedCheckIn && ended ? door.noShows : null },
    firstTimers,
    rating: {
      count: rated,
      average: rated > 0 ? ratings.reduce((sum, r) => sum + r.rating * r.n, 0) / rated : null,
      distribution: ([1, 2, 3, 4, 5] as const).map((rating) => ({ rating, count: byRating.get(rating) ?? 0 })),
      comments: comments.map((c) => ({
        rating: c.rating,
        comment: c.comment!,
        name: c.showName ? (c.fullName ?? c.username) : null,
        at: c.at.toISOString(),
      })),
    },
    connections: { count: pairs.length, pairs },
  };
}

/** Check-ins at the door, and attending members without one. */
async function doorFigures(db: Db, eventId: string) {
  // Raw: the member's ticket is matched by its text form ('member:<id>'), which the index holds.
  const { rows } = await db.execute<{ checked_in: number; guests: number; no_shows: number }>(sql`
    select
      (select count(*)::int from event_check_ins where event_id = ${eventId}) as checked_in,
      (select count(*)::int from event_check_ins where event_id = ${eventId} and guest_id is not null) as guests,
      (select count(*)::int from event_attendees a where a.event_id = ${eventId} and a.status = 'attending'
        and not exists (select 1 from event_check_ins c where c.event_id = a.event_id and c.ticket = 'member:' || a.user_id)
      ) as no_shows`);
  const row = rows[0]!;
  return {
    usedCheckIn: row.checked_in > 0,
    checkedIn: row.checked_in,
    guestsCheckedIn: row.guests,
    noShows: row.no_shows,
  };
}

/** Among the members who came (before the end: who are attending), those who came to no earlier
 * event (first-timers), and those who did: per member, by their own rows (the user indexes), not
 * by everyone's history. */
async function firstTimerFigures(db: Db, eventId: string, startTime: Date, ended: boolean, now: Date) {
  const nowIso = now.toISOString();
  const start = startTime.toISOString();
  // An event before this one that counts (ended, not cancelled); a tie on the start by id.
  const earlier = sql`e.id <> ${eventId} and e.cancelled_at is null and e.end_time <= ${nowIso}::timestamptz
    and (e.start_time < ${start}::timestamptz or (e.start_time = ${start}::timestamptz and e.id < ${eventId}))`;
  // Raw: "came" (see cameCtes) asked per member with exists, over a union.
  const { rows } = await db.execute<{ first_timers: number; returning: number }>(sql`
    with here as (
      select c.user_id from event_check_ins c where c.event_id = ${eventId} and c.guest_id is null and ${ended}
      union
      select a.user_id from event_attendees a
      where a.event_id = ${eventId} and a.status = 'attending'
        and (not ${ended} or not exists (select 1 from event_check_ins c where c.event_id = ${eventId}))
    ),
    seen as (
      select exists (
        select 1 from event_check_ins c join events e on e.id = c.event_id
        where c.user_id = h.user_id and c.guest_id is null and ${earlier}
        union all
        select 1 from event_attendees a join events e on e.id = a.event_id
        where a.user_id = h.user_id and a.status = 'attending' and ${earlier}
          and not exists (select 1 from event_check_ins c where c.event_id = e.id)
      ) as before
      from here h
    )
    select (count(*) filter (where not before))::int as first_timers, (count(*) filter (where before))::int as returning
    from seen`);
  return { firstTimers: rows[0]!.first_timers, returning: rows[0]!.returning };
}
