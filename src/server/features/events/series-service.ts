import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { events, eventSeries, seriesMembers } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { describeSchedule } from '../../../shared/recurrence';
import {
  SERIES_ENDED,
  SERIES_ENDED_MESSAGE,
  SERIES_NOT_FOUND,
  type SeriesDate,
  type SeriesRegistrationResponse,
  type SeriesResponse,
} from '../../../shared/series';
import type { IcsEvent } from './ics';
import { joinEvent, leaveEvent } from './registration';
import { calendarColumns, cardColumns, toCard } from './service';

// The member's side of a series (issue 33): its page, "Register for every date" and leaving it,
// and its calendar. Every date is an ordinary event row, so registrations go through the same
// rules as one event's (registration.ts): the row lock, capacity, the waitlist.

/** Past dates the series page lists, newest first (older ones are in the events list). */
export const SERIES_PAST_MAX = 24;
/** Dates in the series' calendar at most: two years of a weekly series, and then some. */
const CALENDAR_MAX = 500;

const dateColumns = {
  ...cardColumns,
  hasRecap: sql<boolean>`(${events.recapVideoUrl} is not null or coalesce(${events.recapDescription}, '') <> '')`,
  galleryCount: sql<number>`coalesce(cardinality(${events.galleryUrls}), 0)`.mapWith(Number),
};

async function seriesRow(db: Pick<Db, 'select'>, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(eventSeries).where(eq(eventSeries.id, id));
  return row ?? null;
}

/** Ended by an admin, or by its own rule (a count or a last day) with no date left to come. */
function hasEnded(series: typeof eventSeries.$inferSelect, datesToCome: number) {
  return series.endedAt !== null || (series.rule.ends.kind !== 'never' && datesToCome === 0);
}

/** The series page: its schedule in words, the dates to come (cancelled ones marked) and the
 * latest past ones with whether they have a recap and photos. Null when there is no such series. */
export async function findSeries(db: Db, id: string, now: Date): Promise<SeriesResponse['series'] | null> {
  const series = await seriesRow(db, id);
  if (!series) return null;
  const ofSeries = eq(events.seriesId, series.id);
  const [upcomingRows, pastRows] = await Promise.all([
    db
      .select(dateColumns)
      .from(events)
      .where(and(ofSeries, gte(events.startTime, now)))
      .orderBy(asc(events.startTime), asc(events.id)),
    db
      .select(dateColumns)
      .from(events)
      .where(and(ofSeries, lt(events.startTime, now)))
      .orderBy(desc(events.startTime), asc(events.id))
      .limit(SERIES_PAST_MAX),
  ]);
  const toDate = (row: (typeof upcomingRows)[number]): SeriesDate => ({
    ...toCard(row),
    hasRecap: Boolean(row.hasRecap),
    galleryCount: row.galleryCount,
  });
  const upcoming = upcomingRows.map(toDate);
  const past = pastRows.map(toDate);
  // The template is what new dates are made with; a series made before it had a value (or
  // edited oddly) falls back to its next date, then its latest.
  const { template } = series;
  const shown = upcoming.find((d) => !d.cancelled) ?? upcoming[0] ?? past[0];
  return {
    id: series.id,
    name: template.name || shown?.name || '',
    summary: template.summary ?? shown?.summary ?? null,
    location: template.location ?? shown?.location ?? null,
    schedule: describeSchedule(series.rule, series.startTime, series.durationMinutes),
    ended: hasEnded(series, upcoming.filter((d) => !d.cancelled).length),
    upcoming,
    past,
  };
}

/** Whether the member registered for every date of the series. */
export async function isSeriesMember(db: Db, seriesId: string, userId: string): Promise<boolean> {
  if (!isUuid(seriesId)) return false;
  const rows = await db
    .select({ userId: seriesMembers.userId })
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId)));
  return rows.length > 0;
}

interface SeriesRegistrationOutcome extends SeriesRegistrationResponse {
  /** Per date: members moved from its waitlist to attending (to be told by e-mail). */
  promoted: { eventId: string; userIds: string[] }[];
}

/** The dates to come, in the order registrations take their locks (start, then id), so two
 * members joining at once never wait on each other in a circle. */
async function datesToCome(tx: Pick<Db, 'select'>, seriesId: string, now: Date) {
  return tx
    .select({ id: events.id, status: events.status, cancelledAt: events.cancelledAt })
    .from(events)
    .where(and(eq(events.seriesId, seriesId), gte(events.startTime, now)))
    .orderBy(asc(events.startTime), asc(events.id));
}

/** Locks the series row: a join or leave and the horizon job's new dates (which register the
 * series' members) run one after the other, so no new date misses a member who just joined. */
async function lockSeries(tx: Pick<Db, 'select'>, id: string) {
  if (!isUuid(id)) throw notFound(SERIES_NOT_FOUND);
  const [series] = await tx.select().from(eventSeries).where(eq(eventSeries.id, id)).for('update');
  if (!series) throw notFound(SERIES_NOT_FOUND);
  return series;
}

/** "Register for every date": the member joins the series (so each new date registers them) and
 * is registered on every date to come that is open: attending, or the waitlist when full. A date
 * they are already on stays as it is; no e-mail per date. Answers where they stand on the dates
 * to come afterwards. */
export async function joinSeries(db: Db, id: string, userId: string, now: Date): Promise<SeriesRegistrationResponse> {
  return db.transaction(async (tx) => {
    const series = await lockSeries(tx, id);
    const open = (await datesToCome(tx, series.id, now)).filter(
      (d) => d.status === 'upcoming' && d.cancelledAt === null,
    );
    if (hasEnded(series, open.length)) throw conflict(SERIES_ENDED, SERIES_ENDED_MESSAGE);
    await tx.insert(seriesMembers).values({ seriesId: series.id, userId }).onConflictDoNothing();
    let attending = 0;
    let waitlisted = 0;
    for (const date of open) {
      const status = await joinEvent(tx, date.id, userId);
      if (status === 'attending') attending++;
      if (status === 'waitlisted') waitlisted++;
    }
    return { joined: true, attending, waitlisted, left: 0 };
  });
}

/** Leaves the series: no new date registers the member, and they (with their guests) leave every
 * date to come; past dates keep their registrations. A freed seat goes to the date's waitlist. */
export async function leaveSeries(db: Db, id: string, userId: string, now: Date): Promise<SeriesRegistrationOutcome> {
  return db.transaction(async (tx) => {
    const series = await lockSeries(tx, id);
    const removed = await tx
      .delete(seriesMembers)
      .where(and(eq(seriesMembers.seriesId, series.id), eq(seriesMembers.userId, userId)))
      .returning({ userId: seriesMembers.userId });
    if (removed.length === 0) throw notFound('You have not joined this series.');
    let left = 0;
    const promoted: SeriesRegistrationOutcome['promoted'] = [];
    for (const date of await datesToCome(tx, series.id, now)) {
      const outcome = await leaveEvent(tx, date.id, userId);
      if (outcome.previous) left++;
      if (outcome.promoted.length > 0) promoted.push({ eventId: date.id, userIds: outcome.promoted });
    }
    return { joined: false, attending: 0, waitlisted: 0, left, promoted };
  });
}

/** The series' dates for its calendar feed (the latest CALENDAR_MAX), cancelled ones marked. */
export async function seriesCalendar(db: Db, id: string): Promise<{ name: string; dates: IcsEvent[] } | null> {
  const series = await seriesRow(db, id);
  if (!series) return null;
  const dates = await db
    .select(calendarColumns)
    .from(events)
    .where(eq(events.seriesId, series.id))
    .orderBy(desc(events.startTime), asc(events.id))
    .limit(CALENDAR_MAX);
  return {
    name: series.template.name || dates[0]?.name || 'Series',
    dates: dates.reverse(),
  };
}
