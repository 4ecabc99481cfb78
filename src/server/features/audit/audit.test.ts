import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { adminClient, createMembers, signIn } from '../../test/factories';
import { ACTIVITY_ACTIONS } from '../../../shared/activity';

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

  it('has words for every admin write it names, and each names a real route', async () => {
    const paths = (await ctx.app.inject('/api/docs/json')).json().paths as Record<
      string,
      Record<string, { operationId: string }>
    >;
    const ids = new Set(Object.values(paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId)));
    for (const action of Object.keys(ACTIVITY_ACTIONS)) expect(ids, action).toContain(action);
  });
});
