import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, like } from 'drizzle-orm';
import {
  auditLog,
  emailOutbox,
  eventAttendees,
  eventGuests,
  eventSeries,
  events,
  seriesMembers,
} from '../../db/schema';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { adminClient, createMembers, signIn } from '../../test/factories';
import { manualClock } from '../../platform/clock';
import { CAPACITY_BELOW_TAKEN, toLocalInput } from '../../../shared/event-admin';
import type { RecurrenceRule } from '../../../shared/recurrence';
import {
  EVENT_CANCELLED,
  SERIES_ENDED,
  SERIES_NO_DATES,
  seriesEditInput,
  seriesInput,
  type SeriesEditInput,
} from '../../../shared/series';
import { cancelDate, createSeries, editSeries, endSeries, extendSeries } from './series-admin';

const ZONE = 'America/New_York';
const clock = manualClock('2026-01-15T15:00:00Z');
let ctx: TestContext;
let admin: Client;
let member: Client;
let members: Awaited<ReturnType<typeof createMembers>>;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  admin = (await adminClient(ctx.app)).client;
  members = await createMembers(ctx.database.db, 4, 'series');
  member = await signIn(ctx.app, members[0]!);
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const deps = () => ({ db: db(), config: ctx.app.services.config, mailer: ctx.app.services.mailer });
const MISSING = '00000000-0000-4000-8000-000000000000';

const form = (startTime: string, endTime: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Power Mixer Monthly',
  summary: 'The monthly mixer',
  location: 'Dockside Hall',
  category: 'Mixer',
  startTime,
  endTime,
  maxAttendees: '',
  sponsorIds: [] as string[],
  ...overrides,
});
const firstThursday: RecurrenceRule = {
  frequency: 'monthly',
  interval: 1,
  on: { kind: 'nth', nth: 1, weekday: 4 },
  ends: { kind: 'never' },
};

const make = (start: string, end: string, repeat: unknown, overrides: Record<string, unknown> = {}) =>
  createSeries(deps(), seriesInput.parse({ event: form(start, end, overrides), repeat }), clock.now());
const edit = (eventId: string, input: Record<string, unknown>) =>
  editSeries(deps(), eventId, seriesEditInput.parse(input) as SeriesEditInput, clock.now());

const datesOf = (seriesId: string) =>
  db()
    .select({
      id: events.id,
      seriesDate: events.seriesDate,
      startTime: events.startTime,
      endTime: events.endTime,
      location: events.location,
      sequence: events.sequence,
      cancelledAt: events.cancelledAt,
      detached: events.seriesDetached,
    })
    .from(events)
    .where(eq(events.seriesId, seriesId))
    .orderBy(asc(events.seriesDate));
const wall = (d: Date) => toLocalInput(d, ZONE);
const outbox = (subject: string) =>
  db().select({ to: emailOutbox.to }).from(emailOutbox).where(like(emailOutbox.subject, subject));
const rowCount = async (table: typeof events | typeof eventSeries) =>
  (await db().select({ n: count() }).from(table))[0]!.n;

describe('series admin routes: who may call them', () => {
  const body = { event: form('2026-02-01T18:00', '2026-02-01T20:00'), repeat: firstThursday };
  const routes: [string, string, unknown?][] = [
    ['POST', '/api/admin/series', body],
    ['GET', `/api/admin/series/${MISSING}`],
    ['PUT', `/api/admin/events/${MISSING}/series`, { ...body, scope: 'all' }],
    ['POST', `/api/admin/events/${MISSING}/cancel`],
    ['POST', `/api/admin/series/${MISSING}/end`],
  ];
  it.each(routes)('%s %s answers 401 to a visitor and 403 to a member', async (method, url, payload) => {
    const m = method as 'GET' | 'POST' | 'PUT';
    expect((await new Client(ctx.app).request(m, url, payload)).statusCode).toBe(401);
    expect((await member.request(m, url, payload)).statusCode).toBe(403);
  });
  it('unknown ids answer 404', async () => {
    expect((await admin.get(`/api/admin/series/${MISSING}`)).statusCode).toBe(404);
    expect(
      (await admin.request('PUT', `/api/admin/events/${MISSING}/series`, { ...body, scope: 'all' })).statusCode,
    ).toBe(404);
    expect((await admin.post(`/api/admin/events/${MISSING}/cancel`)).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/series/${MISSING}/end`)).statusCode).toBe(404);
  });
});

describe('creating a series', () => {
  it('an admin creates a monthly series through the route: the first date is the rule day, 6 PM every month', async () => {
    // 1 February 2026 is a Sunday: the first date is the first Thursday after it.
    const res = await admin.post('/api/admin/series', {
      event: form('2026-02-01T18:00', '2026-02-01T20:00'),
      repeat: firstThursday,
    });
    expect(res.statusCode).toBe(201);
    const made = res.json() as { seriesId: string; eventId: string; dates: number };
    const dates = await datesOf(made.seriesId);
    // Up to 15 July (six months after 15 January).
    expect(dates.map((d) => d.seriesDate)).toEqual([
      '2026-02-05',
      '2026-03-05',
      '2026-04-02',
      '2026-05-07',
      '2026-06-04',
      '2026-07-02',
    ]);
    expect(made.dates).toBe(6);
    expect(made.eventId).toBe(dates[0]!.id);
    expect(dates.map((d) => wall(d.startTime).slice(11))).toEqual(Array(6).fill('18:00'));
    expect(dates.map((d) => wall(d.endTime).slice(11))).toEqual(Array(6).fill('20:00'));
    // Before and after the March change the instants differ by an hour.
    expect(dates[1]!.startTime.toISOString()).toBe('2026-03-05T23:00:00.000Z');
    expect(dates[2]!.startTime.toISOString()).toBe('2026-04-02T22:00:00.000Z');

    const event = (await admin.get(`/api/admin/events/${made.eventId}`)).json();
    expect(event.event).toMatchObject({
      series: { id: made.seriesId, schedule: 'Every first Thursday, 6-8 PM' },
      cancelled: false,
    });
    const series = (await admin.get(`/api/admin/series/${made.seriesId}`)).json();
    expect(series.series).toMatchObject({ startDate: '2026-02-05', startTime: '18:00', durationMinutes: 120 });
    expect(series.series.dates).toHaveLength(6);
  });

  it('refuses bad input with 422 and a message, and creates nothing', async () => {
    const before = [await rowCount(eventSeries), await rowCount(events)];
    const cases: [unknown, string][] = [
      [{ frequency: 'weekly', interval: 1, weekdays: [], ends: { kind: 'never' } }, 'Choose at least one weekday'],
      // A 31st every twelve months from February never comes.
      [{ frequency: 'monthly', interval: 12, on: { kind: 'day', day: 31 }, ends: { kind: 'never' } }, 'no date'],
      [{ ...firstThursday, ends: { kind: 'until', date: '2026-01-20' } }, 'end date'],
    ];
    for (const [repeat, message] of cases) {
      const res = await admin.post('/api/admin/series', {
        event: form('2026-02-01T18:00', '2026-02-01T20:00'),
        repeat,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toContain(message);
    }
    const noDates = await admin.post('/api/admin/series', {
      event: form('2026-02-01T18:00', '2026-02-01T20:00'),
      repeat: cases[1]![0],
    });
    expect(noDates.json().error).toMatchObject({ code: SERIES_NO_DATES, fields: { repeat: expect.any(String) } });
    const badTime = await admin.post('/api/admin/series', {
      event: form('2026-02-01T18:00', '2026-02-01T17:00'),
      repeat: firstThursday,
    });
    expect(badTime.statusCode).toBe(422);
    // Years of past dates by a typo in the year.
    const typo = await admin.post('/api/admin/series', {
      event: form('2016-02-01T18:00', '2016-02-01T20:00'),
      repeat: firstThursday,
    });
    expect(typo.statusCode).toBe(422);
    expect(typo.json().error.fields).toEqual({ 'event.startTime': expect.stringContaining('a year ago') });
    expect(await rowCount(eventSeries)).toBe(before[0]);
    expect(await rowCount(events)).toBe(before[1]);
  });

  it('keeps 6 PM across the November and March changes (weekly, America/New_York)', async () => {
    clock.set('2026-10-20T15:00:00Z');
    const made = await make('2026-10-22T18:00', '2026-10-22T20:00', {
      frequency: 'weekly',
      interval: 1,
      weekdays: [4],
      ends: { kind: 'never' },
    });
    const dates = await datesOf(made.seriesId);
    expect(dates.at(-1)!.seriesDate).toBe('2027-04-15');
    expect(dates.every((d) => wall(d.startTime).slice(11) === '18:00')).toBe(true);
    const utc = (day: string) => dates.find((d) => d.seriesDate === day)!.startTime.getUTCHours();
    expect([utc('2026-10-29'), utc('2026-11-05'), utc('2027-03-11'), utc('2027-03-18')]).toEqual([22, 23, 23, 22]);
    clock.set('2026-01-15T15:00:00Z');
  });

  it('the fifth Thursday: months without one are skipped; the last Friday of every month', async () => {
    const fifth = await make('2026-01-01T18:00', '2026-01-01T20:00', {
      ...firstThursday,
      on: { kind: 'nth', nth: 5, weekday: 4 },
    });
    expect((await datesOf(fifth.seriesId)).map((d) => d.seriesDate)).toEqual(['2026-01-29', '2026-04-30']);
    const last = await make('2026-01-01T18:00', '2026-01-01T20:00', {
      ...firstThursday,
      on: { kind: 'last', weekday: 5 },
      ends: { kind: 'count', count: 4 },
    });
    expect((await datesOf(last.seriesId)).map((d) => d.seriesDate)).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
      '2026-04-24',
    ]);
  });
});

describe('editing a series', () => {
  const register = (eventId: string, userId: string, status = 'attending') =>
    db().insert(eventAttendees).values({ eventId, userId, status });

  it('this date only: the date is detached, and later edits of the series pass it by', async () => {
    const made = await make('2026-02-01T18:00', '2026-02-01T20:00', firstThursday);
    const [, second] = await datesOf(made.seriesId);
    const one = await admin.request('PUT', `/api/admin/events/${second!.id}`, {
      ...form('2026-03-05T18:00', '2026-03-05T20:00'),
      location: 'The Rooftop',
    });
    expect(one.statusCode).toBe(200);
    const outcome = await edit(made.eventId, {
      scope: 'all',
      event: form('2026-02-05T19:00', '2026-02-05T21:00'),
      repeat: firstThursday,
    });
    expect(outcome).toMatchObject({ updated: 5, created: 0, removed: 0, kept: 0 });
    const dates = await datesOf(made.seriesId);
    expect(dates[1]).toMatchObject({ detached: true, location: 'The Rooftop' });
    expect(wall(dates[1]!.startTime)).toBe('2026-03-05T18:00');
    expect(dates.filter((d) => d.seriesDate !== '2026-03-05').map((d) => wall(d.startTime).slice(11))).toEqual(
      Array(5).fill('19:00'),
    );
  });

  it('all dates: a new time mails the registrants of each moved date with a higher SEQUENCE', async () => {
    const made = await make('2026-02-01T18:00', '2026-02-01T20:00', firstThursday, { name: 'Sequence Mixer' });
    const dates = await datesOf(made.seriesId);
    await register(dates[2]!.id, members[1]!.id);
    await register(dates[3]!.id, members[1]!.id, 'waitlisted');
    const res = await admin.request('PUT', `/api/admin/events/${dates[2]!.id}/series`, {
      scope: 'all',
      event: form('2026-04-02T18:30', '2026-04-02T20:30', { name: 'Sequence Mixer' }),
      repeat: firstThursday,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ seriesId: made.seriesId, updated: 6, created: 0, removed: 0, kept: 0, notified: 2 });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, dates[2]!.id));
    expect(audit?.changes).toMatchObject({
      series: {
        before: { schedule: 'Every first Thursday, 6-8 PM' },
        after: { schedule: 'Every first Thursday, 6:30-8:30 PM' },
      },
    });
    const after = await datesOf(made.seriesId);
    expect(after.map((d) => d.sequence)).toEqual(Array(6).fill(1));
    expect(after.map((d) => wall(d.startTime).slice(11))).toEqual(Array(6).fill('18:30'));
    expect(await outbox('Updated: Sequence Mixer')).toHaveLength(2);
  });

  it('this and following: the series splits at the date; the earlier dates stay with the old one', async () => {
    const made = await make('2026-02-01T18:00', '2026-02-01T20:00', firstThursday);
    const dates = await datesOf(made.seriesId);
    await db().insert(seriesMembers).values({ seriesId: made.seriesId, userId: members[2]!.id });
    const outcome = await edit(dates[2]!.id, {
      scope: 'following',
      event: form('2026-04-02T19:00', '2026-04-02T21:00', { location: 'Uptown' }),
      repeat: firstThursday,
    });
    expect(outcome.seriesId).not.toBe(made.seriesId);
    expect(outcome).toMatchObject({ updated: 4, created: 0, removed: 0, kept: 0 });
    expect((await datesOf(made.seriesId)).map((d) => [d.seriesDate, wall(d.startTime).slice(11), d.location])).toEqual([
      ['2026-02-05', '18:00', 'Dockside Hall'],
      ['2026-03-05', '18:00', 'Dockside Hall'],
    ]);
    expect(
      (await datesOf(outcome.seriesId)).map((d) => [d.seriesDate, wall(d.startTime).slice(11), d.location]),
    ).toEqual([
      ['2026-04-02', '19:00', 'Uptown'],
      ['2026-05-07', '19:00', 'Uptown'],
      ['2026-06-04', '19:00', 'Uptown'],
      ['2026-07-02', '19:00', 'Uptown'],
    ]);
    const [old] = await db().select().from(eventSeries).where(eq(eventSeries.id, made.seriesId));
    expect(old!.rule.ends).toEqual({ kind: 'until', date: '2026-04-01' });
    const joined = await db().select().from(seriesMembers).where(eq(seriesMembers.seriesId, outcome.seriesId));
    expect(joined.map((j) => j.userId)).toEqual([members[2]!.id]);
    // The old series makes no more dates; the new one does.
    clock.set('2026-03-15T15:00:00Z');
    await extendSeries(deps(), clock.now());
    expect(await datesOf(made.seriesId)).toHaveLength(2);
    expect((await datesOf(outcome.seriesId)).at(-1)!.seriesDate).toBe('2026-09-03');
    clock.set('2026-01-15T15:00:00Z');
  });

  it('a rule change never deletes or moves a date with registrations', async () => {
    const made = await make('2026-02-01T18:00', '2026-02-01T20:00', firstThursday);
    const dates = await datesOf(made.seriesId);
    await db().insert(eventGuests).values({
      eventId: dates[1]!.id,
      profileId: members[1]!.id,
      guestName: 'Guest',
      guestEmail: 'guest-rule@example.com',
    });
    await register(dates[3]!.id, members[1]!.id, 'maybe');
    // First Thursday -> second Tuesday.
    const outcome = await edit(made.eventId, {
      scope: 'all',
      event: form('2026-02-10T18:00', '2026-02-10T20:00'),
      repeat: { ...firstThursday, on: { kind: 'nth', nth: 2, weekday: 2 } },
    });
    expect(outcome).toMatchObject({ updated: 0, kept: 2, removed: 4, created: 6 });
    const after = await datesOf(made.seriesId);
    expect(after.map((d) => d.seriesDate)).toEqual([
      '2026-02-10',
      '2026-03-05',
      '2026-03-10',
      '2026-04-14',
      '2026-05-07',
      '2026-05-12',
      '2026-06-09',
      '2026-07-14',
    ]);
    const kept = after.filter((d) => ['2026-03-05', '2026-05-07'].includes(d.seriesDate!));
    expect(kept.map((d) => d.id)).toEqual([dates[1]!.id, dates[3]!.id]);
    expect(kept.map((d) => d.startTime)).toEqual([dates[1]!.startTime, dates[3]!.startTime]);
  });

  it('a capacity below the seats taken on a date needs confirming; a higher one fills seats from the waitlist', async () => {
    const made = await make('2026-02-01T18:00', '2026-02-01T20:00', firstThursday, { maxAttendees: 3 });
    const dates = await datesOf(made.seriesId);
    await register(dates[1]!.id, members[1]!.id);
    await register(dates[1]!.id, members[2]!.id);
    const lower = {
      scope: 'all',
      event: form('2026-02-05T18:00', '2026-02-05T20:00', { maxAttendees: 1 }),
      repeat: firstThursday,
    };
    const refused = await admin.request('PUT', `/api/admin/events/${made.eventId}/series`, lower);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe(CAPACITY_BELOW_TAKEN);
    const [unchanged] = await db().select().from(events).where(eq(events.id, dates[2]!.id));
    expect(unchanged!.maxAttendees).toBe(3);
    const confirmed = await admin.request('PUT', `/api/admin/events/${made.eventId}/series`, {
      ...lower,
      event: { ...lower.event, confirmCapacityBelowTaken: true },
    });
    expect(confirmed.statusCode).toBe(200);
    await register(dates[1]!.id, members[3]!.id, 'waitlisted');
    const raised = await edit(made.eventId, {
      ...lower,
      event: form('2026-02-05T18:00', '2026-02-05T20:00', { maxAttendees: 5 }),
    });
    expect(raised.promoted).toEqual([{ eventId: dates[1]!.id, userId: members[3]!.id }]);
  });

  it('refuses a date of no series, and a bad rule, changing nothing', async () => {
    const [plain] = await db()
      .insert(events)
      .values({ name: 'Single', startTime: new Date('2026-03-01T23:00Z'), endTime: new Date('2026-03-02T01:00Z') })
      .returning();
    const body = { scope: 'all', event: form('2026-03-01T18:00', '2026-03-01T20:00'), repeat: firstThursday };
    const res = await admin.request('PUT', `/api/admin/events/${plain!.id}/series`, body);
    expect(res.statusCode).toBe(409);
    const made = await make('2026-02-01T18:00', '2026-02-01T20:00', firstThursday);
    const before = await datesOf(made.seriesId);
    const bad = await admin.request('PUT', `/api/admin/events/${made.eventId}/series`, {
      ...body,
      repeat: { ...firstThursday, interval: 0 },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toBeTruthy();
    expect(await datesOf(made.seriesId)).toEqual(before);
  });
});

describe('cancelling a date and ending a series', () => {
  it('a cancelled date mails its registrants once; a second cancel changes nothing', async () => {
    const made = await make('2026-02-01T18:00', '2026-02-01T20:00', firstThursday, { name: 'Cancel Mixer' });
    const dates = await datesOf(made.seriesId);
    await db().insert(eventAttendees).values({ eventId: dates[1]!.id, userId: members[1]!.id, status: 'attending' });
    await db().insert(eventGuests).values({
      eventId: dates[1]!.id,
      profileId: members[1]!.id,
      guestName: 'Guest',
      guestEmail: 'guest-cancel@example.com',
    });
    const res = await admin.post(`/api/admin/events/${dates[1]!.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notified: 2 });
    const mails = await outbox('Cancelled: Cancel Mixer');
    expect(mails.map((m) => m.to).sort()).toEqual(['guest-cancel@example.com', members[1]!.email].sort());
    expect(await db().$count(eventAttendees, eq(eventAttendees.eventId, dates[1]!.id))).toBe(0);
    expect(await db().$count(eventGuests, eq(eventGuests.eventId, dates[1]!.id))).toBe(0);
    const shown = (await admin.get(`/api/admin/events/${dates[1]!.id}`)).json();
    expect(shown.event.cancelled).toBe(true);

    const again = await admin.post(`/api/admin/events/${dates[1]!.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(EVENT_CANCELLED);
    expect(await outbox('Cancelled: Cancel Mixer')).toHaveLength(2);
    // A later series edit passes the cancelled date by.
    await edit(made.eventId, {
      scope: 'all',
      event: form('2026-02-05T19:00', '2026-02-05T21:00'),
      repeat: firstThursday,
    });
    const after = await datesOf(made.seriesId);
    expect(wall(after[1]!.startTime).slice(11)).toBe('18:00');
    expect(after[1]!.cancelledAt).not.toBeNull();
  });

  it('a past date cannot be cancelled', async () => {
    const made = await make('2026-01-01T18:00', '2026-01-01T20:00', firstThursday);
    await expect(cancelDate(deps(), made.eventId, clock.now())).rejects.toMatchObject({ statusCode: 409 });
  });

  it('ending a series: dates without registrations go, those with them are cancelled with mail', async () => {
    const made = await make('2026-02-01T18:00', '2026-02-01T20:00', firstThursday, { name: 'Ending Mixer' });
    const dates = await datesOf(made.seriesId);
    await db().insert(eventAttendees).values({ eventId: dates[4]!.id, userId: members[3]!.id, status: 'attending' });
    const res = await admin.post(`/api/admin/series/${made.seriesId}/end`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ removed: 5, cancelled: 1, notified: 1 });
    const after = await datesOf(made.seriesId);
    expect(after.map((d) => [d.id, d.cancelledAt !== null])).toEqual([[dates[4]!.id, true]]);
    expect(await outbox('Cancelled: Ending Mixer')).toEqual([{ to: members[3]!.email }]);

    const again = await admin.post(`/api/admin/series/${made.seriesId}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe(SERIES_ENDED);
    await expect(endSeries(deps(), made.seriesId, clock.now())).rejects.toMatchObject({ statusCode: 409 });
    // No new dates after the end.
    clock.set('2026-04-15T15:00:00Z');
    await extendSeries(deps(), clock.now());
    expect(await datesOf(made.seriesId)).toHaveLength(1);
    clock.set('2026-01-15T15:00:00Z');
    const ended = await db()
      .select()
      .from(eventSeries)
      .where(and(eq(eventSeries.id, made.seriesId)));
    expect(ended[0]!.endedAt).not.toBeNull();
  });
});
