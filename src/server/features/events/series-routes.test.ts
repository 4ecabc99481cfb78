import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import {
  calendarCancellations,
  emailOutbox,
  eventAttendees,
  eventCheckIns,
  eventGuests,
  seriesMembers,
} from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { Client, createTestContext, registeredClient, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createMembers, createSeries, signIn } from '../../test/factories';
import {
  EVENT_CANCELLED,
  EVENT_CANCELLED_MESSAGE,
  SERIES_ENDED,
  SERIES_ENDED_MESSAGE,
  SERIES_NOT_FOUND,
  seriesResponse,
  seriesRegistrationResponse,
} from '../../../shared/series';
import { eventUid } from './ics';
import { findNextEvent, latestEvents, listEvents } from './service';
import { SERIES_PAST_MAX } from './series-service';
import { sendDueReminders } from './reminders';
import { morningAfterAt, sendMorningAfter } from '../people-to-meet/morning-after';

// A series for members (issue 33): its page, "Register for every date" and leaving, its calendar;
// the events list showing a series' dates to come once; a cancelled date closed to registration,
// reminders and the morning after, and shown cancelled in the calendars.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The server's clock: every "to come" and "past" below is relative to it. */
const NOW = new Date('2031-03-10T17:00:00Z');
const clock = manualClock(NOW);

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext({ JOBS_CHECK_MS: '3600000' }, { clock });
  admin = (await adminClient(ctx.app)).client;
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
const visitor = () => new Client(ctx.app);

async function member(prefix = 'sm') {
  const [m] = await createMembers(db(), 1, prefix);
  return { ...m!, client: await signIn(ctx.app, m!) };
}

/** Where `userId` stands on each of `eventIds` (null: not registered), in that order. */
async function statuses(eventIds: string[], userId: string) {
  const rows = await db()
    .select({ eventId: eventAttendees.eventId, status: eventAttendees.status })
    .from(eventAttendees)
    .where(and(inArray(eventAttendees.eventId, eventIds), eq(eventAttendees.userId, userId)));
  return eventIds.map((id) => rows.find((r) => r.eventId === id)?.status ?? null);
}

async function joined(seriesId: string, userId: string) {
  const rows = await db()
    .select()
    .from(seriesMembers)
    .where(and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId)));
  return rows.length > 0;
}

const mailsTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, email));
const join = (client: Client, seriesId: string) => client.request('PUT', `/api/series/${seriesId}/registration`);
const leave = (client: Client, seriesId: string) => client.request('DELETE', `/api/series/${seriesId}/registration`);

const waitFor = async (check: () => Promise<boolean>, ms = 3000) => {
  const until = Date.now() + ms;
  while (!(await check()) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
};

describe('GET /api/series/:id', () => {
  it('gives visitors the schedule in words, the dates to come (cancelled marked) and the latest past dates', async () => {
    const past = Array.from({ length: SERIES_PAST_MAX + 2 }, (_, i) => at(-7 * (i + 1)));
    const { series, dates } = await createSeries(db(), [at(3), at(10), at(38), ...past], {
      template: { name: 'Power Mixer Monthly', summary: 'First Thursdays', location: 'The Loft' },
      dates: [
        { maxAttendees: 40 },
        { cancelledAt: at(-1) },
        {},
        { recapVideoUrl: 'https://video.example.com/recap', galleryUrls: ['/uploads/a.webp', '/uploads/b.webp'] },
      ],
    });
    const someone = await member();
    await db().insert(eventAttendees).values({ eventId: dates[0]!.id, userId: someone.id, status: 'attending' });

    const res = await visitor().get(`/api/series/${series.id}`);
    expect(res.statusCode).toBe(200);
    const body = seriesResponse.parse(res.json());
    expect(body.joined).toBeNull();
    expect(body.series).toMatchObject({
      id: series.id,
      name: 'Power Mixer Monthly',
      summary: 'First Thursdays',
      location: 'The Loft',
      schedule: 'Every first Thursday, 6-9 PM',
      ended: false,
    });
    expect(body.series.upcoming.map((d) => [d.id, d.cancelled, d.attendeeCount])).toEqual([
      [dates[0]!.id, false, 1],
      [dates[1]!.id, true, 0],
      [dates[2]!.id, false, 0],
    ]);
    expect(body.series.upcoming[0]!.series).toEqual({ id: series.id, schedule: 'Every first Thursday, 6-9 PM' });
    // Newest first, SERIES_PAST_MAX of them.
    expect(body.series.past.map((d) => d.id)).toEqual(dates.slice(3, 3 + SERIES_PAST_MAX).map((d) => d.id));
    expect(body.series.past[0]).toMatchObject({ hasRecap: true, galleryCount: 2 });
    expect(body.series.past[1]).toMatchObject({ hasRecap: false, galleryCount: 0 });
  });

  it("tells a member whether they joined; the visitors' copy stays null and the counts follow registrations", async () => {
    const { series, dates } = await createSeries(db(), [at(5), at(33)]);
    const m = await member();
    expect((await m.client.get(`/api/series/${series.id}`)).json().joined).toBe(false);
    expect((await visitor().get(`/api/series/${series.id}`)).json().series.upcoming[0].attendeeCount).toBe(0);
    expect((await join(m.client, series.id)).statusCode).toBe(200);
    expect((await m.client.get(`/api/series/${series.id}`)).json().joined).toBe(true);
    const seen = (await visitor().get(`/api/series/${series.id}`)).json();
    expect(seen.joined).toBeNull();
    expect(seen.series.upcoming.map((d: { id: string; attendeeCount: number }) => [d.id, d.attendeeCount])).toEqual([
      [dates[0]!.id, 1],
      [dates[1]!.id, 1],
    ]);
    const asAdmin = await admin.get(`/api/series/${series.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().joined).toBe(false);
  });

  it('answers 404 with a message for a missing or malformed id, 422 for an overlong one', async () => {
    const m = await member();
    for (const id of ['not-a-uuid', crypto.randomUUID()]) {
      for (const client of [visitor(), m.client]) {
        const res = await client.get(`/api/series/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: SERIES_NOT_FOUND });
      }
    }
    const long = await visitor().get(`/api/series/${'a'.repeat(65)}`);
    expect(long.statusCode).toBe(422);
    expect(long.json().error.message).toBeTruthy();
  });

  it('says a series ended by an admin, or by its own rule with no date left to come, has ended', async () => {
    const byAdmin = await createSeries(db(), [at(-20), at(8)], { series: { endedAt: at(-1) } });
    expect((await visitor().get(`/api/series/${byAdmin.series.id}`)).json().series.ended).toBe(true);
    const byRule = await createSeries(db(), [at(-50), at(-20)], {
      series: {
        rule: {
          frequency: 'monthly',
          interval: 1,
          on: { kind: 'nth', nth: 1, weekday: 4 },
          ends: { kind: 'count', count: 2 },
        },
      },
    });
    expect((await visitor().get(`/api/series/${byRule.series.id}`)).json().series.ended).toBe(true);
  });
});

describe('PUT /api/series/:id/registration (register for every date)', () => {
  it('registers the member on every open date to come: attending, the waitlist when full; a date they are on stays; no mail per date', async () => {
    const other = await member('full');
    const m = await member();
    const { series, dates } = await createSeries(db(), [at(-10), at(4), at(11), at(18), at(25)], {
      dates: [{}, {}, { cancelledAt: at(-1) }, { maxAttendees: 1 }, {}],
    });
    const [past, open, cancelled, full, maybe] = dates.map((d) => d.id) as [string, string, string, string, string];
    await db()
      .insert(eventAttendees)
      .values([
        { eventId: full, userId: other.id, status: 'attending' },
        { eventId: maybe, userId: m.id, status: 'maybe' },
      ]);
    const mailsBefore = (await mailsTo(m.email)).length;

    const res = await join(m.client, series.id);
    expect(res.statusCode).toBe(200);
    expect(seriesRegistrationResponse.parse(res.json())).toEqual({
      joined: true,
      attending: 1,
      waitlisted: 1,
      left: 0,
    });
    expect(await statuses([past, open, cancelled, full, maybe], m.id)).toEqual([
      null,
      'attending',
      null,
      'waitlisted',
      'maybe',
    ]);
    expect(await joined(series.id, m.id)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect((await mailsTo(m.email)).length).toBe(mailsBefore);

    // Again: the same answer, never a second row.
    expect((await join(m.client, series.id)).json()).toEqual(res.json());
    const rows = await db().select().from(eventAttendees).where(eq(eventAttendees.userId, m.id));
    expect(rows).toHaveLength(3);
    expect(await db().select().from(seriesMembers).where(eq(seriesMembers.userId, m.id))).toHaveLength(1);
  });

  it('gives the last seat of a date to one of several members joining at once; the others wait', async () => {
    const { series, dates } = await createSeries(db(), [at(7), at(35)], { dates: [{ maxAttendees: 1 }, {}] });
    const people = await Promise.all([member('race'), member('race'), member('race')]);
    const answers = await Promise.all(people.map((p) => join(p.client, series.id)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const onFull = await db().select().from(eventAttendees).where(eq(eventAttendees.eventId, dates[0]!.id));
    expect(onFull.map((r) => r.status).sort()).toEqual(['attending', 'waitlisted', 'waitlisted']);
    const onOpen = await db().select().from(eventAttendees).where(eq(eventAttendees.eventId, dates[1]!.id));
    expect(onOpen.map((r) => r.status)).toEqual(['attending', 'attending', 'attending']);
  });

  it('lets an admin join as a member; refuses a visitor with 401, changing nothing', async () => {
    const { series, dates } = await createSeries(db(), [at(6)]);
    const anon = await join(visitor(), series.id);
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.message).toBeTruthy();
    expect(await db().select().from(seriesMembers).where(eq(seriesMembers.seriesId, series.id))).toEqual([]);
    expect(await db().select().from(eventAttendees).where(eq(eventAttendees.eventId, dates[0]!.id))).toEqual([]);

    const res = await join(admin, series.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ joined: true, attending: 1 });
  });

  it('answers 404 for a missing or malformed id and 409 SERIES_ENDED for an ended series, changing nothing', async () => {
    const m = await member();
    for (const id of ['nope', crypto.randomUUID()]) {
      const res = await join(m.client, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(SERIES_NOT_FOUND);
    }
    const ended = await createSeries(db(), [at(2), at(30)], { series: { endedAt: at(-1) } });
    const res = await join(m.client, ended.series.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: SERIES_ENDED, message: SERIES_ENDED_MESSAGE });
    expect(await joined(ended.series.id, m.id)).toBe(false);
    expect(
      await statuses(
        ended.dates.map((d) => d.id),
        m.id,
      ),
    ).toEqual([null, null]);
  });

  it('keeps a member in the series when they leave one date (DELETE on the event)', async () => {
    const m = await member();
    const { series, dates } = await createSeries(db(), [at(3), at(31)]);
    await join(m.client, series.id);
    const res = await m.client.request('DELETE', `/api/events/${dates[0]!.id}/registration`);
    expect(res.statusCode).toBe(200);
    expect(await statuses([dates[0]!.id, dates[1]!.id], m.id)).toEqual([null, 'attending']);
    expect(await joined(series.id, m.id)).toBe(true);
    expect((await m.client.get(`/api/series/${series.id}`)).json().joined).toBe(true);
  });
});

describe('DELETE /api/series/:id/registration (leave the series)', () => {
  it('removes the membership and the registrations (and guests) on dates to come, keeps past ones, and promotes the waitlist', async () => {
    const m = await member();
    const waiting = await registeredClient(ctx.app);
    const { series, dates } = await createSeries(db(), [at(-5), at(4), at(11)], {
      dates: [{}, { maxAttendees: 1 }, {}],
    });
    const [past, full, roomy] = dates.map((d) => d.id) as [string, string, string];
    await db().insert(eventAttendees).values({ eventId: past, userId: m.id, status: 'attending' });
    expect((await join(m.client, series.id)).json()).toMatchObject({ attending: 2, waitlisted: 0 });
    const guests = await m.client.request('PUT', `/api/events/${roomy}/guests`, {
      guests: [{ name: 'Pat Guest', email: 'pat.guest@example.com' }],
    });
    expect(guests.statusCode).toBe(200);
    const queued = await waiting.client.request('PUT', `/api/events/${full}/registration`, { status: 'attending' });
    expect(queued.json().waitlisted).toBe(true);

    const res = await leave(m.client, series.id);
    expect(res.statusCode).toBe(200);
    expect(seriesRegistrationResponse.parse(res.json())).toEqual({
      joined: false,
      attending: 0,
      waitlisted: 0,
      left: 2,
    });
    expect(await statuses([past, full, roomy], m.id)).toEqual(['attending', null, null]);
    expect(await db().select().from(eventGuests).where(eq(eventGuests.eventId, roomy))).toEqual([]);
    expect(await joined(series.id, m.id)).toBe(false);
    expect(await statuses([full], waiting.user.id)).toEqual(['attending']);
    await waitFor(async () => (await mailsTo(waiting.input.email)).some((mail) => /seat/i.test(mail.subject)));
    expect((await mailsTo(waiting.input.email)).map((mail) => mail.subject).join('|')).toMatch(/seat/i);
  });

  it('answers 404 to a member who has not joined, and 401 to a visitor, changing nothing', async () => {
    const m = await member();
    const { series, dates } = await createSeries(db(), [at(9)]);
    await db().insert(eventAttendees).values({ eventId: dates[0]!.id, userId: m.id, status: 'attending' });
    const res = await leave(m.client, series.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBeTruthy();
    expect(await statuses([dates[0]!.id], m.id)).toEqual(['attending']);
    expect((await leave(visitor(), series.id)).statusCode).toBe(401);
    expect((await leave(m.client, 'nope')).statusCode).toBe(404);
    expect((await leave(admin, series.id)).statusCode).toBe(404);
  });
});

describe('a cancelled date', () => {
  it('refuses registration, guests and tickets with 409 EVENT_CANCELLED, changing nothing', async () => {
    const m = await member();
    const { dates } = await createSeries(db(), [at(12)], { dates: [{ cancelledAt: at(-1) }] });
    const id = dates[0]!.id;
    for (const status of ['attending', 'maybe']) {
      const res = await m.client.request('PUT', `/api/events/${id}/registration`, { status });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: EVENT_CANCELLED, message: EVENT_CANCELLED_MESSAGE });
    }
    expect(await statuses([id], m.id)).toEqual([null]);

    // Someone still on it (say, between the cancellation and its clean-up) cannot add guests.
    await db().insert(eventAttendees).values({ eventId: id, userId: m.id, status: 'attending' });
    const guests = await m.client.request('PUT', `/api/events/${id}/guests`, {
      guests: [{ name: 'Lee Guest', email: 'lee.guest@example.com' }],
    });
    expect(guests.statusCode).toBe(409);
    expect(guests.json().error.code).toBe(EVENT_CANCELLED);
    expect(await db().select().from(eventGuests).where(eq(eventGuests.eventId, id))).toEqual([]);

    const ticket = await m.client.get(`/api/events/${id}/ticket`);
    expect(ticket.statusCode).toBe(409);
    expect(ticket.json().error).toEqual({ code: EVENT_CANCELLED, message: EVENT_CANCELLED_MESSAGE });

    const detail = (await m.client.get(`/api/events/${id}`)).json();
    expect(detail.event.cancelled).toBe(true);
    expect(detail.event.series.schedule).toBe('Every first Thursday, 6-9 PM');
    expect(detail.registration.guestsAllowed).toBe(0);
  });

  it('gets no reminders', async () => {
    const m = await member('remind');
    const start = new Date('2032-05-06T22:00:00Z');
    const tag = `remind${Date.now().toString(36)}`;
    const { dates } = await createSeries(db(), [start], {
      template: { name: `Cancelled ${tag}` },
      dates: [{ cancelledAt: at(-1) }],
    });
    const control = await createEvent(db(), { name: `Kept ${tag}`, startTime: start });
    await db()
      .insert(eventAttendees)
      .values([
        { eventId: dates[0]!.id, userId: m.id, status: 'attending' },
        { eventId: control.id, userId: m.id, status: 'attending' },
      ]);
    const { config, mailer } = ctx.app.services;
    await sendDueReminders({ db: db(), config, mailer }, new Date(start.getTime() - HOUR));
    const texts = (await mailsTo(m.email)).map((mail) => mail.text);
    expect(texts.filter((t) => t.includes(`Kept ${tag} starts`))).toHaveLength(1);
    expect(texts.filter((t) => t.includes(`Cancelled ${tag}`))).toEqual([]);
  });

  it('gets no morning-after e-mail', async () => {
    const m = await member('after');
    const start = new Date('2033-06-02T22:00:00Z');
    const tag = `after${Date.now().toString(36)}`;
    const { dates } = await createSeries(db(), [start], {
      template: { name: `Cancelled ${tag}` },
      dates: [{ cancelledAt: at(-1) }],
    });
    const control = await createEvent(db(), { name: `Kept ${tag}`, startTime: start });
    for (const eventId of [dates[0]!.id, control.id]) {
      await db().insert(eventAttendees).values({ eventId, userId: m.id, status: 'attending' });
      await db()
        .insert(eventCheckIns)
        .values({
          eventId,
          userId: m.id,
          ticket: `member:${m.id}`,
          checkedInAt: start,
          device: 'test',
        });
    }
    const { config, mailer } = ctx.app.services;
    await sendMorningAfter({ db: db(), config, mailer }, morningAfterAt(control.endTime, config.SITE_TIMEZONE));
    const subjects = (await mailsTo(m.email)).map((mail) => mail.subject);
    expect(subjects.filter((s) => s.includes(`Kept ${tag}`))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes(`Cancelled ${tag}`))).toEqual([]);
  });
});

describe('the events list and the landing page', () => {
  it("show a series' dates to come once (its next date not cancelled); past dates as they are; paging agrees", async () => {
    const tag = `once${Date.now().toString(36)}`;
    const { dates } = await createSeries(db(), [at(-40), at(-12), at(2), at(9), at(16), at(23)], {
      template: { name: `Series ${tag}` },
      dates: [{}, {}, { cancelledAt: at(-1) }, {}, {}, {}],
    });
    const [p1, p2, cancelled, next, later, last] = dates.map((d) => d.id);
    const single = await createEvent(db(), { name: `Single ${tag}`, startTime: at(20) });

    const res = await visitor().get(`/api/events?q=${tag}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().events.map((e: { id: string }) => e.id)).toEqual([single.id, next, p2, p1]);
    expect(res.json().total).toBe(4);
    expect(res.json().events[1].series.schedule).toBe('Every first Thursday, 6-9 PM');

    const page2 = (await visitor().get(`/api/events?q=${tag}&pageSize=3&page=2`)).json();
    expect(page2).toMatchObject({ total: 4, page: 2 });
    expect(page2.events.map((e: { id: string }) => e.id)).toEqual([p1]);

    // Once the next date has started it is a past date (and so is the cancelled one before it),
    // and the one after it is next.
    const later2 = await listEvents(db(), { q: tag, page: 1, pageSize: 20 }, async () => [], at(10));
    expect(later2.events.map((e) => e.id)).toEqual([single.id, later, next, cancelled, p2, p1]);
    expect(later2.total).toBe(6);

    const landing = (await latestEvents(db(), 500, NOW)).map((e) => e.id);
    expect(landing).toContain(next);
    for (const hidden of [cancelled, later, last]) expect(landing).not.toContain(hidden);
    expect(landing).toContain(p2);
  });

  it('never names a cancelled date the next event', async () => {
    const { dates } = await createSeries(db(), [new Date('2045-01-05T23:00:00Z'), new Date('2045-02-02T23:00:00Z')], {
      dates: [{ cancelledAt: NOW }],
    });
    const next = await findNextEvent(db(), new Date('2045-01-01T00:00:00Z'));
    expect(next?.id).toBe(dates[1]!.id);
  });
});

describe('calendars', () => {
  /** A feed read by ical.js, as calendar apps' libraries read it. */
  function entries(body: string) {
    const calendar = new ICAL.Component(ICAL.parse(body));
    return calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        status: String(vevent.getFirstPropertyValue('status')),
        start: event.startDate.toJSDate().toISOString(),
      };
    });
  }

  it("GET /api/series/:id/calendar.ics holds each date as its own entry with the event's UID, cancelled ones CANCELLED", async () => {
    const { series, dates } = await createSeries(db(), [at(-30), at(4), at(32)], {
      template: { name: 'Coffee & Connections' },
      dates: [{}, { cancelledAt: at(-1) }, {}],
    });
    const res = await visitor().get(`/api/series/${series.id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(entries(res.body)).toEqual(
      dates.map((d, i) => ({
        uid: eventUid(d.id),
        status: i === 1 ? 'CANCELLED' : 'CONFIRMED',
        start: d.startTime.toISOString(),
      })),
    );
    expect(res.body).toContain('X-WR-CALNAME:Coffee & Connections');
    for (const id of ['nope', crypto.randomUUID()]) {
      const missing = await visitor().get(`/api/series/${id}/calendar.ics`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(SERIES_NOT_FOUND);
    }
    expect((await admin.get(`/api/series/${series.id}/calendar.ics`)).statusCode).toBe(200);
  });

  it('the public and personal feeds show a cancelled date as STATUS:CANCELLED, once', async () => {
    const m = await member('feed');
    const { dates } = await createSeries(db(), [at(6), at(34)], { dates: [{ cancelledAt: at(-1) }, {}] });
    const [cancelled, kept] = dates as [(typeof dates)[number], (typeof dates)[number]];
    const publicFeed = entries((await visitor().get('/calendar.ics')).body);
    expect(publicFeed.find((e) => e.uid === eventUid(cancelled.id))?.status).toBe('CANCELLED');
    expect(publicFeed.find((e) => e.uid === eventUid(kept.id))?.status).toBe('CONFIRMED');

    // Still registered, and recorded as cancelled for them too: one entry.
    await db()
      .insert(eventAttendees)
      .values([
        { eventId: cancelled.id, userId: m.id, status: 'attending' },
        { eventId: kept.id, userId: m.id, status: 'attending' },
      ]);
    await db().insert(calendarCancellations).values({
      userId: m.id,
      eventId: cancelled.id,
      name: cancelled.name,
      summary: null,
      location: null,
      startTime: cancelled.startTime,
      endTime: cancelled.endTime,
      sequence: 1,
    });
    const { url } = (await m.client.get('/api/calendar-feed')).json() as { url: string };
    const personal = entries((await visitor().get(new URL(url).pathname)).body);
    expect(personal.filter((e) => e.uid === eventUid(cancelled.id))).toEqual([
      { uid: eventUid(cancelled.id), status: 'CANCELLED', start: cancelled.startTime.toISOString() },
    ]);
    expect(personal.find((e) => e.uid === eventUid(kept.id))?.status).toBe('CONFIRMED');
  });
});
