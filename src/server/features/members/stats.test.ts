import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registeredClient, type TestContext } from '../../test/harness';
import { createEvent } from '../../test/factories';
import { eventAttendees, eventCheckIns } from '../../db/schema';
import { createMembers } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const HOUR = 3_600_000;

describe('profile stats', () => {
  it('counts as attended only events that have ended, and only as attending', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const past = await createEvent(db(), {
      status: 'completed',
      startTime: new Date(Date.now() - 30 * 24 * HOUR),
    });
    // Over by its clock though nobody has marked it completed yet.
    const endedYesterday = await createEvent(db(), {
      status: 'ongoing',
      startTime: new Date(Date.now() - 27 * HOUR),
      endTime: new Date(Date.now() - 24 * HOUR),
    });
    const maybePast = await createEvent(db(), {
      status: 'completed',
      startTime: new Date(Date.now() - 60 * 24 * HOUR),
    });
    const upcoming = await createEvent(db());
    const happeningNow = await createEvent(db(), {
      status: 'ongoing',
      startTime: new Date(Date.now() - HOUR),
      endTime: new Date(Date.now() + HOUR),
    });
    await db()
      .insert(eventAttendees)
      .values([
        { eventId: past.id, userId: user.id, status: 'attending' },
        { eventId: endedYesterday.id, userId: user.id, status: 'attending' },
        { eventId: maybePast.id, userId: user.id, status: 'maybe' },
        { eventId: happeningNow.id, userId: user.id, status: 'attending' },
      ]);
    expect(
      (await client.request('PUT', `/api/events/${upcoming.id}/registration`, { status: 'attending' })).statusCode,
    ).toBe(200);
    await ctx.app.services.changes.caughtUp();

    const res = await client.get(`/api/profiles/${user.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().events).toHaveLength(5);
    expect(res.json().stats.eventsAttended).toBe(2);
  });

  it('counts check-ins where the door checked people in, and registrations where it did not', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const [other] = await createMembers(db(), 1, 'statsdoor');
    const past = (days: number) =>
      createEvent(db(), { status: 'completed', startTime: new Date(Date.now() - days * 24 * HOUR) });
    const checkedIn = await past(40);
    const missedDoor = await past(30);
    const noDoor = await past(20);
    const guestOnly = await past(10);
    await db()
      .insert(eventAttendees)
      .values(
        [checkedIn, missedDoor, noDoor, guestOnly].flatMap((e) => [
          { eventId: e.id, userId: user.id, status: 'attending' },
          { eventId: e.id, userId: other!.id, status: 'attending' },
        ]),
      );
    const at = new Date(Date.now() - 40 * 24 * HOUR);
    const checkIn = (eventId: string, userId: string) => ({
      eventId,
      ticket: `member:${userId}`,
      userId,
      checkedInAt: at,
      device: 'Front door',
    });
    // Check-in was used at the first two (the other member came to the second, this one did not).
    await db()
      .insert(eventCheckIns)
      .values([checkIn(checkedIn.id, user.id), checkIn(missedDoor.id, other!.id)]);
    await ctx.app.services.changes.caughtUp();

    const res = await client.get(`/api/profiles/${user.username}`);
    expect(res.statusCode).toBe(200);
    // checkedIn (own check-in) + noDoor and guestOnly (no check-in there at all): missedDoor does not count.
    expect(res.json().stats.eventsAttended).toBe(3);

    // A check-in added later reaches the cached profile: the read declares event_check_ins.
    await db().insert(eventCheckIns).values(checkIn(guestOnly.id, other!.id));
    await ctx.app.services.changes.caughtUp();
    expect((await client.get(`/api/profiles/${user.username}`)).json().stats.eventsAttended).toBe(2);
  });
});
