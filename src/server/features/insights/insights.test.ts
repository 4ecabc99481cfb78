import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connections,
  eventAttendees,
  eventCheckIns,
  eventFeedback,
  eventGuests,
  events,
  eventSeries,
  forumPosts,
  forums,
  messages,
  profiles,
  session,
} from '../../db/schema';
import type { Db } from '../../db/client';
import { createEvent, createMembers } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { saveOffersAsks } from '../members/offers-asks';
import { communityInsights, eventInsights } from './service';

// Every figure against a hand-built community with a known answer, at a moment the test chooses
// (the service takes `now`; no row's time comes from the real clock). The story: seven members
// (m0 joined long ago), three past dates of a monthly series (E1 and E3 used check-in, E2 did
// not), an old event E6 before the period, a cancelled E4 and an upcoming E5.

const TZ = 'America/New_York';
const NOW = new Date('2026-06-15T16:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso);
const before = (start: Date, ms: number) => new Date(start.getTime() - ms);

let ctx: TestContext;
let db: Db;
const m: { id: string; name: string }[] = [];
const ev: Record<string, { id: string; start: Date }> = {};

async function event(key: string, start: string, overrides: Partial<typeof events.$inferInsert> = {}) {
  const startTime = at(start);
  const row = await createEvent(db, {
    name: key,
    startTime,
    endTime: new Date(startTime.getTime() + 3 * HOUR),
    createdAt: before(startTime, 30 * DAY),
    ...overrides,
  });
  ev[key] = { id: row.id, start: startTime };
  return row;
}

async function register(key: string, member: number, status: string, createdAt: Date) {
  await db.insert(eventAttendees).values({ eventId: ev[key]!.id, userId: m[member]!.id, status, createdAt });
}

async function checkIn(key: string, member: number, guestId?: string) {
  const start = ev[key]!.start;
  await db.insert(eventCheckIns).values({
    eventId: ev[key]!.id,
    ticket: guestId ? `guest:${guestId}` : `member:${m[member]!.id}`,
    userId: m[member]!.id,
    guestId,
    checkedInAt: start,
    device: 'door-1',
  });
}

async function guest(key: string, member: number) {
  const [row] = await db
    .insert(eventGuests)
    .values({
      eventId: ev[key]!.id,
      profileId: m[member]!.id,
      guestName: 'A Guest',
      guestEmail: `guest-${randomUUID()}@example.com`,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.app.services.db;
  const joined = [
    '2025-05-01T12:00:00Z', // m0, before the 12 months
    '2026-01-10T12:00:00Z',
    '2026-01-20T12:00:00Z',
    '2026-03-05T12:00:00Z',
    '2026-03-25T12:00:00Z',
    '2026-04-02T12:00:00Z',
    '2026-06-01T12:00:00Z',
    '2026-05-01T02:00:00Z', // m7: 30 April, 10 PM in New York
  ];
  const made = await createMembers(db, joined.length, 'insight');
  for (const [n, member] of made.entries()) {
    const name = `Member ${n}`;
    await db
      .update(profiles)
      .set({ createdAt: at(joined[n]!), fullName: name })
      .where(eq(profiles.id, member.id));
    m.push({ id: member.id, name });
  }

  const [series] = await db
    .insert(eventSeries)
    .values({
      rule: { frequency: 'monthly', interval: 1, on: { kind: 'nth', nth: 1, weekday: 1 }, ends: { kind: 'never' } },
      startDate: '2026-02-01',
      startTime: '17:00',
      durationMinutes: 180,
      template: { name: 'First Monday Mixer' } as never,
      generatedUntil: '2999-12-31',
    })
    .returning();
  const inSeries = (day: string) => ({ seriesId: series!.id, seriesDate: day });

  // E6: long ago, no check-in; m0 came.
  await event('E6', '2025-05-10T22:00:00Z');
  await register('E6', 0, 'attending', at('2025-05-01T00:00:00Z'));

  // E1: check-in used. m1, m2, m3 attending; m1, m2 and one of m1's two guests checked in.
  const e1 = await event('E1', '2026-02-01T22:00:00Z', {
    createdAt: at('2026-01-28T22:00:00Z'),
    ...inSeries('2026-02-01'),
  });
  await register('E1', 1, 'attending', before(e1.startTime, 3 * DAY));
  await register('E1', 2, 'attending', before(e1.startTime, DAY));
  await register('E1', 3, 'attending', before(e1.startTime, 12 * HOUR));
  const g1 = await guest('E1', 1);
  await guest('E1', 1);
  await checkIn('E1', 1);
  await checkIn('E1', 2);
  await checkIn('E1', 1, g1);

  // E2: no check-in. m1, m3, m4 attending (they came), m5 maybe; one guest of m4.
  const e2 = await event('E2', '2026-03-01T22:00:00Z', {
    createdAt: at('2026-02-27T22:00:00Z'),
    ...inSeries('2026-03-01'),
  });
  await register('E2', 1, 'attending', before(e2.startTime, 2 * DAY));
  await register('E2', 3, 'attending', before(e2.startTime, DAY));
  await register('E2', 4, 'attending', before(e2.startTime, DAY + HOUR));
  await register('E2', 5, 'maybe', before(e2.startTime, HOUR));
  await guest('E2', 4);

  // E4: cancelled; never counts.
  await event('E4', '2026-04-01T22:00:00Z', { cancelledAt: at('2026-03-20T00:00:00Z') });
  await register('E4', 6, 'attending', at('2026-03-10T00:00:00Z'));

  // E3: check-in used. m2 (no-show), m4, m5, m0 attending; m6 waitlisted; m4's guest came.
  const e3 = await event('E3', '2026-05-05T22:00:00Z', {
    createdAt: at('2026-04-25T22:00:00Z'),
    ...inSeries('2026-05-05'),
  });
  await register('E3', 2, 'attending', before(e3.startTime, 9.5 * DAY));
  await register('E3', 4, 'attending', before(e3.startTime, 5 * DAY));
  await register('E3', 5, 'attending', before(e3.startTime, 2 * HOUR));
  await register('E3', 0, 'attending', before(e3.startTime, 3 * DAY + HOUR));
  await register('E3', 6, 'waitlisted', before(e3.startTime, DAY));
  const g3 = await guest('E3', 4);
  await checkIn('E3', 4);
  await checkIn('E3', 5);
  await checkIn('E3', 0);
  await checkIn('E3', 4, g3);
  await db.insert(eventFeedback).values([
    {
      eventId: e3.id,
      userId: m[4]!.id,
      rating: 5,
      comment: 'Great room',
      showName: true,
      updatedAt: at('2026-05-20T00:00:00Z'),
    },
    { eventId: e3.id, userId: m[5]!.id, rating: 4, comment: 'Too loud', updatedAt: at('2026-05-06T00:00:00Z') },
    { eventId: e3.id, userId: m[0]!.id, rating: 4, updatedAt: at('2026-05-07T00:00:00Z') },
  ]);
  await db.insert(connections).values([
    {
      requesterId: m[4]!.id,
      recipientId: m[5]!.id,
      status: 'accepted',
      metAtEventId: e3.id,
      createdAt: e3.startTime,
    },
    { requesterId: m[0]!.id, recipientId: m[4]!.id, status: 'pending', metAtEventId: e3.id, createdAt: e3.startTime },
  ]);

  // E5: to come; m6 (never came anywhere) and m1 attending.
  await event('E5', '2026-06-20T22:00:00Z', { createdAt: at('2026-06-01T22:00:00Z') });
  await register('E5', 6, 'attending', at('2026-06-01T22:00:00Z'));
  await register('E5', 1, 'attending', at('2026-06-10T22:00:00Z'));

  // Activity in the last 30 days (from 16 May): m6 signed in, m1 registered (E5), m3 wrote a
  // message, m4 rated E3 (20 May). Older: m5's session, m2's forum post, every check-in.
  await db.insert(session).values([
    {
      id: randomUUID(),
      token: randomUUID(),
      userId: m[6]!.id,
      expiresAt: at('2026-07-10T00:00:00Z'),
      updatedAt: at('2026-06-10T00:00:00Z'),
    },
    {
      id: randomUUID(),
      token: randomUUID(),
      userId: m[5]!.id,
      expiresAt: at('2026-05-01T00:00:00Z'),
      updatedAt: at('2026-04-01T00:00:00Z'),
    },
  ]);
  await db.insert(messages).values({
    senderId: m[3]!.id,
    recipientId: m[2]!.id,
    subject: 'Hello',
    content: 'Hi',
    createdAt: at('2026-06-12T00:00:00Z'),
  });
  const [forum] = await db.insert(forums).values({ name: 'Talk' }).returning();
  await db.insert(forumPosts).values({
    forumId: forum!.id,
    authorId: m[2]!.id,
    title: 'Hi',
    content: '<p>Hi</p>',
    createdAt: at('2026-04-01T00:00:00Z'),
  });

  // Offers and asks, as members save them (terms made by features/members/offers-asks.ts).
  const lists: [number, string[], string[]][] = [
    [1, ['Bookkeeping'], ['Commercial lawyer']],
    [2, ['bookkeeping'], ['Photographer']],
    [3, ['Bookkeeping'], []],
    [4, ['Web design'], []],
    [5, [], ['Bookkeeping', 'Web designer']],
    [6, [], ['Commercial lawyer']],
    [0, [], ['commercial lawyer']],
  ];
  for (const [n, offers, asks] of lists) await saveOffersAsks(db, m[n]!.id, { offers, asks });
});
afterAll(async () => {
  await ctx?.close();
});

describe('community insights', () => {
  it('counts members: the total, the active ones, and each month of the 12 (a month with nobody is 0)', async () => {
    const figures = await communityInsights(db, '12m', NOW, TZ);
    expect(figures.from).toBe('2025-07-01T04:00:00.000Z');
    expect(figures.to).toBe(NOW.toISOString());
    expect(figures.members.total).toBe(8);
    // m6 (session), m1 (registration), m3 (message), m4 (rating).
    expect(figures.members.active).toBe(4);
    const months = figures.members.perMonth;
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: '2025-07', joined: 0, total: 1 });
    expect(months.slice(6)).toEqual([
      { month: '2026-01', joined: 2, total: 3 },
      { month: '2026-02', joined: 0, total: 3 },
      { month: '2026-03', joined: 2, total: 5 },
      // m7 joined at 10 PM on 30 April in New York (1 May in UTC).
      { month: '2026-04', joined: 2, total: 7 },
      { month: '2026-05', joined: 0, total: 7 },
      { month: '2026-06', joined: 1, total: 8 },
    ]);
  });

  it('gives attendance per past event, with no-shows only where check-in was used', async () => {
    const figures = await communityInsights(db, '12m', NOW, TZ);
    expect(figures.attendance).toEqual([
      {
        eventId: ev.E1!.id,
        name: 'E1',
        startTime: '2026-02-01T22:00:00.000Z',
        attending: 3,
        came: 2,
        noShows: 1,
        guests: 1,
        firstTimers: 2,
      },
      {
        eventId: ev.E2!.id,
        name: 'E2',
        startTime: '2026-03-01T22:00:00.000Z',
        attending: 3,
        came: 3,
        noShows: null,
        guests: 1,
        firstTimers: 2,
      },
      {
        eventId: ev.E3!.id,
        name: 'E3',
        startTime: '2026-05-05T22:00:00.000Z',
        attending: 4,
        came: 3,
        noShows: 1,
        guests: 1,
        firstTimers: 1,
      },
    ]);
  });

  it('gives the return rate, leaving out first-timers whose window is still open', async () => {
    // m1 (E1 then E2) and m4 (E2 then E3) returned; m2 (E3 93 days on, a no-show anyway) and m3
    // did not; m5's window is open; m0's first event was before the period.
    const year = await communityInsights(db, '12m', NOW, TZ);
    expect(year.returnRate).toEqual({ firstTimers: 5, returned: 2, pending: 1, rate: 0.5 });
    const quarter = await communityInsights(db, '90d', NOW, TZ);
    expect(quarter.from).toBe(new Date(NOW.getTime() - 90 * DAY).toISOString());
    expect(quarter.attendance.map((a) => a.name)).toEqual(['E3']);
    expect(quarter.returnRate).toEqual({ firstTimers: 1, returned: 0, pending: 1, rate: null });
    const all = await communityInsights(db, 'all', NOW, TZ);
    expect(all.from).toBeNull();
    expect(all.returnRate).toEqual({ firstTimers: 6, returned: 2, pending: 1, rate: 0.4 });
    expect(all.members.perMonth[0]).toEqual({ month: '2025-05', joined: 1, total: 1 });
    expect(all.members.perMonth.at(-1)).toEqual({ month: '2026-06', joined: 1, total: 8 });
  });

  it('buckets members by the events they came to in the period', async () => {
    const year = await communityInsights(db, '12m', NOW, TZ);
    expect(year.eventsAttended).toEqual([
      { bucket: '1', members: 4 },
      { bucket: '2', members: 2 },
      { bucket: '3', members: 0 },
      { bucket: '4', members: 0 },
      { bucket: '5+', members: 0 },
    ]);
    const all = await communityInsights(db, 'all', NOW, TZ);
    expect(all.eventsAttended.slice(0, 2)).toEqual([
      { bucket: '1', members: 3 },
      { bucket: '2', members: 3 },
    ]);
  });

  it('lists offers and asks by their terms, and the asks nobody offers', async () => {
    const { offersAndAsks } = await communityInsights(db, '12m', NOW, TZ);
    expect(offersAndAsks.offered).toEqual([
      { label: 'Bookkeeping', members: 3 },
      { label: 'Web design', members: 1 },
    ]);
    expect(offersAndAsks.asked).toEqual([
      { label: 'Commercial lawyer', members: 3 },
      { label: 'Bookkeeping', members: 1 },
      { label: 'Photographer', members: 1 },
      { label: 'Web designer', members: 1 },
    ]);
    expect(offersAndAsks.unmet).toEqual([
      { label: 'Commercial lawyer', members: 3 },
      { label: 'Photographer', members: 1 },
    ]);
  });
});

describe('event insights', () => {
  it('draws the registration curve beside the average of the previous dates of its series', async () => {
    const figures = await eventInsights(db, ev.E3!.id, NOW);
    expect(figures!.event).toMatchObject({
      name: 'E3',
      ended: true,
      cancelled: false,
      createdAt: '2026-04-25T22:00:00.000Z',
    });
    expect(figures!.registrations.curve.map((p) => [p.daysBefore, p.registrations])).toEqual([
      [10, 0],
      [9, 1],
      [8, 1],
      [7, 1],
      [6, 1],
      [5, 2],
      [4, 2],
      [3, 3],
      [2, 3],
      [1, 4],
      [0, 5],
    ]);
    // E1: 0, 1, 1, 2, 3 from 4 days out; E2: 1, 3, 4 from 2 days out; averaged.
    expect(figures!.registrations.comparison).toEqual({
      basis: 'series',
      name: 'First Monday Mixer',
      events: 2,
      curve: [
        { daysBefore: 4, registrations: 0 },
        { daysBefore: 3, registrations: 0.5 },
        { daysBefore: 2, registrations: 1 },
        { daysBefore: 1, registrations: 2.5 },
        { daysBefore: 0, registrations: 3.5 },
      ],
    });
  });

  it('counts status, the door, first-timers and connections made there', async () => {
    const figures = await eventInsights(db, ev.E3!.id, NOW);
    expect(figures!.status).toEqual({ attending: 4, maybe: 0, waitlisted: 1, guests: 1 });
    expect(figures!.door).toEqual({ usedCheckIn: true, checkedIn: 4, guestsCheckedIn: 1, noShows: 1 });
    // m5 came for the first time; m4 (E2) and m0 (E6) had come before.
    expect(figures!.firstTimers).toEqual({ firstTimers: 1, returning: 2 });
    // The pending request tagged at E3 is not a connection.
    expect(figures!.connections).toEqual({ count: 1, pairs: [{ a: 'Member 4', b: 'Member 5' }] });
  });

  it('gives the rating: average, distribution, and comments newest first, named only when chosen', async () => {
    const { rating } = (await eventInsights(db, ev.E3!.id, NOW))!;
    expect(rating.count).toBe(3);
    expect(rating.average).toBeCloseTo(13 / 3, 10);
    expect(rating.distribution).toEqual([
      { rating: 1, count: 0 },
      { rating: 2, count: 0 },
      { rating: 3, count: 0 },
      { rating: 4, count: 2 },
      { rating: 5, count: 1 },
    ]);
    expect(rating.comments).toEqual([
      { rating: 5, comment: 'Great room', name: 'Member 4', at: '2026-05-20T00:00:00.000Z' },
      { rating: 4, comment: 'Too loud', name: null, at: '2026-05-06T00:00:00.000Z' },
    ]);
  });

  it('at an event without check-in, those attending came and there are no no-shows', async () => {
    const figures = await eventInsights(db, ev.E2!.id, NOW);
    expect(figures!.door).toEqual({ usedCheckIn: false, checkedIn: 0, guestsCheckedIn: 0, noShows: null });
    expect(figures!.firstTimers).toEqual({ firstTimers: 2, returning: 1 });
    expect(figures!.rating).toMatchObject({ count: 0, average: null, comments: [] });
  });

  it('before the start: the curve so far, first-timers among those attending, no no-shows yet', async () => {
    const figures = await eventInsights(db, ev.E5!.id, NOW);
    expect(figures!.event.ended).toBe(false);
    const curve = figures!.registrations.curve;
    // Announced 19 days before the start; 5 days remain.
    expect(curve[0]).toEqual({ daysBefore: 19, registrations: 1 });
    expect(curve.at(-1)).toEqual({ daysBefore: 5, registrations: 2 });
    expect(curve).toHaveLength(15);
    // Not in a series: the category's previous events that were not cancelled (E6, E1, E2, E3).
    expect(figures!.registrations.comparison).toMatchObject({ basis: 'category', name: 'Mixer', events: 4 });
    expect(figures!.door.noShows).toBeNull();
    // m1 came before; m6 never did.
    expect(figures!.firstTimers).toEqual({ firstTimers: 1, returning: 1 });
  });

  it('answers null for an unknown event or a malformed id', async () => {
    expect(await eventInsights(db, randomUUID(), NOW)).toBeNull();
    expect(await eventInsights(db, 'not-an-id', NOW)).toBeNull();
  });
});
