import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { calendarCancellations, emailOutbox, eventAttendees, events } from '../../db/schema';
import { Client, ORIGIN, createTestContext, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createMembers, signIn } from '../../test/factories';
import { CALENDAR_FEED_NOT_FOUND } from '../../../shared/calendar-feed';
import { eventUid } from './ics';

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await adminClient(ctx.app)).client;
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const DAY = 24 * 3_600_000;

/** A factory member, signed in, with their feed's path. */
async function memberWithFeed(prefix: string) {
  const [member] = await createMembers(db(), 1, prefix);
  const client = await signIn(ctx.app, member!);
  const res = await client.get('/api/calendar-feed');
  expect(res.statusCode).toBe(200);
  const { url, webcalUrl } = res.json() as { url: string; webcalUrl: string };
  return { member: member!, client, url, webcalUrl, path: new URL(url).pathname };
}

const register = (eventId: string, userId: string, status = 'attending') =>
  db().insert(eventAttendees).values({ eventId, userId, status });

/** Fetches a feed as a calendar app would: no cookies. */
const fetchFeed = (path: string) => new Client(ctx.app).get(path);

/** The feed read by ical.js, as calendar apps' libraries read it. */
async function readFeed(path: string) {
  const res = await fetchFeed(path);
  expect(res.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const entries = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      sequence: event.sequence,
      status: String(vevent.getFirstPropertyValue('status')),
      start: event.startDate.toJSDate().toISOString(),
    };
  });
  return { res, calendar, entries };
}

/** An admin's full event form for `event`, with `overrides`. */
const adminInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Harbor Founders Night',
  summary: 'Founders meet by the water',
  description: '',
  content: '',
  location: 'Dockside Hall',
  category: 'Mixer',
  status: 'upcoming',
  startTime: '2030-07-01T18:30',
  endTime: '2030-07-01T21:00',
  maxAttendees: '',
  imageUrl: '',
  galleryUrls: [],
  panelistsUrls: [],
  videoUrl: '',
  slidesUrl: '',
  isFeatured: false,
  recapVideoUrl: '',
  recapDescription: '',
  recapThumbnailUrl: '',
  sponsorIds: [] as string[],
  ...overrides,
});

describe('GET /api/calendar-feed and POST /api/calendar-feed/regenerate', () => {
  it('answer 401 to a visitor', async () => {
    const visitor = new Client(ctx.app);
    expect((await visitor.get('/api/calendar-feed')).statusCode).toBe(401);
    expect((await visitor.post('/api/calendar-feed/regenerate')).statusCode).toBe(401);
  });

  it('make the address on first ask and give the same one after; webcal for calendar apps', async () => {
    const { client, url, webcalUrl, member } = await memberWithFeed('first');
    expect(url).toMatch(new RegExp(`^${ORIGIN}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(webcalUrl).toBe(url.replace(/^http:/, 'webcal:'));
    const again = await client.get('/api/calendar-feed');
    expect(again.json()).toEqual({ url, webcalUrl });
    expect(again.headers['cache-control']).toBe('private, no-store');
    const rows = await db().execute(`select token from calendar_feeds where user_id = '${member.id}'`);
    expect(rows.rows).toHaveLength(1);
  });

  it('regenerating kills the old address at once', async () => {
    const { client, path } = await memberWithFeed('regen');
    expect((await fetchFeed(path)).statusCode).toBe(200);
    const res = await client.post('/api/calendar-feed/regenerate');
    expect(res.statusCode).toBe(200);
    const fresh = new URL((res.json() as { url: string }).url).pathname;
    expect(fresh).not.toBe(path);
    expect((await fetchFeed(path)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect(new URL((await client.get('/api/calendar-feed')).json().url as string).pathname).toBe(fresh);
  });
});

describe('GET /calendar/:token.ics', () => {
  it('answers 404 with the usual error to a wrong, malformed or empty token', async () => {
    await memberWithFeed('wrong');
    for (const path of [
      `/calendar/${'A'.repeat(43)}.ics`,
      '/calendar/not-a-token.ics',
      `/calendar/${'x'.repeat(99)}.ics`,
      '/calendar/.ics',
    ]) {
      const res = await fetchFeed(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ error: { code: 'NOT_FOUND', message: CALENDAR_FEED_NOT_FOUND } });
    }
    // Hostile addresses: a 4xx in the usual shape, never a 5xx.
    for (const [path, status] of [
      ['/calendar/%ff.ics', 400],
      ['/calendar/%00.ics', 404],
      ["/calendar/'%20or%201=1.ics", 404],
      ['/calendar/..%2f.ics', 404],
    ] as const) {
      const res = await fetchFeed(path);
      expect(res.statusCode, path).toBe(status);
      expect(res.json(), path).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    // Longer than any path parameter the router takes (Fastify's maxParamLength): refused before routing.
    const long = await fetchFeed(`/calendar/${'x'.repeat(500)}.ics`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
  });

  it("holds only the member's events they attend or may attend, and parses with ical.js", async () => {
    const { member, path } = await memberWithFeed('only');
    const [other] = await createMembers(db(), 1, 'other');
    const attending = await createEvent(db(), { name: 'Attending, night' });
    const maybe = await createEvent(db(), { name: 'Maybe; brunch' });
    const waitlisted = await createEvent(db(), { name: 'Waitlisted mixer' });
    const theirs = await createEvent(db(), { name: 'Not mine' });
    await register(attending.id, member.id);
    await register(maybe.id, member.id, 'maybe');
    await register(waitlisted.id, member.id, 'waitlisted');
    await register(theirs.id, other!.id);

    const { res, calendar, entries } = await readFeed(path);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Power Mixer: my events');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(entries.map((e) => e.uid).sort()).toEqual([eventUid(attending.id), eventUid(maybe.id)].sort());
    expect(entries.map((e) => e.summary).sort()).toEqual(['Attending, night', 'Maybe; brunch']);
    expect(entries.every((e) => e.status === 'CONFIRMED' && e.sequence === 0)).toBe(true);
    expect(res.body).not.toContain(waitlisted.id);
    expect(res.body).not.toContain(theirs.id);
  });

  it('follows registering and unregistering (an unregistered event leaves no trace)', async () => {
    const { client, path } = await memberWithFeed('follow');
    const event = await createEvent(db(), { name: 'Come and go' });
    expect((await readFeed(path)).entries).toHaveLength(0);

    const put = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'maybe' });
    expect(put.statusCode).toBe(200);
    expect((await readFeed(path)).entries.map((e) => e.uid)).toEqual([eventUid(event.id)]);

    expect((await client.request('DELETE', `/api/events/${event.id}/registration`)).statusCode).toBe(200);
    const after = await readFeed(path);
    expect(after.entries).toHaveLength(0);
    expect(after.res.body).not.toContain(event.id);
  });

  it("follows an admin's move with the update e-mail's SEQUENCE", async () => {
    const { member, client, path } = await memberWithFeed('moved');
    const created = await admin.post('/api/admin/events', adminInput({ name: 'Moving Mixer' }));
    const id = created.json().event.id as string;
    expect((await client.request('PUT', `/api/events/${id}/registration`, { status: 'attending' })).statusCode).toBe(
      200,
    );
    const before = (await readFeed(path)).entries[0]!;
    expect(before.sequence).toBe(0);

    const moved = await admin.request(
      'PUT',
      `/api/admin/events/${id}`,
      adminInput({ name: 'Moving Mixer', startTime: '2030-07-02T18:30', endTime: '2030-07-02T21:00' }),
    );
    expect(moved.statusCode).toBe(200);
    const after = (await readFeed(path)).entries[0]!;
    expect(after.uid).toBe(eventUid(id));
    expect(after.sequence).toBe(1);
    expect(new Date(after.start).getTime() - new Date(before.start).getTime()).toBe(DAY);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    const update = mails.find((m) => m.subject === 'Updated: Moving Mixer');
    expect(update?.attachments?.[0]?.content).toContain('SEQUENCE:1');
  });

  it("keeps an admin-deleted event as STATUS:CANCELLED with the same UID and the cancellation's SEQUENCE", async () => {
    const { member, path } = await memberWithFeed('cancel');
    const { member: maybeMember, path: maybePath } = await memberWithFeed('cancelmaybe');
    const { member: waiting, path: waitingPath } = await memberWithFeed('cancelwait');
    const event = await createEvent(db(), { name: 'Doomed Gala', sequence: 2 });
    await register(event.id, member.id);
    await register(event.id, maybeMember.id, 'maybe');
    await register(event.id, waiting.id, 'waitlisted');

    const res = await admin.request('DELETE', `/api/admin/events/${event.id}`);
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(events).where(eq(events.id, event.id))).toHaveLength(0);

    for (const p of [path, maybePath]) {
      const { entries } = await readFeed(p);
      expect(entries).toEqual([
        expect.objectContaining({ uid: eventUid(event.id), status: 'CANCELLED', sequence: 3, summary: 'Doomed Gala' }),
      ]);
    }
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(mail!.attachments?.[0]?.content).toContain('SEQUENCE:3');
    expect((await readFeed(waitingPath)).entries).toHaveLength(0);
  });

  it('drops a cancelled event a month after it would have ended', async () => {
    const { member, path } = await memberWithFeed('old');
    const ended = (daysAgo: number) => ({
      userId: member.id,
      name: `Cancelled ${daysAgo} days ago`,
      startTime: new Date(Date.now() - daysAgo * DAY - 3_600_000),
      endTime: new Date(Date.now() - daysAgo * DAY),
      sequence: 1,
    });
    const recent = { ...ended(29), eventId: crypto.randomUUID() };
    await db()
      .insert(calendarCancellations)
      .values([recent, { ...ended(31), eventId: crypto.randomUUID() }]);
    const { entries } = await readFeed(path);
    expect(entries.map((e) => e.uid)).toEqual([eventUid(recent.eventId)]);
  });
});
