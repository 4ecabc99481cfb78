import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { eventAttendees, eventSeries, eventSponsors, events, seriesMembers, sponsors } from '../../db/schema';
import { HttpError, invariant, notFound, unprocessable } from '../../platform/errors';
import type { JobDefinition } from '../../platform/jobs';
import type { Mailer } from '../../platform/mail';
import type { Storage } from '../../platform/storage';
import { localDate, toLocalInput, type EventInput } from '../../../shared/event-admin';
import { SERIES_TEXTS, addMonths, dateTimes, ruleDates, type RecurrenceRule } from '../../../shared/recurrence';
import {
  SERIES_DURATION_MAX_MINUTES,
  SERIES_DURATION_MESSAGE,
  SERIES_NO_DATES,
  SERIES_NO_DATES_MESSAGE,
  SERIES_NOT_FOUND,
  SERIES_START_MAX_MONTHS_BACK,
  SERIES_START_TOO_EARLY_MESSAGE,
  type CreateSeriesResponse,
  type SeriesInput,
  type SeriesTemplate,
} from '../../../shared/series';
import { formColumns, setSponsors, type Tx } from './admin-events';
import { seatsTaken } from './registration';

// How the dates of a series are made (issue 33): the event form read as a series (first day,
// wall-clock time, duration, template), the horizon, the insert that makes each day once (the
// unique (series_id, series_date) decides, whichever process gets there first), a new series and
// the hourly job that extends every series. Edits, cancelling and ending are in series-admin.ts.

export interface SeriesDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Tells our own uploads from other images when content is sanitised (optional: /uploads/ only). */
  storage?: Pick<Storage, 'locate'>;
}

/** How far ahead a rule's first day is looked for: a rule with none in five years has none that matters. */
const FIRST_DATE_SEARCH_MONTHS = 60;
/** Rows per insert. */
const CHUNK = 500;

/** The last day dates are made for: SERIES_HORIZON months after today on the community's calendar. */
export const horizonDate = (now: Date, config: Pick<Config, 'SITE_TIMEZONE' | 'SERIES_HORIZON'>) =>
  addMonths(localDate(now, config.SITE_TIMEZONE), config.SERIES_HORIZON);

/** The form's own refusals name the form's fields; in a series request the form is `event`. */
function underEvent<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof HttpError) || !error.fields) throw error;
    const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [`event.${k}`, v]));
    throw new HttpError(error.statusCode, error.code, error.message, fields);
  }
}

/** The event form read as a series: the row's columns (first date), the template for the others,
 * the day chosen, and the wall-clock time and duration every date repeats. */
export function seriesForm(input: EventInput, timeZone: string, storage?: Pick<Storage, 'locate'>) {
  const values = underEvent(() => formColumns(input, timeZone, storage ?? { locate: () => null }));
  const start = toLocalInput(values.startTime, timeZone);
  const end = toLocalInput(values.endTime, timeZone);
  // Wall minutes: 6-8 PM is two hours on every date, even when the form's own date has a clock change.
  const wallMinutes = (Date.parse(`${end}Z`) - Date.parse(`${start}Z`)) / 60_000;
  const durationMinutes =
    wallMinutes > 0 ? wallMinutes : Math.round((values.endTime.getTime() - values.startTime.getTime()) / 60_000);
  if (durationMinutes > SERIES_DURATION_MAX_MINUTES) {
    throw unprocessable('VALIDATION_ERROR', SERIES_DURATION_MESSAGE, 'event.endTime');
  }
  const template: SeriesTemplate = {
    name: values.name,
    summary: values.summary,
    description: values.description,
    content: values.content,
    location: values.location,
    category: values.category,
    maxAttendees: values.maxAttendees,
    whatToBring: values.whatToBring,
    imageUrl: values.imageUrl,
    panelistsUrls: values.panelistsUrls,
    videoUrl: values.videoUrl,
    slidesUrl: values.slidesUrl,
    isFeatured: values.isFeatured,
    sponsorIds: [...new Set(input.sponsorIds)],
  };
  return { values, template, date: start.slice(0, 10), startTime: start.slice(11, 16), durationMinutes };
}

/** The rule's first day at or after `from`; 422 naming the field when it has none. */
export function firstRuleDate(rule: RecurrenceRule, from: string): string {
  const [first] = ruleDates(rule, from, addMonths(from, FIRST_DATE_SEARCH_MONTHS));
  if (first) return first;
  if (rule.ends.kind === 'until' && rule.ends.date < from) {
    throw unprocessable('VALIDATION_ERROR', SERIES_TEXTS.untilInvalid, 'repeat.ends.date');
  }
  throw unprocessable(SERIES_NO_DATES, SERIES_NO_DATES_MESSAGE, 'repeat');
}

/** The weekdays or monthly day without the end: whether a change of rule is only a change of its end. */
export const samePattern = (a: RecurrenceRule, b: RecurrenceRule) =>
  JSON.stringify({ ...a, ends: null }) === JSON.stringify({ ...b, ends: null });

/** A template's values as event columns (each date's own status, times and recap are not in it). */
export const templateColumns = (t: SeriesTemplate) => ({
  name: t.name,
  summary: t.summary,
  description: t.description,
  content: t.content,
  location: t.location,
  category: t.category,
  maxAttendees: t.maxAttendees,
  whatToBring: t.whatToBring,
  imageUrl: t.imageUrl,
  panelistsUrls: t.panelistsUrls,
  videoUrl: t.videoUrl,
  slidesUrl: t.slidesUrl,
  isFeatured: t.isFeatured,
});

export interface SeriesShape {
  id: string;
  template: SeriesTemplate;
  startTime: string;
  durationMinutes: number;
}

/** Makes the dates `days` of the series that do not exist yet, with its template and sponsors.
 * On conflict (the day exists, made by another process or kept from before) nothing happens:
 * only the rows this call made come back. */
export async function insertDates(
  tx: Tx,
  series: SeriesShape,
  days: string[],
  timeZone: string,
): Promise<{ id: string; seriesDate: string }[]> {
  const made: { id: string; seriesDate: string }[] = [];
  for (let i = 0; i < days.length; i += CHUNK) {
    const rows = await tx
      .insert(events)
      .values(
        days.slice(i, i + CHUNK).map((day) => {
          const { start, end } = dateTimes(day, series.startTime, series.durationMinutes, timeZone);
          return {
            ...templateColumns(series.template),
            status: 'upcoming',
            startTime: start,
            endTime: end,
            seriesId: series.id,
            seriesDate: day,
          };
        }),
      )
      .onConflictDoNothing({ target: [events.seriesId, events.seriesDate] })
      .returning({ id: events.id, seriesDate: events.seriesDate });
    made.push(...rows.map((r) => ({ id: r.id, seriesDate: r.seriesDate! })));
  }
  const wanted = series.template.sponsorIds;
  if (made.length > 0 && wanted.length > 0) {
    // A sponsor deleted since the template was saved is left out, not an error.
    const existing = await tx.select({ id: sponsors.id }).from(sponsors).where(inArray(sponsors.id, wanted));
    const links = made.flatMap((d) => existing.map((s) => ({ eventId: d.id, sponsorId: s.id })));
    for (let i = 0; i < links.length; i += CHUNK) {
      await tx
        .insert(eventSponsors)
        .values(links.slice(i, i + CHUNK))
        .onConflictDoNothing();
    }
  }
  return made;
}

/** Registers the series' members ("Register for every date") on new dates: attending while seats
 * are left, then the waitlist in the order they joined the series. No e-mail: they asked once. */
export async function registerMembers(
  tx: Tx,
  seriesId: string,
  eventIds: string[],
  maxAttendees: number | null,
): Promise<{ attending: number; waitlisted: number }> {
  const counts = { attending: 0, waitlisted: 0 };
  if (eventIds.length === 0) return counts;
  const members = await tx
    .select({ userId: seriesMembers.userId })
    .from(seriesMembers)
    .where(eq(seriesMembers.seriesId, seriesId))
    .orderBy(asc(seriesMembers.createdAt), asc(seriesMembers.userId));
  if (members.length === 0) return counts;
  for (const eventId of eventIds) {
    const free = maxAttendees === null ? Infinity : maxAttendees - (await seatsTaken(tx, eventId));
    const rows = await tx
      .insert(eventAttendees)
      .values(
        members.map((m, i) => ({
          eventId,
          userId: m.userId,
          status: i < free ? 'attending' : 'waitlisted',
          // A microsecond apart, so the waitlist keeps the order they joined the series.
          createdAt: sql`now() + make_interval(secs => ${i / 1_000_000})`,
        })),
      )
      .onConflictDoNothing({ target: [eventAttendees.eventId, eventAttendees.userId] })
      .returning({ status: eventAttendees.status });
    for (const r of rows) counts[r.status === 'attending' ? 'attending' : 'waitlisted']++;
  }
  return counts;
}

export type SeriesRow = typeof eventSeries.$inferSelect;

/** The series row, locked for this transaction: its changes and the horizon job take turns. */
export async function lockSeries(tx: Tx, id: string): Promise<SeriesRow> {
  const [row] = isUuid(id) ? await tx.select().from(eventSeries).where(eq(eventSeries.id, id)).for('update') : [];
  invariant(row, () => notFound(SERIES_NOT_FOUND));
  return row;
}

/** A new series from the event form and its rule: the first date is the rule's first day at or
 * after the form's, at the form's wall time; dates are made up to the horizon. */
export async function createSeries(deps: SeriesDeps, input: SeriesInput, now: Date): Promise<CreateSeriesResponse> {
  const { db, config } = deps;
  const tz = config.SITE_TIMEZONE;
  const form = seriesForm(input.event, tz, deps.storage);
  // Past dates are made too (a series moved here from elsewhere), but not years of them by a typo.
  if (form.date < addMonths(localDate(now, tz), -SERIES_START_MAX_MONTHS_BACK)) {
    throw unprocessable('VALIDATION_ERROR', SERIES_START_TOO_EARLY_MESSAGE, 'event.startTime');
  }
  const first = firstRuleDate(input.repeat, form.date);
  const horizon = horizonDate(now, config);
  return db.transaction(async (tx) => {
    const [series] = await tx
      .insert(eventSeries)
      .values({
        rule: input.repeat,
        startDate: first,
        startTime: form.startTime,
        durationMinutes: form.durationMinutes,
        template: form.template,
        generatedUntil: horizon > first ? horizon : first,
      })
      .returning();
    // The first date is the form itself (its status, recap and gallery too), on the rule's day.
    const { start, end } = dateTimes(first, form.startTime, form.durationMinutes, tz);
    const [firstRow] = await tx
      .insert(events)
      .values({ ...form.values, startTime: start, endTime: end, seriesId: series!.id, seriesDate: first })
      .returning({ id: events.id });
    await setSponsors(tx, firstRow!.id, form.template.sponsorIds);
    const rest = ruleDates(input.repeat, first, horizon).filter((d) => d > first);
    const made = await insertDates(tx, series!, rest, tz);
    return { seriesId: series!.id, eventId: firstRow!.id, dates: 1 + made.length };
  });
}

/** The horizon: for every series not ended, the dates from where it was made up to now + the
 * horizon, each made once; the series' members are registered on each new one. */
export async function extendSeries(deps: Pick<SeriesDeps, 'db' | 'config'>, now: Date) {
  const { db, config } = deps;
  const horizon = horizonDate(now, config);
  const due = await db
    .select({ id: eventSeries.id })
    .from(eventSeries)
    .where(and(isNull(eventSeries.endedAt), lt(eventSeries.generatedUntil, horizon)))
    .orderBy(asc(eventSeries.id));
  const totals = { series: 0, dates: 0, attending: 0, waitlisted: 0 };
  for (const { id } of due) {
    await db.transaction(async (tx) => {
      // Another process may have extended it while this one waited for the lock: read it again.
      const series = await lockSeries(tx, id);
      if (series.endedAt || series.generatedUntil >= horizon) return;
      const days = ruleDates(series.rule, series.startDate, horizon).filter((d) => d > series.generatedUntil);
      const made = await insertDates(tx, series, days, config.SITE_TIMEZONE);
      const registered = await registerMembers(
        tx,
        series.id,
        made.map((d) => d.id),
        series.template.maxAttendees,
      );
      await tx
        .update(eventSeries)
        .set({ generatedUntil: horizon, updatedAt: sql`now()` })
        .where(eq(eventSeries.id, id));
      totals.series++;
      totals.dates += made.length;
      totals.attending += registered.attending;
      totals.waitlisted += registered.waitlisted;
    });
  }
  return totals;
}

export const SERIES_HORIZON_JOB = 'series-horizon';

/** Hourly, once across the fleet (platform/jobs.ts); safe to run twice: each day is made once. */
export function seriesHorizonJob(deps: { config: Config; mailer: Mailer }): JobDefinition {
  return {
    name: SERIES_HORIZON_JOB,
    everySeconds: 3600,
    run: ({ db, now }) => extendSeries({ db, config: deps.config }, now),
  };
}
