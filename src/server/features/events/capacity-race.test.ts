import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { emailOutbox, eventAttendees, eventGuests } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { createEvent, createMembers, signIn } from '../../test/factories';
import type { Db } from '../../db/client';
import { setRegistration } from './registration';

// Real concurrency needs the real server: PGlite is a single connection and would run the
// requests one by one anyway. Runs in `npm run test:pg` and CI's PostgreSQL pass.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('capacity under concurrent registrations (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(async () => ctx?.close());

  it('200 concurrent registrations and guest changes for 50 seats fill exactly 50, the rest waitlisted, no 5xx', async () => {
    const db = ctx.database.db;
    const event = await createEvent(db, { maxAttendees: 50 });
    const members = await createMembers(db, 205, 'race');
    const clients = [];
    for (let i = 0; i < members.length; i += 20) {
      clients.push(...(await Promise.all(members.slice(i, i + 20).map((m) => signIn(ctx.app, m)))));
    }
    // Five members already attend and will try to bring 3 guests each during the rush.
    const hosts = clients.slice(0, 5);
    for (const h of hosts) {
      expect((await h.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' })).statusCode).toBe(
        200,
      );
    }
    const rush = clients.slice(5);
    const guests = [1, 2, 3].map((i) => ({ name: `Guest ${i}`, email: `guest${i}@example.com` }));

    const responses = await Promise.all([
      ...rush.map((c) => c.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' })),
      ...hosts.map((h) => h.request('PUT', `/api/events/${event.id}/guests`, { guests })),
    ]);
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);

    const registered = (status: string) =>
      db.$count(eventAttendees, and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.status, status)));
    const [attending, waitlisted, guestCount] = await Promise.all([
      registered('attending'),
      registered('waitlisted'),
      db.$count(eventGuests, eq(eventGuests.eventId, event.id)),
    ]);
    expect(Number(attending) + Number(guestCount)).toBe(50);
    expect(Number(attending) + Number(waitlisted)).toBe(205);
    const waitlistedAnswers = responses
      .slice(0, rush.length)
      .filter((r) => r.statusCode === 200 && r.json().waitlisted).length;
    expect(waitlistedAnswers).toBe(Number(waitlisted));
  }, 120_000);

  /** Until one change waits on an event's seats lock (a request not answered yet). */
  const waitingOnSeatsLock = (db: Db) =>
    expect
      .poll(
        async () =>
          (
            await db.execute<{ n: number }>(
              sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
            )
          ).rows[0]!.n,
        { timeout: 10_000 },
      )
      .toBe(1);

  /** Holds one member's registration change open (its transaction and locks) until released. */
  function holdOpen(db: Db, eventId: string, userId: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let changed!: () => void;
    const inside = new Promise<void>((resolve) => (changed = resolve));
    const done = db.transaction(async (tx) => {
      await setRegistration(tx as unknown as Db, eventId, userId, { status: 'attending' });
      changed();
      await released;
    });
    return { inside, release, done };
  }

  it('members changing their registration on an event without a capacity do not wait for each other', async () => {
    const db = ctx.database.db;
    const event = await createEvent(db, { maxAttendees: null });
    const [first, second] = await createMembers(db, 2, 'open');
    const client = await signIn(ctx.app, second!);
    const held = holdOpen(db, event.id, first!.id);
    await held.inside;
    try {
      // Answered while the first change is still open: before, it queued behind its lock.
      const answer = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().registration.status).toBe('attending');
    } finally {
      held.release();
      await held.done;
    }
  });

  it('on an event with a capacity, the second change waits for the first to count the seats', async () => {
    const db = ctx.database.db;
    const event = await createEvent(db, { maxAttendees: 1 });
    const [first, second] = await createMembers(db, 2, 'seat');
    const client = await signIn(ctx.app, second!);
    const held = holdOpen(db, event.id, first!.id);
    await held.inside;
    const answer = client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    try {
      // The second request is waiting on the event's seats lock, not answered.
      await waitingOnSeatsLock(db);
    } finally {
      held.release();
      await held.done;
    }
    // The first took the one seat: the second waits on the list.
    const settled = await answer;
    expect(settled.statusCode).toBe(200);
    expect(settled.json().waitlisted).toBe(true);
  });

  it("a member's two changes at once (two tabs) take their one seat once, not a seat and the waitlist", async () => {
    const db = ctx.database.db;
    const event = await createEvent(db, { maxAttendees: 1 });
    const [member] = await createMembers(db, 1, 'tabs');
    const client = await signIn(ctx.app, member!);
    const held = holdOpen(db, event.id, member!.id);
    await held.inside;
    const answer = client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    try {
      await waitingOnSeatsLock(db);
    } finally {
      held.release();
      await held.done;
    }
    // Its status is read again under the seats lock: already attending, nothing to change.
    const settled = await answer;
    expect(settled.statusCode).toBe(200);
    expect(settled.json()).toMatchObject({ waitlisted: false, registration: { status: 'attending' } });
    const rows = await db.select().from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    expect(rows.map((r) => r.status)).toEqual(['attending']);
    expect(await db.$count(emailOutbox, eq(emailOutbox.to, member!.email))).toBe(0);
  });
});
