import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type Client, type TestContext } from '../../test/harness';
import { createEvent, createMembers, signIn } from '../../test/factories';
import type { PeopleToMeetResponse, PersonToMeet } from '../../../shared/people-to-meet';

// What the event page's buttons rely on: a Connect, an Accept or a Reject made through the
// connections API shows in People to meet at once for both sides (the room is cached, and its
// cache must drop with the change), with the connection's id for Accept; a registration
// withdrawn or waitlisted closes the list.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

describe('People to meet follows connections and registrations', () => {
  let eventId: string;
  let ids: { a: string; b: string; c: string };
  let a: Client;
  let b: Client;
  let c: Client;
  let usernames: { a: string; b: string; c: string };

  const list = async (client: Client) => {
    const res = await client.get(`/api/events/${eventId}/people-to-meet`);
    expect(res.statusCode).toBe(200);
    return res.json() as PeopleToMeetResponse;
  };
  const find = async (client: Client, id: string): Promise<PersonToMeet | undefined> =>
    (await list(client)).people.find((p) => p.id === id);

  beforeAll(async () => {
    eventId = (await createEvent(db())).id;
    const [ma, mb, mc] = await createMembers(db(), 3, 'ptmrel');
    ids = { a: ma!.id, b: mb!.id, c: mc!.id };
    usernames = { a: ma!.username, b: mb!.username, c: mc!.username };
    [a, b, c] = await Promise.all([signIn(ctx.app, ma!), signIn(ctx.app, mb!), signIn(ctx.app, mc!)]);
    for (const client of [a, b, c]) {
      expect(
        (await client.request('PUT', `/api/events/${eventId}/registration`, { status: 'attending' })).statusCode,
      ).toBe(200);
    }
    // A meets B both ways; C only one way, so C ranks after B until B is connected.
    await a.request('PUT', '/api/me/offers-asks', { offers: ['general contracting'], asks: ['a lender'] });
    await b.request('PUT', '/api/me/offers-asks', { offers: ['commercial lending'], asks: ['a general contractor'] });
    await c.request('PUT', '/api/me/offers-asks', { offers: [], asks: ['a general contractor'] });
  });

  it('shows a request to both sides with its id, and an accepted one as connected, ranked last', async () => {
    expect((await list(a)).people.map((p) => p.id)).toEqual([ids.b, ids.c]);
    const sent = await a.post('/api/connections', { username: usernames.b });
    expect(sent.statusCode).toBe(200);
    const connectionId = sent.json().connection.id as string;

    expect(await find(a, ids.b)).toMatchObject({ relation: 'pending-outgoing', connectionId });
    expect(await find(b, ids.a)).toMatchObject({ relation: 'pending-incoming', connectionId });

    expect((await b.post(`/api/connections/${connectionId}/accept`)).statusCode).toBe(200);
    const after = await list(a);
    expect(after.people.map((p) => p.id)).toEqual([ids.c, ids.b]);
    expect(after.people[1]).toMatchObject({ relation: 'connected', connectionId });
    expect(after.people[1]!.reasons.at(-1)).toBe('already connected');
    expect(await find(b, ids.a)).toMatchObject({ relation: 'connected', connectionId });
  });

  it('shows a declined request as none to both, and the requester may ask again', async () => {
    const sent = await c.post('/api/connections', { username: usernames.a });
    const connectionId = sent.json().connection.id as string;
    expect(await find(a, ids.c)).toMatchObject({ relation: 'pending-incoming', connectionId });
    expect((await a.post(`/api/connections/${connectionId}/reject`)).statusCode).toBe(200);
    expect(await find(a, ids.c)).toMatchObject({ relation: 'none' });
    expect(await find(c, ids.a)).toMatchObject({ relation: 'none' });
    const again = await c.post('/api/connections', { username: usernames.a });
    expect(again.statusCode).toBe(200);
    expect(await find(c, ids.a)).toMatchObject({ relation: 'pending-outgoing', connectionId });
  });

  it('closes the list when the viewer unregisters or is waitlisted, and drops them from the others’', async () => {
    expect((await c.request('DELETE', `/api/events/${eventId}/registration`)).statusCode).toBe(200);
    expect((await c.get(`/api/events/${eventId}/people-to-meet`)).statusCode).toBe(403);
    expect((await list(a)).people.map((p) => p.id)).not.toContain(ids.c);

    await db().execute(
      sql`insert into event_attendees (event_id, user_id, status) values (${eventId}, ${ids.c}, 'waitlisted')`,
    );
    expect((await c.get(`/api/events/${eventId}/people-to-meet`)).statusCode).toBe(403);
    expect((await list(a)).people.map((p) => p.id)).not.toContain(ids.c);
  });
});
