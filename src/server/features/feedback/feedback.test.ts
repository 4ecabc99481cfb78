import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAttendees, eventCheckIns, eventFeedback, eventGuests, signingKeys } from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { createEvent, createMembers, signIn } from '../../test/factories';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import {
  FEEDBACK_CLOSED_MESSAGE,
  FEEDBACK_NOT_ATTENDED_MESSAGE,
  FEEDBACK_NOT_YET_MESSAGE,
  INVALID_FEEDBACK_LINK_MESSAGE,
  type FeedbackState,
} from '../../../shared/feedback';
import { EVENT_CANCELLED_MESSAGE } from '../../../shared/series';
import { feedbackKey, signFeedbackToken } from './links';

// Rating an event (issue 34): by a mail's signed link without signing in, or on the event page;
// only by those who came, from the event's end for 14 days; a forged link changes nothing.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The evening of June 1 (UTC), 6 to 9 PM; the clock stands on June 10, inside its window.
const START = new Date('2026-06-01T22:00:00Z');
const END = new Date(START.getTime() + 3 * HOUR);
const NOW = new Date('2026-06-10T12:00:00Z');

const clock = manualClock(NOW);
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ JOBS_CHECK_MS: '3600000' }, { clock });
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
type Member = Awaited<ReturnType<typeof createMembers>>[number];

async function pastEvent(overrides: Parameters<typeof createEvent>[1] = {}) {
  return createEvent(db(), { status: 'completed', startTime: START, endTime: END, ...overrides });
}
async function register(eventId: string, member: Member, status = 'attending') {
  await db().insert(eventAttendees).values({ eventId, userId: member.id, status });
}
async function checkIn(eventId: string, member: Member) {
  await db()
    .insert(eventCheckIns)
    .values({ eventId, ticket: `member:${member.id}`, userId: member.id, checkedInAt: START, device: 'Front door' });
}
const tokenFor = async (member: Member, eventId: string) =>
  signFeedbackToken(await feedbackKey(db()), { userId: member.id, eventId });
const answers = (eventId: string) =>
  db()
    .select({
      userId: eventFeedback.userId,
      rating: eventFeedback.rating,
      comment: eventFeedback.comment,
      showName: eventFeedback.showName,
    })
    .from(eventFeedback)
    .where(eq(eventFeedback.eventId, eventId));
/** A browser without a session, as a tap from a mail client opens. */
const visitor = () => new Client(ctx.app);
const putLink = (body: unknown) => visitor().request('PUT', '/api/feedback/link', body);

/** Runs `body` with the clock at `at`, putting it back even when the test fails. */
async function at<T>(when: Date, body: () => Promise<T>): Promise<T> {
  clock.set(when);
  try {
    return await body();
  } finally {
    clock.set(NOW);
  }
}

describe('the signed rating link', () => {
  let event: Awaited<ReturnType<typeof pastEvent>>;
  let ana: Member;
  let ben: Member;
  beforeAll(async () => {
    [ana, ben] = (await createMembers(db(), 2, 'fbl')) as [Member, Member];
    event = await pastEvent();
    for (const m of [ana, ben]) {
      await register(event.id, m);
      await checkIn(event.id, m);
    }
  });

  it('a link this install never signed is refused, and reading it makes no key', async () => {
    const forged = signFeedbackToken(randomBytes(32), { userId: ana.id, eventId: event.id });
    const read = await visitor().get(`/api/feedback/link?token=${encodeURIComponent(forged)}`);
    expect(read.statusCode).toBe(400);
    expect(read.json().error).toEqual({ code: 'INVALID_FEEDBACK_LINK', message: INVALID_FEEDBACK_LINK_MESSAGE });
    expect((await putLink({ token: forged, rating: 5 })).statusCode).toBe(400);
    expect(await db().select().from(signingKeys).where(eq(signingKeys.name, 'feedback'))).toEqual([]);
    expect(await answers(event.id)).toEqual([]);
  });

  it('records the tap once, and a second tap changes it (the latest counts)', async () => {
    const token = await tokenFor(ana, event.id);
    const before = await visitor().get(`/api/feedback/link?token=${encodeURIComponent(token)}`);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.json()).toEqual({
      event: { id: event.id, name: event.name, startTime: START.toISOString(), endTime: END.toISOString() },
      eligible: true,
      opensAt: END.toISOString(),
      closesAt: new Date(END.getTime() + 14 * DAY).toISOString(),
      open: true,
      answer: null,
    } satisfies FeedbackState);

    const first = await putLink({ token, rating: 4 });
    expect(first.statusCode).toBe(200);
    expect(first.json().answer).toEqual({ rating: 4, comment: null, showName: false, updatedAt: NOW.toISOString() });
    const later = new Date(NOW.getTime() + HOUR);
    const second = await at(later, () => putLink({ token, rating: 2 }));
    expect(second.json().answer).toEqual({ rating: 2, comment: null, showName: false, updatedAt: later.toISOString() });
    expect(await answers(event.id)).toEqual([{ userId: ana.id, rating: 2, comment: null, showName: false }]);
  });

  it('the comment page saves a comment and the name choice; left out they stay, an empty comment clears', async () => {
    const token = await tokenFor(ben, event.id);
    const saved = await putLink({ token, rating: 5, comment: '  More name tags, please.  ', showName: true });
    expect(saved.json().answer).toMatchObject({ rating: 5, comment: 'More name tags, please.', showName: true });
    // Another tap keeps the comment and the choice.
    expect((await putLink({ token, rating: 4 })).json().answer).toMatchObject({
      rating: 4,
      comment: 'More name tags, please.',
      showName: true,
    });
    expect((await putLink({ token, rating: 4, comment: '', showName: false })).json().answer).toMatchObject({
      comment: null,
      showName: false,
    });
    expect((await answers(event.id)).filter((a) => a.userId === ben.id)).toEqual([
      { userId: ben.id, rating: 4, comment: null, showName: false },
    ]);
  });

  it('a link altered to name another member or event is refused and changes nothing', async () => {
    const other = await pastEvent();
    await register(other.id, ana);
    await checkIn(other.id, ana);
    const token = await tokenFor(ben, event.id);
    const [, signature] = token.split('.');
    const payload = (text: string) => Buffer.from(text).toString('base64url');
    const tampered = [
      `${payload(`f:${ana.id}:${event.id}`)}.${signature}`,
      `${payload(`f:${ben.id}:${other.id}`)}.${signature}`,
      `${token}x`,
      `${token}.extra`,
      'not-a-token',
    ];
    const before = await answers(event.id);
    for (const bad of tampered) {
      const res = await putLink({ token: bad, rating: 1, comment: 'forged' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_FEEDBACK_LINK');
      expect((await visitor().get(`/api/feedback/link?token=${encodeURIComponent(bad)}`)).statusCode).toBe(400);
    }
    expect(await answers(event.id)).toEqual(before);
    expect(await answers(other.id)).toEqual([]);
  });

  it('is refused once the member has deleted their account', async () => {
    const [gone] = await createMembers(db(), 1, 'fbgone');
    await register(event.id, gone!);
    await checkIn(event.id, gone!);
    const token = await tokenFor(gone!, event.id);
    const client = await signIn(ctx.app, gone!);
    const deleted = await client.post('/api/me/delete', { username: gone!.username });
    expect(deleted.statusCode).toBe(200);
    expect((await putLink({ token, rating: 5 })).statusCode).toBe(400);
  });
});

describe('who may rate, and when', () => {
  it('someone who did not come cannot rate (registered, but the door checked in others)', async () => {
    const [came, noShow] = (await createMembers(db(), 2, 'fbw')) as [Member, Member];
    const event = await pastEvent();
    await register(event.id, came);
    await checkIn(event.id, came);
    await register(event.id, noShow);
    const token = await tokenFor(noShow, event.id);
    expect((await visitor().get(`/api/feedback/link?token=${encodeURIComponent(token)}`)).json().eligible).toBe(false);
    const res = await putLink({ token, rating: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'FEEDBACK_NOT_ATTENDED', message: FEEDBACK_NOT_ATTENDED_MESSAGE });
    // Nor signed in, on the event page.
    const page = await (
      await signIn(ctx.app, noShow)
    ).request('PUT', `/api/events/${event.id}/feedback`, {
      rating: 1,
    });
    expect(page.statusCode).toBe(403);
    expect(await answers(event.id)).toEqual([]);
  });

  it('where the door checked in nobody, those registered attending came (not maybe, not waitlisted)', async () => {
    const [going, maybe, waiting] = (await createMembers(db(), 3, 'fba')) as [Member, Member, Member];
    const event = await pastEvent();
    await register(event.id, going);
    await register(event.id, maybe, 'maybe');
    await register(event.id, waiting, 'waitlisted');
    expect((await putLink({ token: await tokenFor(going, event.id), rating: 5 })).statusCode).toBe(200);
    expect((await putLink({ token: await tokenFor(maybe, event.id), rating: 5 })).statusCode).toBe(403);
    expect((await putLink({ token: await tokenFor(waiting, event.id), rating: 5 })).statusCode).toBe(403);
    expect((await answers(event.id)).map((a) => a.userId)).toEqual([going.id]);
  });

  it('where the door checked in only guests, a member registered attending did not come', async () => {
    const [host, other] = (await createMembers(db(), 2, 'fbg')) as [Member, Member];
    const event = await pastEvent();
    await register(event.id, host);
    await register(event.id, other);
    const [guest] = await db()
      .insert(eventGuests)
      .values({ eventId: event.id, profileId: host.id, guestName: 'Gus Guest', guestEmail: 'gus.fb@example.com' })
      .returning({ id: eventGuests.id });
    await db()
      .insert(eventCheckIns)
      .values({
        eventId: event.id,
        ticket: `guest:${guest!.id}`,
        userId: host.id,
        guestId: guest!.id,
        checkedInAt: START,
        device: 'Front door',
      });
    // The host's guest was admitted, not the host: neither member came.
    expect((await putLink({ token: await tokenFor(host, event.id), rating: 5 })).statusCode).toBe(403);
    expect((await putLink({ token: await tokenFor(other, event.id), rating: 5 })).statusCode).toBe(403);
    expect(await answers(event.id)).toEqual([]);
  });

  it('opens when the event ends and closes 14 days later', async () => {
    const [member] = (await createMembers(db(), 1, 'fbt')) as [Member];
    const event = await pastEvent();
    await register(event.id, member);
    await checkIn(event.id, member);
    const token = await tokenFor(member, event.id);

    const during = await at(new Date(END.getTime() - 1), () => putLink({ token, rating: 5 }));
    expect(during.statusCode).toBe(409);
    expect(during.json().error).toEqual({ code: 'FEEDBACK_NOT_OPEN', message: FEEDBACK_NOT_YET_MESSAGE });
    const notYet = await at(new Date(END.getTime() - 1), () =>
      visitor().get(`/api/feedback/link?token=${encodeURIComponent(token)}`),
    );
    expect(notYet.json()).toMatchObject({ eligible: true, open: false, answer: null });

    const closes = new Date(END.getTime() + 14 * DAY);
    const last = await at(new Date(closes.getTime() - 1), () => putLink({ token, rating: 3 }));
    expect(last.statusCode).toBe(200);
    const closed = await at(closes, () => putLink({ token, rating: 1 }));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toEqual({ code: 'FEEDBACK_NOT_OPEN', message: FEEDBACK_CLOSED_MESSAGE });
    const afterwards = await at(closes, () => visitor().get(`/api/feedback/link?token=${encodeURIComponent(token)}`));
    expect(afterwards.json()).toMatchObject({ open: false, answer: { rating: 3 } });
    expect((await answers(event.id)).map((a) => a.rating)).toEqual([3]);
  });

  it('a cancelled date cannot be rated (409), nor its state read', async () => {
    const [member] = (await createMembers(db(), 1, 'fbc')) as [Member];
    const event = await pastEvent({ cancelledAt: new Date(START.getTime() - DAY) });
    await register(event.id, member);
    const token = await tokenFor(member, event.id);
    const put = await putLink({ token, rating: 5 });
    expect(put.statusCode).toBe(409);
    expect(put.json().error).toEqual({ code: 'EVENT_CANCELLED', message: EVENT_CANCELLED_MESSAGE });
    const client = await signIn(ctx.app, member);
    expect((await client.get(`/api/events/${event.id}/feedback`)).statusCode).toBe(409);
    expect(await answers(event.id)).toEqual([]);
  });
});

describe('on the event page (signed in)', () => {
  let event: Awaited<ReturnType<typeof pastEvent>>;
  let member: Member;
  let client: Client;
  beforeAll(async () => {
    [member] = (await createMembers(db(), 1, 'fbp')) as [Member];
    event = await pastEvent();
    await register(event.id, member);
    await checkIn(event.id, member);
    client = await signIn(ctx.app, member);
  });

  it('a visitor is asked to sign in (401)', async () => {
    expect((await visitor().get(`/api/events/${event.id}/feedback`)).statusCode).toBe(401);
    expect((await visitor().request('PUT', `/api/events/${event.id}/feedback`, { rating: 5 })).statusCode).toBe(401);
    expect(await answers(event.id)).toEqual([]);
  });

  it('an unknown event is 404', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      expect((await client.get(`/api/events/${id}/feedback`)).statusCode).toBe(404);
      expect((await client.request('PUT', `/api/events/${id}/feedback`, { rating: 5 })).statusCode).toBe(404);
    }
  });

  it('reads and saves the same answer the mail link does', async () => {
    const empty = await client.get(`/api/events/${event.id}/feedback`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ eligible: true, open: true, answer: null });
    const saved = await client.request('PUT', `/api/events/${event.id}/feedback`, {
      rating: 4,
      comment: 'A quieter room for the talks.',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().answer).toMatchObject({ rating: 4, comment: 'A quieter room for the talks.', showName: false });
    const viaLink = await visitor().get(
      `/api/feedback/link?token=${encodeURIComponent(await tokenFor(member, event.id))}`,
    );
    expect(viaLink.json().answer).toEqual(saved.json().answer);
  });

  it('refuses a comment over the limit, a control character and a rating out of range (422), changing nothing', async () => {
    const before = await answers(event.id);
    const cases = [
      [{ rating: 5, comment: 'x'.repeat(1001) }, 'comment'],
      [{ rating: 5, comment: 'bad\u0000byte' }, 'comment'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 5, extra: true }, undefined],
    ] as const;
    for (const [body, field] of cases) {
      const res = await client.request('PUT', `/api/events/${event.id}/feedback`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      if (field) expect(Object.keys(res.json().error.fields)).toEqual([field]);
    }
    const link = await putLink({ token: await tokenFor(member, event.id), rating: 5, comment: 'y'.repeat(1001) });
    expect(link.statusCode).toBe(422);
    expect(await answers(event.id)).toEqual(before);
  });

  it("the member's data export holds the ratings they gave", async () => {
    const data = (await client.get('/api/me/export')).json();
    expect(data.feedback).toEqual([
      {
        event_id: event.id,
        event_name: event.name,
        rating: 4,
        comment: 'A quieter room for the talks.',
        show_name: false,
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      },
    ]);
    expect(data.emailPreferences.feedback).toBe(true);
    const [row] = await db()
      .select({ rating: eventFeedback.rating })
      .from(eventFeedback)
      .where(and(eq(eventFeedback.eventId, event.id), eq(eventFeedback.userId, member.id)));
    expect(row).toEqual({ rating: 4 });
  });
});
