import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import {
  eventAttendees,
  eventCheckIns,
  eventGuests,
  events,
  insightsEvents,
  insightsMembers,
  messages,
  profiles,
} from '../../db/schema';
import { createEvent, createMembers } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { saveOffersAsks } from '../members/offers-asks';
import { ATTENDANCE_EVENTS_SHOWN } from '../../../shared/insights';
import { communityInsights } from './service';

// The snapshot the community figures read (migration 0019, decision 038) is kept by triggers as
// the rows change and moved in time by insights_catch_up. After every kind of change it must be
// what a rebuild from scratch at the same moment makes; a write at an event still to end leaves
// it alone.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TZ = 'America/New_York';

let ctx: TestContext;
let db: Db;
let m: { id: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.app.services.db;
  m = await createMembers(db, 6, 'snap');
});
afterAll(async () => {
  await ctx?.close();
});

const asOf = async () =>
  new Date(
    (await db.execute<{ as_of: string | Date }>(sql`select as_of from insights_state where id = 1`)).rows[0]!.as_of,
  );

/** Everything the snapshot holds, in a stable order. */
async function snapshot() {
  const rows = async (query: string) => (await db.execute(sql.raw(query))).rows;
  return {
    events: await rows(
      'select event_id, start_time, attending, came, no_shows, guests, first_timers from insights_events order by event_id',
    ),
    members: await rows(
      'select user_id, first_event_id, first_at, second_at, came, recent from insights_members order by user_id',
    ),
    groups: await rows('select kind, key, members, label from offer_ask_groups order by kind, key'),
  };
}

const activity = async () =>
  (await db.execute(sql`select user_id, last_active_at from member_activity order by user_id`)).rows;

/** The snapshot kept so far, and the one a rebuild at the same moment makes. Members' latest
 * signs of life are left out: a sign of life stays when its row goes (a message deleted with its
 * recipient), and a rebuild only sees the rows that are left. */
async function keptAndRebuilt() {
  const kept = await snapshot();
  const moment = await asOf();
  await db.execute(sql`select insights_rebuild(${moment.toISOString()}::timestamptz)`);
  return { kept, rebuilt: await snapshot() };
}

async function event(start: Date, overrides: Parameters<typeof createEvent>[1] = {}) {
  return createEvent(db, { startTime: start, endTime: new Date(start.getTime() + 3 * HOUR), ...overrides });
}
const register = (eventId: string, n: number, status = 'attending') =>
  db.insert(eventAttendees).values({ eventId, userId: m[n]!.id, status });
const checkIn = (eventId: string, n: number, at: Date) =>
  db
    .insert(eventCheckIns)
    .values({ eventId, ticket: `member:${m[n]!.id}`, userId: m[n]!.id, checkedInAt: at, device: 'door-1' });

describe('the insights snapshot', () => {
  it('stays what a rebuild makes through late edits at past events', async () => {
    const now = Date.now();
    const a = await event(new Date(now - 60 * DAY));
    const b = await event(new Date(now - 30 * DAY));
    const c = await event(new Date(now - 10 * DAY));
    for (const n of [0, 1, 2]) await register(a.id, n);
    for (const n of [1, 2, 3]) await register(b.id, n);
    await register(c.id, 4);
    await register(c.id, 5, 'waitlisted');
    await checkIn(b.id, 1, b.startTime);
    await db.insert(eventGuests).values({
      eventId: a.id,
      profileId: m[0]!.id,
      guestName: 'A Guest',
      guestEmail: `guest-${randomUUID()}@example.com`,
    });
    await saveOffersAsks(db, m[0]!.id, { offers: ['Bookkeeping'], asks: ['Commercial lawyer'] });
    await saveOffersAsks(db, m[1]!.id, { offers: ['bookkeeping'], asks: [] });
    await db.insert(messages).values({ senderId: m[2]!.id, recipientId: m[3]!.id, subject: 'Hi', content: 'Hello' });

    const signs = await activity();
    let { kept, rebuilt } = await keptAndRebuilt();
    expect(kept).toEqual(rebuilt);
    expect(signs).toEqual(await activity());
    // Everyone registered (m5 on the waitlist), and m2 wrote a message.
    expect(signs.map((r) => r.user_id).sort()).toEqual(m.map((x) => x.id).sort());
    // B used check-in: only m1 came; A did not: its three attending came.
    const row = (id: string) => kept.events.find((e) => e.event_id === id);
    expect(row(a.id)).toMatchObject({ attending: 3, came: 3, no_shows: null, guests: 1, first_timers: 3 });
    expect(row(b.id)).toMatchObject({ attending: 3, came: 1, no_shows: 2 });
    expect(kept.groups).toEqual([
      expect.objectContaining({ kind: 'ask', members: 1, label: 'Commercial lawyer' }),
      expect.objectContaining({ kind: 'offer', members: 2, label: 'Bookkeeping' }),
    ]);

    // A check-in typed in after the evening, a status changed, a guest removed, an event moved
    // and one cancelled, an offer changed, a member deleted: each kept as a rebuild would make it.
    const edits: (() => Promise<unknown>)[] = [
      () => checkIn(b.id, 2, new Date(now - 29 * DAY)),
      () =>
        db
          .update(eventAttendees)
          .set({ status: 'maybe' })
          .where(and(eq(eventAttendees.eventId, a.id), eq(eventAttendees.userId, m[2]!.id))),
      () => db.delete(eventGuests).where(eq(eventGuests.eventId, a.id)),
      () =>
        db
          .update(events)
          .set({ startTime: new Date(now - 70 * DAY), endTime: new Date(now - 70 * DAY + 3 * HOUR) })
          .where(eq(events.id, b.id)),
      () =>
        db
          .update(events)
          .set({ cancelledAt: new Date(now - 11 * DAY) })
          .where(eq(events.id, c.id)),
      () => saveOffersAsks(db, m[1]!.id, { offers: ['Commercial lawyer'], asks: [] }),
      // B's only member check-ins removed: B then used no check-in, and its attending came.
      () => db.delete(eventCheckIns).where(eq(eventCheckIns.eventId, b.id)),
      () => db.delete(profiles).where(eq(profiles.id, m[3]!.id)),
      () => db.delete(events).where(eq(events.id, a.id)),
    ];
    for (const [n, edit] of edits.entries()) {
      await edit();
      ({ kept, rebuilt } = await keptAndRebuilt());
      expect(kept, `after edit ${n}`).toEqual(rebuilt);
    }
    expect(kept.events.map((e) => e.event_id)).toEqual([b.id]);
    // m3's registration went with the member; B's two attending came.
    expect(row(b.id)).toMatchObject({ attending: 2, came: 2, no_shows: null });
    // m1 now offers what m0 asks: no unmet ask is left.
    expect(kept.groups.map((g) => `${g.kind}:${g.label}:${g.members}`)).toEqual([
      'ask:Commercial lawyer:1',
      'offer:Bookkeeping:1',
      'offer:Commercial lawyer:1',
    ]);
  });

  it('leaves it alone for a registration or a check-in at an event still to end', async () => {
    const upcoming = await event(new Date(Date.now() + 5 * DAY));
    const ongoing = await event(new Date(Date.now() - HOUR));
    const before = await snapshot();
    const signs = await activity();
    await register(upcoming.id, 0);
    await register(ongoing.id, 1);
    await checkIn(ongoing.id, 1, new Date());
    expect(await snapshot()).toEqual(before);
    // The members' signs of life are kept at once.
    expect(await activity()).not.toEqual(signs);
  });

  it('moves with the clock both ways: an event counts once it has ended, and not before', async () => {
    const start = new Date(Date.now() + 2 * DAY);
    const later = await event(start);
    await register(later.id, 4);
    await register(later.id, 5);
    const ended = new Date(start.getTime() + 3 * HOUR + 1);
    const figures = await communityInsights(db, 'all', ended, TZ);
    expect(figures.attendance.find((a) => a.eventId === later.id)).toMatchObject({ attending: 2, came: 2 });
    expect(await asOf()).toEqual(ended);
    const [kept] = await db.select().from(insightsEvents).where(eq(insightsEvents.eventId, later.id));
    expect(kept).toMatchObject({ attending: 2, came: 2 });
    expect((await db.select().from(insightsMembers).where(eq(insightsMembers.userId, m[5]!.id)))[0]?.firstEventId).toBe(
      later.id,
    );

    // Back to a moment before its end: it is not past any more, and nobody came to it.
    const earlier = new Date(start.getTime() - DAY);
    const back = await communityInsights(db, 'all', earlier, TZ);
    expect(back.attendance.find((a) => a.eventId === later.id)).toBeUndefined();
    expect((await db.select().from(insightsMembers).where(eq(insightsMembers.userId, m[5]!.id))).length).toBe(0);
    const { kept: k, rebuilt } = await keptAndRebuilt();
    expect(k).toEqual(rebuilt);
  });

  it('writes nothing when no event ended since the last moment', async () => {
    const moment = await asOf();
    const { rows } = await db.execute<{ moved: boolean }>(
      sql`select insights_catch_up(${new Date(moment.getTime() + 1).toISOString()}::timestamptz) as moved`,
    );
    expect(rows[0]!.moved).toBe(false);
    expect(await asOf()).toEqual(moment);
  });

  it('lists the latest events of a busy period, and counts them all', async () => {
    const now = new Date();
    const base = now.getTime() - 80 * DAY;
    const made: string[] = [];
    for (let n = 0; n < ATTENDANCE_EVENTS_SHOWN + 5; n++) made.push((await event(new Date(base + n * 12 * HOUR))).id);
    const figures = await communityInsights(db, '90d', now, TZ);
    const past = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from events where cancelled_at is null and end_time <= ${now.toISOString()}::timestamptz
        and start_time >= ${figures.from}::timestamptz`,
    );
    expect(figures.attendanceTotal).toBe(past.rows[0]!.n);
    expect(figures.attendanceTotal).toBeGreaterThan(ATTENDANCE_EVENTS_SHOWN);
    expect(figures.attendance).toHaveLength(ATTENDANCE_EVENTS_SHOWN);
    // The latest, oldest first: the last one made is last, the first five are left out.
    expect(figures.attendance.at(-1)!.eventId).toBe(made.at(-1));
    expect(figures.attendance.map((a) => a.eventId)).not.toContain(made[0]);
    const starts = figures.attendance.map((a) => a.startTime);
    expect([...starts].sort()).toEqual(starts);
  });
});
