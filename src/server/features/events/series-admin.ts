import { and, asc, eq, gt, gte, isNull, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { eventAttendees, eventGuests, eventSeries, events, seriesMembers } from '../../db/schema';
import { conflict, invariant, notFound } from '../../platform/errors';
import { CAPACITY_BELOW_TAKEN, capacityBelowTakenMessage, localDate } from '../../../shared/event-admin';
import { EVENT_NOT_FOUND } from '../../../shared/events';
import { addDays, dateTimes, describeSchedule, ruleDates, type RecurrenceRule } from '../../../shared/recurrence';
import {
  EVENT_CANCELLED,
  EVENT_CANCELLED_MESSAGE,
  EVENT_PAST,
  EVENT_PAST_MESSAGE,
  NOT_A_SERIES_DATE,
  NOT_A_SERIES_DATE_MESSAGE,
  SERIES_ENDED,
  SERIES_ENDED_MESSAGE,
  type AdminSeriesResponse,
  type SeriesEditInput,
  type SeriesEditResponse,
} from '../../../shared/series';
import { setSponsors, type Tx } from './admin-events';
import { buildCancelNotice, buildUpdateNotice, noticeRecipients } from './notices';
import { recordCancellations } from './personal-calendar';
import { promoteWaitlisted, seatsTaken } from './registration';
import {
  firstRuleDate,
  horizonDate,
  insertDates,
  registerMembers,
  samePattern,
  seriesForm,
  lockSeries,
  templateColumns,
  type SeriesDeps,
  type SeriesRow,
} from './series-generate';

// Creating a series and the horizon job live beside the code that makes dates.
export { createSeries, extendSeries, seriesHorizonJob, SERIES_HORIZON_JOB } from './series-generate';

// The admin's side of event series (issue 33). Every date is an event row; the series row holds
// the rule, the wall-clock time and the template new dates are made with. Rules decided here:
// - a date with registrations (members or guests) is never deleted or moved to another day by a
//   rule change: it is kept as it is (and counted as kept);
// - a series edit passes by detached ("this date only") and cancelled dates;
// - a moved time or place raises the date's SEQUENCE and mails its registrants, as a single
//   event's edit does (admin-events.ts); a cancelled date's registrants get the CANCEL mail once;
// - every change to a series holds its row's lock (select ... for update), so the horizon job,
//   on any number of processes, and an admin's edit take turns.

const registrationsOf = async (tx: Tx, eventId: string) =>
  (await tx.$count(eventAttendees, eq(eventAttendees.eventId, eventId))) +
  (await tx.$count(eventGuests, eq(eventGuests.eventId, eventId)));

const noticeColumns = {
  id: events.id,
  name: events.name,
  summary: events.summary,
  location: events.location,
  startTime: events.startTime,
  endTime: events.endTime,
  sequence: events.sequence,
  status: events.status,
  maxAttendees: events.maxAttendees,
  seriesId: events.seriesId,
  seriesDate: events.seriesDate,
  cancelledAt: events.cancelledAt,
};

type DateRow = Pick<
  typeof events.$inferSelect,
  'id' | 'name' | 'summary' | 'location' | 'startTime' | 'endTime' | 'sequence'
>;

/** The CANCEL mail to everyone registered (inside the caller's transaction, which holds the date's
 * row lock), the date kept in their personal feeds as cancelled, then its registrations removed. */
async function cancelLocked(tx: Tx, deps: SeriesDeps, row: DateRow, now: Date): Promise<number> {
  const event = { ...row, sequence: row.sequence + 1 };
  const recipients = await noticeRecipients(tx, row.id);
  for (const to of recipients) await deps.mailer.send(buildCancelNotice(deps.config, event, to), tx);
  await recordCancellations(tx, event);
  await tx.delete(eventGuests).where(eq(eventGuests.eventId, row.id));
  await tx.delete(eventAttendees).where(eq(eventAttendees.eventId, row.id));
  await tx
    .update(events)
    .set({ cancelledAt: now, sequence: event.sequence, updatedAt: sql`now()` })
    .where(eq(events.id, row.id));
  return recipients.length;
}

export interface SeriesEditOutcome extends SeriesEditResponse {
  /** Members moved from a waitlist by a higher capacity (to be told by e-mail). */
  promoted: { eventId: string; userId: string }[];
}

/** Changes the series from a date: 'following' splits it there (a new series from this date on,
 * the old one ends the day before), 'all' changes it from the first date still to come. */
export async function editSeries(
  deps: SeriesDeps,
  eventId: string,
  input: SeriesEditInput,
  now: Date,
): Promise<SeriesEditOutcome> {
  const { db, config, mailer } = deps;
  const tz = config.SITE_TIMEZONE;
  const form = seriesForm(input.event, tz, deps.storage);
  const horizon = horizonDate(now, config);
  return db.transaction(async (tx) => {
    const [date] = isUuid(eventId) ? await tx.select(noticeColumns).from(events).where(eq(events.id, eventId)) : [];
    invariant(date, () => notFound(EVENT_NOT_FOUND));
    const { seriesId, seriesDate: day } = date;
    if (!seriesId || !day) throw conflict(NOT_A_SERIES_DATE, NOT_A_SERIES_DATE_MESSAGE);
    const old = await lockSeries(tx, seriesId);
    if (old.endedAt) throw conflict(SERIES_ENDED, SERIES_ENDED_MESSAGE);

    // Days the old series has made: one of them missing was deleted on purpose and is not made again.
    const madeBefore = new Set(ruleDates(old.rule, old.startDate, old.generatedUntil));
    const same = samePattern(old.rule, input.repeat);
    const values = {
      startTime: form.startTime,
      durationMinutes: form.durationMinutes,
      template: form.template,
      generatedUntil: horizon > old.generatedUntil ? horizon : old.generatedUntil,
      updatedAt: sql`now()`,
    };
    let series: SeriesRow;
    let from: string;
    const earlier =
      input.scope === 'following'
        ? await tx.$count(events, and(eq(events.seriesId, old.id), lt(events.seriesDate, day)))
        : 0;
    if (earlier > 0) {
      // The split: this date and the following ones go to a new series; the old one ends the day before.
      from = day;
      let rule: RecurrenceRule = input.repeat;
      if (same && rule.ends.kind === 'count') {
        // The same rule ending after N dates: N counted from the old series' first date.
        const before = ruleDates(old.rule, old.startDate, addDays(from, -1)).length;
        rule = { ...rule, ends: { kind: 'count', count: Math.max(1, rule.ends.count - before) } };
      }
      firstRuleDate(rule, from);
      [series] = (await tx
        .insert(eventSeries)
        .values({ ...values, rule, startDate: from })
        .returning()) as [SeriesRow];
      await tx
        .update(eventSeries)
        .set({ rule: { ...old.rule, ends: { kind: 'until', date: addDays(from, -1) } }, updatedAt: sql`now()` })
        .where(eq(eventSeries.id, old.id));
      await tx
        .update(events)
        .set({ seriesId: series.id })
        .where(and(eq(events.seriesId, old.id), gte(events.seriesDate, from)));
      // Members who registered for every date keep doing so after the split.
      await tx
        .insert(seriesMembers)
        .select(
          tx
            .select({
              seriesId: sql<string>`${series.id}::uuid`.as('series_id'),
              userId: seriesMembers.userId,
              createdAt: seriesMembers.createdAt,
            })
            .from(seriesMembers)
            .where(eq(seriesMembers.seriesId, old.id)),
        )
        .onConflictDoNothing();
    } else {
      if (input.scope === 'following') from = day;
      else {
        const [next] = await tx
          .select({ day: min(events.seriesDate) })
          .from(events)
          .where(and(eq(events.seriesId, old.id), gt(events.startTime, now)));
        from = next?.day ?? localDate(now, tz);
      }
      // A new pattern counts from here; the same pattern (a new time, a new end) from the first date.
      const startDate = same ? old.startDate : from;
      firstRuleDate(input.repeat, startDate);
      [series] = (await tx
        .update(eventSeries)
        .set({ ...values, rule: input.repeat, startDate })
        .where(eq(eventSeries.id, old.id))
        .returning()) as [SeriesRow];
    }
    // The date edited from takes the series' values, even if it was edited on its own before.
    await tx.update(events).set({ seriesDetached: false }).where(eq(events.id, date.id));

    const covered = new Set(ruleDates(series.rule, series.startDate, horizon));
    const rows = await tx
      .select(noticeColumns)
      .from(events)
      .where(
        and(
          eq(events.seriesId, series.id),
          gte(events.seriesDate, from),
          gt(events.startTime, now),
          eq(events.seriesDetached, false),
          isNull(events.cancelledAt),
        ),
      )
      .orderBy(asc(events.seriesDate))
      .for('update');
    const outcome: SeriesEditOutcome = {
      seriesId: series.id,
      updated: 0,
      created: 0,
      removed: 0,
      kept: 0,
      notified: 0,
      promoted: [],
    };
    const t = form.template;
    for (const row of rows) {
      if (!covered.has(row.seriesDate!)) {
        if ((await registrationsOf(tx, row.id)) > 0) outcome.kept++;
        else {
          await tx.delete(events).where(eq(events.id, row.id));
          outcome.removed++;
        }
        continue;
      }
      const taken = await seatsTaken(tx, row.id);
      if (t.maxAttendees !== null && t.maxAttendees < taken && !input.event.confirmCapacityBelowTaken) {
        throw conflict(CAPACITY_BELOW_TAKEN, capacityBelowTakenMessage(taken, t.maxAttendees));
      }
      const { start, end } = dateTimes(row.seriesDate!, series.startTime, series.durationMinutes, tz);
      const moved =
        row.startTime.getTime() !== start.getTime() ||
        row.endTime.getTime() !== end.getTime() ||
        (row.location ?? '') !== (t.location ?? '');
      const sequence = row.sequence + (moved ? 1 : 0);
      await tx
        .update(events)
        .set({ ...templateColumns(t), startTime: start, endTime: end, sequence, updatedAt: sql`now()` })
        .where(eq(events.id, row.id));
      await setSponsors(tx, row.id, t.sponsorIds);
      outcome.updated++;
      const grew =
        t.maxAttendees === null ? row.maxAttendees !== null : t.maxAttendees > (row.maxAttendees ?? Infinity);
      if (row.status === 'upcoming' && grew) {
        const promoted = await promoteWaitlisted(tx, { id: row.id, max_attendees: t.maxAttendees });
        outcome.promoted.push(...promoted.map((userId) => ({ eventId: row.id, userId })));
      }
      if (moved && row.status !== 'completed') {
        const event = {
          ...row,
          name: t.name,
          summary: t.summary,
          location: t.location,
          startTime: start,
          endTime: end,
          sequence,
        };
        const was = { startTime: row.startTime, endTime: row.endTime, location: row.location };
        const recipients = await noticeRecipients(tx, row.id);
        for (const to of recipients) await mailer.send(buildUpdateNotice(config, event, was, to), tx);
        outcome.notified += recipients.length;
      }
    }

    // Days the rule now covers that have no date: made (in the future only, and not the ones
    // deleted on purpose before).
    const missing = [...covered].filter((d) => d >= from && !madeBefore.has(d));
    const future = missing.filter((d) => dateTimes(d, series.startTime, series.durationMinutes, tz).start > now);
    const made = await insertDates(tx, series, future, tz);
    await registerMembers(
      tx,
      series.id,
      made.map((d) => d.id),
      t.maxAttendees,
    );
    outcome.created = made.length;
    return outcome;
  });
}

/** Cancels one date still to come: its registrants get the CANCEL mail once, its registrations
 * go, the date stays (shown as cancelled). 409 when it was cancelled before: nothing is sent again. */
export async function cancelDate(deps: SeriesDeps, eventId: string, now: Date): Promise<{ notified: number }> {
  return deps.db.transaction(async (tx) => {
    const [row] = isUuid(eventId)
      ? await tx.select(noticeColumns).from(events).where(eq(events.id, eventId)).for('update')
      : [];
    invariant(row, () => notFound(EVENT_NOT_FOUND));
    if (row.cancelledAt) throw conflict(EVENT_CANCELLED, EVENT_CANCELLED_MESSAGE);
    if (row.endTime.getTime() <= now.getTime()) throw conflict(EVENT_PAST, EVENT_PAST_MESSAGE);
    return { notified: await cancelLocked(tx, deps, row, now) };
  });
}

/** Ends a series: no new dates; dates to come without registrations go, those with them are
 * cancelled with mail. */
export async function endSeries(deps: SeriesDeps, seriesId: string, now: Date) {
  return deps.db.transaction(async (tx) => {
    const series = await lockSeries(tx, seriesId);
    if (series.endedAt) throw conflict(SERIES_ENDED, SERIES_ENDED_MESSAGE);
    await tx
      .update(eventSeries)
      .set({ endedAt: now, updatedAt: sql`now()` })
      .where(eq(eventSeries.id, series.id));
    const rows = await tx
      .select(noticeColumns)
      .from(events)
      .where(and(eq(events.seriesId, series.id), gt(events.startTime, now), isNull(events.cancelledAt)))
      .orderBy(asc(events.seriesDate))
      .for('update');
    const outcome = { removed: 0, cancelled: 0, notified: 0 };
    for (const row of rows) {
      if ((await registrationsOf(tx, row.id)) === 0) {
        await tx.delete(events).where(eq(events.id, row.id));
        outcome.removed++;
      } else {
        outcome.notified += await cancelLocked(tx, deps, row, now);
        outcome.cancelled++;
      }
    }
    return outcome;
  });
}

/** The series for the admin's form: its rule, time, and every date with its registrations. */
export async function getAdminSeries(db: Db, id: string, timeZone: string): Promise<AdminSeriesResponse | null> {
  if (!isUuid(id)) return null;
  const [series] = await db.select().from(eventSeries).where(eq(eventSeries.id, id));
  if (!series) return null;
  const dates = await db
    .select({
      id: events.id,
      startTime: events.startTime,
      cancelledAt: events.cancelledAt,
      detached: events.seriesDetached,
      // Drizzle writes a one-table select's columns unqualified: the sub-select names `events.id`.
      registrations: sql<number>`(select count(*)::int from event_attendees a
        where a.event_id = events.id)`.mapWith(Number),
    })
    .from(events)
    .where(eq(events.seriesId, id))
    .orderBy(asc(events.seriesDate));
  return {
    series: {
      id: series.id,
      rule: series.rule,
      startDate: series.startDate,
      startTime: series.startTime,
      durationMinutes: series.durationMinutes,
      schedule: describeSchedule(series.rule, series.startTime, series.durationMinutes),
      ended: series.endedAt !== null,
      dates: dates.map((d) => ({
        id: d.id,
        startTime: d.startTime.toISOString(),
        cancelled: d.cancelledAt !== null,
        detached: d.detached,
        registrations: Number(d.registrations),
      })),
    },
    timeZone,
  };
}
