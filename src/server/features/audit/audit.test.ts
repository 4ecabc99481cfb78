import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createMembers, signIn } from '../../test/factories';
import { ACTIVITY_ACTIONS, checkInActivityText, type ActivityEntry } from '../../../shared/activity';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('GET /api/admin/activity', () => {
  it('refuses a visitor (401) and a member (403)', async () => {
    expect((await new Client(ctx.app).get('/api/admin/activity')).statusCode).toBe(401);
    const [m] = await createMembers(ctx.app.services.db, 1, 'activitymember');
    const member = await signIn(ctx.app, m!);
    expect((await member.get('/api/admin/activity')).statusCode).toBe(403);
  });

  it('shows admin writes newest first with actor, action, path and changes; paged', async () => {
    const { client, admin } = await adminClient(ctx.app);
    const [target] = await createMembers(ctx.app.services.db, 1, 'activitytarget');
    const flip = await client.request('PATCH', `/api/admin/users/${target!.id}/flags`, {
      flag: 'isSponsor',
      value: true,
    });
    expect(flip.statusCode).toBe(200);
    await client.request('PATCH', `/api/admin/users/${target!.id}/flags`, { flag: 'isPanelist', value: true });
    // Reads are not writes: they leave no row.
    await client.get('/api/admin/users');

    const res = await client.get('/api/admin/activity');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(body.entries[0]).toMatchObject({
      actorId: admin.id,
      actorName: admin.username,
      method: 'PATCH',
      path: `/api/admin/users/${target!.id}/flags`,
      targetId: target!.id,
      targetLabel: target!.username,
      changes: { isPanelist: { before: false, after: true } },
    });
    expect(body.entries[1].changes).toEqual({ isSponsor: { before: false, after: true } });
    expect((await client.get('/api/admin/activity?page=2')).json().entries).toEqual([]);
    expect((await client.get('/api/admin/activity?page=0')).statusCode).toBe(422);
  });

  it('names the item: a new one by its name, a deleted one by what it was called', async () => {
    const { client } = await adminClient(ctx.app);
    const made = await client.post('/api/sponsors', { name: 'Queen City Roasters', level: 'Event Sponsor' });
    expect(made.statusCode).toBe(201);
    const id = made.json().sponsor.id as string;
    expect((await client.request('DELETE', `/api/sponsors/${id}`)).statusCode).toBe(200);
    const entries = (await client.get('/api/admin/activity')).json().entries as {
      action: string;
      targetId: string;
      targetLabel: string | null;
    }[];
    expect(entries.slice(0, 2)).toMatchObject([
      { action: 'deleteSponsorsById', targetId: id, targetLabel: 'Queen City Roasters' },
      { action: 'postSponsors', targetId: id, targetLabel: 'Queen City Roasters' },
    ]);
  });

  it('says whom the door admitted, at which event, and the undo; and who was made door staff', async () => {
    const { client } = await adminClient(ctx.app);
    const event = await createEvent(ctx.app.services.db, { name: 'Fall Mixer' });
    const [host, staff] = await createMembers(ctx.app.services.db, 2, 'activitydoor');
    const hostClient = await signIn(ctx.app, host!);
    await hostClient.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    const guests = await hostClient.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [{ name: 'Jordan Lee', email: 'jordan.lee@example.com' }],
    });
    expect(guests.statusCode).toBe(200);
    expect(
      (await client.request('PUT', `/api/admin/events/${event.id}/door-staff`, { userIds: [staff!.id] })).statusCode,
    ).toBe(200);
    const list = (await client.get(`/api/events/${event.id}/door`)).json() as {
      tickets: { code: string; name: string }[];
    };
    const code = list.tickets.find((t) => t.name === 'Jordan Lee')!.code;
    const scanned = await client.post(`/api/events/${event.id}/check-ins`, { code, device: 'Front door' });
    expect(scanned.json().outcome).toBe('admitted');
    const checkInId = scanned.json().ticket.checkIn.id as string;
    expect((await client.request('DELETE', `/api/events/${event.id}/check-ins/${checkInId}`)).statusCode).toBe(200);

    const entries = (await client.get('/api/admin/activity')).json().entries as ActivityEntry[];
    const [undo, admit, staffing] = entries;
    expect(undo).toMatchObject({ action: 'deleteEventsByIdCheckInsByCheckInId', eventName: 'Fall Mixer' });
    expect(admit).toMatchObject({ action: 'postEventsByIdCheckIns', eventName: 'Fall Mixer', targetId: host!.id });
    expect(checkInActivityText(admit!)).toBe(
      `Checked in Jordan Lee (guest of ${host!.username}) at Fall Mixer (device: Front door)`,
    );
    expect(checkInActivityText(undo!)).toBe(
      `Undid the check-in of Jordan Lee (guest of ${host!.username}) at Fall Mixer`,
    );
    expect(staffing).toMatchObject({
      action: 'putAdminEventsByIdDoorStaff',
      targetLabel: 'Fall Mixer',
      changes: { doorStaff: { before: [], after: [staff!.username] } },
    });
    expect(checkInActivityText(staffing!)).toBeNull();
    expect(ACTIVITY_ACTIONS[staffing!.action]).toBe('Set the door staff of');
  });

  it('has words for every admin write it names, and each names a real route', async () => {
    const paths = (await ctx.app.inject('/api/docs/json')).json().paths as Record<
      string,
      Record<string, { operationId: string }>
    >;
    const ids = new Set(Object.values(paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId)));
    for (const action of Object.keys(ACTIVITY_ACTIONS)) expect(ids, action).toContain(action);
  });
});
