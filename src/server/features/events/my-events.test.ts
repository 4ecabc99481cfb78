import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAttendees, eventCheckIns, eventGuests } from '../../db/schema';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { createEvent, createMembers, signIn } from '../../test/factories';
import type { MyEventsResponse } from '../../../shared/events';

// GET /api/me/events: the dashboard's Event History and its "Your next event" card.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const DAY = 24 * 3_600_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY);

async function member(prefix: string) {
  const [row] = await createMembers(db(), 1, prefix);
  return { id: row!.id, username: row!.username, client: await signIn(ctx.app, row!) };
}

const register = (eventId: string, userId: string, status = 'attending') =>
  db().insert(eventAttendees).values({ eventId, userId, status });

const checkIn = (eventId: string, userId: string) =>
  db()
    .insert(eventCheckIns)
    .values({ eventId, userId, ticket: `member:${userId}`, checkedInAt: new Date(), device: 'Front door' });

/** An event that ended `daysAgo` days ago. */
async function pastEvent(name: string, daysAgo: number, status: 'completed' | 'upcoming' = 'completed') {
  return createEvent(db(), { name, status, startTime: daysFromNow(-daysAgo), endTime: daysFromNow(-daysAgo + 0.1) });
}

describe('GET /api/me/events', () => {
  it('answers 401 to a visitor', async () => {
    const res = await new Client(ctx.app).get('/api/me/events');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBeDefined();
  });

  it('splits upcoming (soonest first) from past (newest first), with status, guests and place', async () => {
    const me = await member('mine');
    const later = await createEvent(db(), { name: 'Later Mixer', startTime: daysFromNow(20) });
    const sooner = await createEvent(db(), { name: 'Sooner Mixer', startTime: daysFromNow(3), location: 'NoDa' });
    const old = await pastEvent('Old Mixer', 60);
    const recent = await pastEvent('Recent Mixer', 10);
    await createEvent(db(), { name: 'Not Mine', startTime: daysFromNow(5) });
    await register(later.id, me.id, 'maybe');
    await register(sooner.id, me.id);
    await register(old.id, me.id);
    await register(recent.id, me.id);
    await db()
      .insert(eventGuests)
      .values({ eventId: sooner.id, profileId: me.id, guestName: 'Gail', guestEmail: 'gail@example.com' });

    const res = await me.client.get('/api/me/events');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('private');
    const body = res.json() as MyEventsResponse;
    expect(body.upcoming.map((e) => [e.name, e.registration, e.guests, e.attendance])).toEqual([
      ['Sooner Mixer', 'attending', 1, null],
      ['Later Mixer', 'maybe', 0, null],
    ]);
    expect(body.upcoming[0]).toMatchObject({
      id: sooner.id,
      location: 'NoDa',
      status: 'upcoming',
      startTime: sooner.startTime.toISOString(),
      endTime: sooner.endTime.toISOString(),
    });
    expect(body.past.map((e) => e.name)).toEqual(['Recent Mixer', 'Old Mixer']);
  });

  it('says attended or did not check in for past events that used check-in', async () => {
    const [me, other] = [await member('door'), await member('doormate')];
    const came = await pastEvent('Came Mixer', 5);
    const missed = await pastEvent('Missed Mixer', 6);
    for (const event of [came, missed]) {
      await register(event.id, me.id);
      await register(event.id, other.id);
      await checkIn(event.id, other.id);
    }
    await checkIn(came.id, me.id);

    const body = (await me.client.get('/api/me/events')).json() as MyEventsResponse;
    expect(body.past.map((e) => [e.name, e.attendance])).toEqual([
      ['Came Mixer', 'attended'],
      ['Missed Mixer', 'missed'],
    ]);
  });

  it('counts an attending member as attended where the door checked nobody in (no check-in used)', async () => {
    // The same rule as the profile's Events Attended: without any check-in the door is no witness,
    // and the registration to attend is the best word there is.
    const me = await member('nodoor');
    const plain = await pastEvent('Plain Mixer', 4);
    const maybe = await pastEvent('Maybe Mixer', 8);
    // Ended, though an admin never marked it completed: over all the same.
    const ended = await pastEvent('Ended Mixer', 2, 'upcoming');
    await register(plain.id, me.id);
    await register(maybe.id, me.id, 'maybe');
    await register(ended.id, me.id);

    const body = (await me.client.get('/api/me/events')).json() as MyEventsResponse;
    expect(body.upcoming).toEqual([]);
    expect(body.past.map((e) => [e.name, e.registration, e.attendance])).toEqual([
      ['Ended Mixer', 'attending', 'attended'],
      ['Plain Mixer', 'attending', 'attended'],
      ['Maybe Mixer', 'maybe', null],
    ]);
    const stats = (await me.client.get(`/api/profiles/${me.username}`)).json().stats;
    expect(stats.eventsAttended).toBe(2);
  });

  it('lists an event happening now under upcoming, so the card can show it', async () => {
    const me = await member('now');
    const now = await createEvent(db(), {
      name: 'Happening Mixer',
      status: 'ongoing',
      startTime: daysFromNow(-0.05),
      endTime: daysFromNow(0.1),
    });
    await register(now.id, me.id);
    const body = (await me.client.get('/api/me/events')).json() as MyEventsResponse;
    expect(body.upcoming.map((e) => [e.name, e.status])).toEqual([['Happening Mixer', 'ongoing']]);
    expect(body.past).toEqual([]);
  });
});
