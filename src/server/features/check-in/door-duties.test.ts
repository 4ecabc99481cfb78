import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, Client, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createMembers, signIn } from '../../test/factories';
import { manualClock } from '../../platform/clock';
import type { DoorDutiesResponse } from '../../../shared/check-in';

// Door duties: the events whose door screen a member may open, for the event page's "Check-in"
// link and the dashboard's list. Door staff see their events; admins every event; an event drops
// off a day after it ended.

const HOUR = 60 * 60_000;
const NOW = new Date('2031-03-10T18:00:00Z');
const clock = manualClock(NOW);

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  admin = (await adminClient(ctx.app)).client;
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const at = (hoursFromNow: number) => new Date(NOW.getTime() + hoursFromNow * HOUR);
const duties = async (client: Client) => {
  const res = await client.get('/api/door-duties');
  expect(res.statusCode).toBe(200);
  return (res.json() as DoorDutiesResponse).events;
};

describe('GET /api/door-duties', () => {
  it('asks visitors to sign in', async () => {
    const res = await new Client(ctx.app).get('/api/door-duties');
    expect(res.statusCode).toBe(401);
  });

  it('lists the events a member is door staff for, soonest first, until a day after each ended', async () => {
    const later = await createEvent(db(), { startTime: at(48), endTime: at(51) });
    const tonight = await createEvent(db(), { startTime: at(-2), endTime: at(1) });
    const lastNight = await createEvent(db(), { startTime: at(-28), endTime: at(-25) });
    const lastWeek = await createEvent(db(), { startTime: at(-7 * 24), endTime: at(-7 * 24 + 3) });
    const notTheirs = await createEvent(db(), { startTime: at(24), endTime: at(27) });
    const [staff, other] = await createMembers(db(), 2, 'duty');
    for (const event of [later, tonight, lastNight, lastWeek]) {
      const put = await admin.request('PUT', `/api/admin/events/${event.id}/door-staff`, { userIds: [staff!.id] });
      expect(put.statusCode).toBe(200);
    }
    const staffClient = await signIn(ctx.app, staff!);
    expect(await duties(staffClient)).toEqual([
      { id: tonight.id, name: tonight.name, startTime: at(-2).toISOString(), endTime: at(1).toISOString() },
      { id: later.id, name: later.name, startTime: at(48).toISOString(), endTime: at(51).toISOString() },
    ]);
    expect((await duties(staffClient)).map((e) => e.id)).not.toContain(lastNight.id);
    expect((await duties(staffClient)).map((e) => e.id)).not.toContain(notTheirs.id);

    // Within the day after its end an event stays (late guests, an undo); then it goes.
    try {
      clock.set(at(-2));
      expect((await duties(staffClient)).map((e) => e.id)).toEqual([lastNight.id, tonight.id, later.id]);
      clock.set(at(1 + 24.5));
      expect((await duties(staffClient)).map((e) => e.id)).toEqual([later.id]);
    } finally {
      clock.set(NOW);
    }

    // A member who is nobody's door staff has no duties.
    expect(await duties(await signIn(ctx.app, other!))).toEqual([]);
  });

  it('gives admins every event that has not ended more than a day ago', async () => {
    const upcoming = await createEvent(db(), { startTime: at(5), endTime: at(8) });
    const old = await createEvent(db(), { startTime: at(-30), endTime: at(-27) });
    const ids = (await duties(admin)).map((e) => e.id);
    expect(ids).toContain(upcoming.id);
    expect(ids).not.toContain(old.id);
  });
});
