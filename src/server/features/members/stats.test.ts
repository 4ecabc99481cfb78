import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registeredClient, type TestContext } from '../../test/harness';
import { createEvent } from '../../test/factories';
import { eventAttendees } from '../../db/schema';

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
});
