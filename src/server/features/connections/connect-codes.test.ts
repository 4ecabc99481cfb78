import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { or, sql } from 'drizzle-orm';
import { CONNECT_CODE_INVALID } from '../../../shared/connect-codes';
import { connections, eventCheckIns } from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { createEvent } from '../../test/factories';
import { Client, createTestContext, ORIGIN, registeredClient, type TestContext } from '../../test/harness';

// Scan to connect. The clock stands at 9:30 PM in Charlotte on Saturday, May 16, 2026, which is
// already Sunday in UTC: "today" must be the community's date, not the server's.

const HOUR = 3_600_000;
const NOW = new Date('2026-05-17T01:30:00Z'); // 9:30 PM EDT, May 16
const clock = manualClock(NOW);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SITE_TIMEZONE: 'America/New_York' }, { clock });
});
afterAll(async () => ctx?.close());

type Member = Awaited<ReturnType<typeof registeredClient>>;

/** Tonight's mixer (6 to 9 PM, over now) and last night's. */
async function events() {
  const tonight = await createEvent(ctx.app.services.db, {
    name: 'Spring Mixer at The Mint',
    startTime: new Date('2026-05-16T22:00:00Z'),
    endTime: new Date('2026-05-17T01:00:00Z'),
    status: 'completed',
  });
  const lastNight = await createEvent(ctx.app.services.db, {
    name: 'Friday Lenders Breakfast',
    startTime: new Date('2026-05-15T22:00:00Z'),
    endTime: new Date('2026-05-16T01:00:00Z'),
    status: 'completed',
  });
  return { tonight, lastNight };
}

async function checkIn(eventId: string, ...members: Member[]) {
  await ctx.database.db.insert(eventCheckIns).values(
    members.map((m) => ({
      eventId,
      ticket: `member:${m.user.id}`,
      userId: m.user.id,
      checkedInAt: new Date(NOW.getTime() - 2 * HOUR),
      device: 'Front door',
    })),
  );
}

async function tokenOf(member: Member): Promise<string> {
  const res = await member.client.get('/api/me/connect-code');
  expect(res.statusCode).toBe(200);
  return res.json().url.split('/connect/')[1];
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

async function pair() {
  return { a: await registeredClient(ctx.app), b: await registeredClient(ctx.app) };
}

describe('connect codes', () => {
  it('refuses visitors on the member routes; anyone may see whose a code is', async () => {
    const visitor = new Client(ctx.app);
    expect((await visitor.get('/api/me/connect-code')).statusCode).toBe(401);
    expect((await visitor.post('/api/me/connect-code/regenerate')).statusCode).toBe(401);
    const { a } = await pair();
    const token = await tokenOf(a);
    expect((await visitor.post(`/api/connect/${token}`)).statusCode).toBe(401);
    const seen = await visitor.get(`/api/connect/${token}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ username: a.user.username, fullName: a.input.fullName, avatarUrl: null });
    expect(seen.headers['cache-control']).toBe('private, no-store');
  });

  it('gives each member one code, made on first ask, as an address and its QR image', async () => {
    const { a, b } = await pair();
    const first = await a.client.get('/api/me/connect-code');
    expect(first.headers['cache-control']).toBe('private, no-store');
    const code = first.json();
    expect(code.url).toMatch(new RegExp(`^${ORIGIN}/connect/[A-Za-z0-9_-]{22}$`));
    expect(code.qrSvg).toMatch(/<svg[^>]*>/);
    expect(code.createdAt).toBe(NOW.toISOString());
    expect((await a.client.get('/api/me/connect-code')).json().url).toBe(code.url);
    expect((await b.client.get('/api/me/connect-code')).json().url).not.toBe(code.url);
  });

  it('refuses garbage, unknown and oversized codes with 4xx and the same clear message', async () => {
    const { a } = await pair();
    for (const token of ['abc', 'A'.repeat(22), '%E2%82%AC'.repeat(3), 'a.b-c_d'.repeat(3), '%20', '%2F%2E%2E']) {
      for (const res of [await a.client.get(`/api/connect/${token}`), await a.client.post(`/api/connect/${token}`)]) {
        expect(res.statusCode, token).toBe(404);
        expect(res.json().error.message).toBe(CONNECT_CODE_INVALID);
      }
    }
    const long = await a.client.post(`/api/connect/${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    const control = await a.client.get('/api/connect/%00%01');
    expect(control.statusCode).toBe(422);
  });

  it('both checked in to tonight’s event: connected at once and tagged "met at" on both sides', async () => {
    const { a, b } = await pair();
    const { tonight } = await events();
    await checkIn(tonight.id, a, b);
    const res = await b.client.post(`/api/connect/${await tokenOf(a)}`);
    expect(res.statusCode).toBe(200);
    const metAt = { id: tonight.id, name: 'Spring Mixer at The Mint' };
    expect(res.json()).toEqual({ connection: { id: expect.any(String), status: 'accepted' }, metAt });
    const [row] = await rowsBetween(a.user.id, b.user.id);
    expect(row).toMatchObject({ status: 'accepted', metAtEventId: tonight.id });

    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const list = (await viewer.client.get('/api/connections')).json().connections;
      expect(list).toEqual([
        expect.objectContaining({ member: expect.objectContaining({ id: other.user.id }), metAt }),
      ]);
      const relation = (await viewer.client.get(`/api/profiles/${other.user.username}`)).json().relation;
      expect(relation).toEqual({ state: 'connected', connectionId: row!.id, metAt });
    }
    // The profile's connections list says it too.
    const profile = (await new Client(ctx.app).get(`/api/profiles/${a.user.username}`)).json();
    expect(profile.connections).toEqual([expect.objectContaining({ username: b.user.username, metAt })]);
    expect(profile.relation).toEqual({ state: 'visitor', connectionId: null, metAt: null });
  });

  it('an event under way now counts, whatever day it started', async () => {
    const { a, b } = await pair();
    const weekend = await createEvent(ctx.app.services.db, {
      name: 'Builders Weekend Retreat',
      startTime: new Date(NOW.getTime() - 50 * HOUR),
      endTime: new Date(NOW.getTime() + 10 * HOUR),
      status: 'upcoming',
    });
    await checkIn(weekend.id, a, b);
    const res = await a.client.post(`/api/connect/${await tokenOf(b)}`);
    expect(res.json().metAt).toEqual({ id: weekend.id, name: 'Builders Weekend Retreat' });
  });

  it('only one of them checked in: a normal pending request, untagged', async () => {
    const { a, b } = await pair();
    const { tonight } = await events();
    await checkIn(tonight.id, b);
    const res = await b.client.post(`/api/connect/${await tokenOf(a)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ connection: { id: expect.any(String), status: 'pending' }, metAt: null });
    const relation = (await b.client.get(`/api/profiles/${a.user.username}`)).json().relation;
    expect(relation).toEqual({ state: 'pending-outgoing', connectionId: res.json().connection.id, metAt: null });
    expect((await a.client.get('/api/connections')).json().incoming).toHaveLength(1);
    // And the normal request's refusals: asking twice is a conflict.
    const twice = await b.client.post(`/api/connect/${await tokenOf(a)}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('REQUEST_PENDING');
  });

  it('both checked in to an event of another day: a normal pending request', async () => {
    const { a, b } = await pair();
    const { lastNight } = await events();
    await checkIn(lastNight.id, a, b);
    const res = await a.client.post(`/api/connect/${await tokenOf(b)}`);
    expect(res.json()).toMatchObject({ connection: { status: 'pending' }, metAt: null });
    const [row] = await rowsBetween(a.user.id, b.user.id);
    expect(row).toMatchObject({ status: 'pending', metAtEventId: null });
  });

  it('at the event, a pending request either way is accepted and an old connection is tagged', async () => {
    const { tonight } = await events();
    const { a, b } = await pair();
    await checkIn(tonight.id, a, b);
    // A asked B last week; B scans A's code tonight.
    const asked = (await a.client.post('/api/connections', { username: b.user.username })).json().connection.id;
    const res = await b.client.post(`/api/connect/${await tokenOf(a)}`);
    expect(res.json().connection).toEqual({ id: asked, status: 'accepted' });
    expect(await rowsBetween(a.user.id, b.user.id)).toEqual([
      expect.objectContaining({ id: asked, status: 'accepted', metAtEventId: tonight.id }),
    ]);

    const c = await registeredClient(ctx.app);
    const d = await registeredClient(ctx.app);
    await checkIn(tonight.id, c, d);
    const id = (await c.client.post('/api/connections', { username: d.user.username })).json().connection.id;
    await d.client.post(`/api/connections/${id}/accept`);
    const tagged = await c.client.post(`/api/connect/${await tokenOf(d)}`);
    expect(tagged.json()).toEqual({
      connection: { id, status: 'accepted' },
      metAt: { id: tonight.id, name: tonight.name },
    });
  });

  it('regenerating: the old code is refused at once, the new one works', async () => {
    const { a, b } = await pair();
    const old = await tokenOf(a);
    clock.advance(60_000);
    const regenerated = await a.client.post('/api/me/connect-code/regenerate');
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.headers['cache-control']).toBe('private, no-store');
    const fresh = regenerated.json().url.split('/connect/')[1];
    expect(fresh).not.toBe(old);
    expect(regenerated.json().createdAt).toBe(new Date(NOW.getTime() + 60_000).toISOString());
    expect((await a.client.get('/api/me/connect-code')).json().url).toBe(regenerated.json().url);

    const gone = await b.client.get(`/api/connect/${old}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(CONNECT_CODE_INVALID);
    expect((await b.client.post(`/api/connect/${old}`)).statusCode).toBe(404);
    expect(await rowsBetween(a.user.id, b.user.id)).toHaveLength(0);

    expect((await b.client.get(`/api/connect/${fresh}`)).json().username).toBe(a.user.username);
    expect((await b.client.post(`/api/connect/${fresh}`)).statusCode).toBe(200);
  });

  it('refuses one’s own code', async () => {
    const { a } = await pair();
    const { tonight } = await events();
    await checkIn(tonight.id, a);
    const res = await a.client.post(`/api/connect/${await tokenOf(a)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('SELF_CONNECTION');
  });

  it('refuses a blocked pair either way, even at the same event', async () => {
    const { tonight } = await events();
    const { a, b } = await pair();
    await checkIn(tonight.id, a, b);
    expect((await a.client.request('PUT', `/api/me/blocks/${b.user.username}`)).statusCode).toBe(200);
    expect((await b.client.post(`/api/connect/${await tokenOf(a)}`)).statusCode).toBe(403);
    expect((await a.client.post(`/api/connect/${await tokenOf(b)}`)).statusCode).toBe(403);
    expect(await rowsBetween(a.user.id, b.user.id)).toHaveLength(0);
  });

  it('two phones scanning each other’s codes at once make one accepted connection', async () => {
    const { tonight } = await events();
    for (let round = 0; round < 3; round++) {
      const { a, b } = await pair();
      await checkIn(tonight.id, a, b);
      const [ta, tb] = [await tokenOf(a), await tokenOf(b)];
      const answers = await Promise.all([a.client.post(`/api/connect/${tb}`), b.client.post(`/api/connect/${ta}`)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const rows = await rowsBetween(a.user.id, b.user.id);
      expect(rows).toEqual([expect.objectContaining({ status: 'accepted', metAtEventId: tonight.id })]);
      expect(answers.map((r) => r.json().connection)).toEqual([
        { id: rows[0]!.id, status: 'accepted' },
        { id: rows[0]!.id, status: 'accepted' },
      ]);
    }
  });
});
