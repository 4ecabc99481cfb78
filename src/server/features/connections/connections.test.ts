import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or, sql } from 'drizzle-orm';
import { connections } from '../../db/schema';
import { Client, createTestContext, registeredClient, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function pair() {
  const a = await registeredClient(ctx.app);
  const b = await registeredClient(ctx.app);
  return { a, b };
}
const rowsBetween = (x: string, y: string) =>
  ctx.database.db
    .select()
    .from(connections)
    .where(
      or(
        sql`${connections.requesterId} = ${x} and ${connections.recipientId} = ${y}`,
        sql`${connections.requesterId} = ${y} and ${connections.recipientId} = ${x}`,
      ),
    );

describe('connections', () => {
  it('refuses visitors on every route', async () => {
    const visitor = new Client(ctx.app);
    expect((await visitor.get('/api/connections')).statusCode).toBe(401);
    expect((await visitor.post('/api/connections', { username: 'x' })).statusCode).toBe(401);
    expect((await visitor.post('/api/connections/00000000-0000-4000-8000-000000000000/accept')).statusCode).toBe(401);
    expect((await visitor.request('DELETE', '/api/connections/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      401,
    );
  });

  it('request -> pending badge -> accept -> connected on both profiles -> remove by either side', async () => {
    const { a, b } = await pair();
    const asked = await a.client.post('/api/connections', { username: b.user.username });
    expect(asked.statusCode).toBe(200);
    const id = asked.json().connection.id;
    expect((await b.client.get('/api/me')).json().user.pendingRequests).toBe(1);
    expect((await a.client.get(`/api/profiles/${b.user.username}`)).json().relation).toEqual({
      state: 'pending-outgoing',
      connectionId: id,
      metAt: null,
    });
    expect((await b.client.get(`/api/profiles/${a.user.username}`)).json().relation.state).toBe('pending-incoming');
    const incoming = (await b.client.get('/api/connections')).json().incoming;
    expect(incoming.map((r: { requester: { username: string } }) => r.requester.username)).toEqual([a.user.username]);

    const accepted = await b.client.post(`/api/connections/${id}/accept`);
    expect(accepted.json().connection.status).toBe('accepted');
    expect((await b.client.get('/api/me')).json().user.pendingRequests).toBe(0);
    expect((await a.client.get(`/api/profiles/${b.user.username}`)).json().relation.state).toBe('connected');
    const profile = (await new Client(ctx.app).get(`/api/profiles/${a.user.username}`)).json();
    expect(profile.stats.connections).toBe(1);
    expect(profile.connections[0].username).toBe(b.user.username);

    const removed = await b.client.request('DELETE', `/api/connections/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(await rowsBetween(a.user.id, b.user.id)).toHaveLength(0);
  });

  it('only the recipient answers; another member gets 404; the requester gets 403', async () => {
    const { a, b } = await pair();
    const stranger = await registeredClient(ctx.app);
    const id = (await a.client.post('/api/connections', { username: b.user.username })).json().connection.id;
    expect((await stranger.client.post(`/api/connections/${id}/accept`)).statusCode).toBe(404);
    expect((await stranger.client.request('DELETE', `/api/connections/${id}`)).statusCode).toBe(404);
    expect((await a.client.post(`/api/connections/${id}/accept`)).statusCode).toBe(403);
    // The recipient cannot "withdraw" someone else's request: they decline it.
    expect((await b.client.request('DELETE', `/api/connections/${id}`)).statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(connections).where(eq(connections.id, id));
    expect(row?.status).toBe('pending');
  });

  it('the requester withdraws a pending request', async () => {
    const { a, b } = await pair();
    const id = (await a.client.post('/api/connections', { username: b.user.username })).json().connection.id;
    expect((await a.client.request('DELETE', `/api/connections/${id}`)).statusCode).toBe(200);
    expect(await rowsBetween(a.user.id, b.user.id)).toHaveLength(0);
  });

  it('keeps one row per pair: no duplicate, no reverse request, no request to oneself', async () => {
    const { a, b } = await pair();
    await a.client.post('/api/connections', { username: b.user.username });
    const twice = await a.client.post('/api/connections', { username: b.user.username });
    expect(twice.statusCode).toBe(409);
    const reverse = await b.client.post('/api/connections', { username: a.user.username });
    expect(reverse.statusCode).toBe(409);
    expect(reverse.json().error.code).toBe('REQUEST_FROM_THEM');
    expect(await rowsBetween(a.user.id, b.user.id)).toHaveLength(1);
    const self = await a.client.post('/api/connections', { username: a.user.username });
    expect(self.statusCode).toBe(422);
    const missing = await a.client.post('/api/connections', { username: 'no-such-member' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields).toEqual({ username: 'Member not found.' });
  });

  it('after a rejection the requester may ask again', async () => {
    const { a, b } = await pair();
    const id = (await a.client.post('/api/connections', { username: b.user.username })).json().connection.id;
    expect((await b.client.post(`/api/connections/${id}/reject`)).json().connection.status).toBe('rejected');
    expect((await a.client.get(`/api/profiles/${b.user.username}`)).json().relation.state).toBe('none');
    const again = await a.client.post('/api/connections', { username: b.user.username });
    expect(again.statusCode).toBe(200);
    expect(again.json().connection).toEqual({ id, status: 'pending' });
    expect(await rowsBetween(a.user.id, b.user.id)).toHaveLength(1);
    expect((await b.client.post(`/api/connections/${id}/reject`)).statusCode).toBe(200);
    expect((await b.client.post(`/api/connections/${id}/accept`)).statusCode).toBe(409);
  });
});
