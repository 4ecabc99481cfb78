import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type Client, type TestContext } from '../../test/harness';
import { createEvent, createMembers, signIn } from '../../test/factories';
import type { PeopleToMeetResponse } from '../../../shared/people-to-meet';

// People to meet, on a generated event whose offers, asks, skills, past events and connections
// are known: who is listed, in which order, with which words, and who never is.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const DAY = 86_400_000;

type Member = Awaited<ReturnType<typeof createMembers>>[number];

async function register(eventId: string, member: Member, status = 'attending') {
  await db().execute(
    sql`insert into event_attendees (event_id, user_id, status) values (${eventId}, ${member.id}, ${status})`,
  );
}
async function say(client: Client, offers: string[], asks: string[]) {
  const res = await client.request('PUT', '/api/me/offers-asks', { offers, asks });
  expect(res.statusCode).toBe(200);
}
async function giveSkills(member: Member, names: string[]) {
  for (const name of names) {
    await db().execute(sql`insert into skills (name) values (${name}) on conflict ((lower(name))) do nothing`);
    await db().execute(sql`insert into user_skills (user_id, skill_id)
      select ${member.id}, id from skills where lower(name) = lower(${name})`);
  }
}
async function connect(a: Member, b: Member, status = 'accepted') {
  await db().execute(
    sql`insert into connections (requester_id, recipient_id, status) values (${a.id}, ${b.id}, ${status})`,
  );
}
const nameOf = (m: Member) => m.username;

describe('People to meet', () => {
  let event: Awaited<ReturnType<typeof createEvent>>;
  let viewer: Client;
  let people: Record<string, Member>;
  const list = async (client = viewer) => {
    const res = await client.get(`/api/events/${event.id}/people-to-meet`);
    expect(res.statusCode).toBe(200);
    return res.json() as PeopleToMeetResponse;
  };

  beforeAll(async () => {
    event = await createEvent(db());
    const fall = await createEvent(db(), {
      name: 'Fall Mixer',
      status: 'completed',
      startTime: new Date(Date.now() - 30 * DAY),
      endTime: new Date(Date.now() - 30 * DAY + 3 * 3_600_000),
    });
    const names = [
      'me',
      'asker',
      'builder',
      'skilled',
      'veteran',
      'mutual',
      'friend',
      'hidden',
      'blocker',
      'blocked',
      'maybe',
      'gone',
      'stranger',
      'between',
    ];
    const made = await createMembers(db(), names.length, 'ptm');
    people = Object.fromEntries(names.map((n, i) => [n, made[i]!]));
    for (const n of names)
      if (n !== 'between') await register(event.id, people[n]!, n === 'maybe' ? 'maybe' : 'attending');
    const clients = Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await signIn(ctx.app, people[n]!)] as const)),
    );
    viewer = clients.me!;

    await say(viewer, ['commercial lending'], ['a general contractor']);
    await giveSkills(people.me!, ['Catering', 'Bookkeeping', 'Event Planning']);
    await say(clients.asker!, ['GC services'], ['a lender']);
    await say(clients.builder!, ['general contracting'], []);
    await giveSkills(people.skilled!, ['Bookkeeping', 'Catering']);
    await giveSkills(people.builder!, ['Catering']);
    await register(fall.id, people.me!);
    await register(fall.id, people.veteran!);
    await connect(people.me!, people.between!);
    await connect(people.mutual!, people.between!);
    await connect(people.friend!, people.me!);
    await say(clients.friend!, [], ['a lender']);
    for (const n of ['hidden', 'blocker', 'blocked', 'maybe', 'gone']) await say(clients[n]!, [], ['SBA loans']);
    await clients.hidden!.request('PUT', '/api/me/people-to-meet', { visible: false });
    await db().execute(
      sql`insert into member_blocks (blocker_id, blocked_id) values (${people.blocker!.id}, ${people.me!.id})`,
    );
    await db().execute(
      sql`insert into member_blocks (blocker_id, blocked_id) values (${people.me!.id}, ${people.blocked!.id})`,
    );
    await db().execute(sql`delete from "user" where id = ${people.gone!.id}`);
    await say(clients.stranger!, ['dog walking'], ['a tattoo artist']);
  });

  it('ranks matches of asks and offers first, then skills, past events and mutual connections, connected last', async () => {
    const body = await list();
    expect(body.people.map((p) => p.username)).toEqual(
      ['asker', 'builder', 'skilled', 'veteran', 'mutual', 'friend'].map((n) => nameOf(people[n]!)),
    );
    expect(body.total).toBe(6);
    expect(body.viewerHasOffersOrAsks).toBe(true);
  });

  it('gives the reasons in words', async () => {
    const byName = Object.fromEntries((await list()).people.map((p) => [p.username, p]));
    expect(byName[nameOf(people.asker!)]!.reasons).toEqual([
      'looking for a lender; you offer commercial lending',
      'offers GC services; you are looking for a general contractor',
    ]);
    expect(byName[nameOf(people.builder!)]!.reasons).toEqual([
      'offers general contracting; you are looking for a general contractor',
      'you both list Catering',
    ]);
    expect(byName[nameOf(people.skilled!)]!.reasons).toEqual(['you both list Bookkeeping and Catering']);
    expect(byName[nameOf(people.veteran!)]!.reasons).toEqual(['you were both at the Fall Mixer']);
    expect(byName[nameOf(people.mutual!)]!.reasons).toEqual(['1 mutual connection']);
    const friend = byName[nameOf(people.friend!)]!;
    expect(friend.reasons).toEqual(['looking for a lender; you offer commercial lending', 'already connected']);
    expect(friend.relation).toBe('connected');
    expect(friend.connectionId).toEqual(expect.any(String));
    expect(byName[nameOf(people.asker!)]!.relation).toBe('none');
  });

  it('never lists a hidden, blocking, blocked, maybe, deleted or unrelated member, nor the viewer', async () => {
    const listed = new Set((await list()).people.map((p) => p.id));
    for (const n of ['me', 'hidden', 'blocker', 'blocked', 'maybe', 'gone', 'stranger']) {
      expect(listed.has(people[n]!.id), n).toBe(false);
    }
  });

  it('shows only public profile fields', async () => {
    const person = (await list()).people[0]!;
    expect(Object.keys(person).sort()).toEqual(
      ['avatarUrl', 'company', 'connectionId', 'fullName', 'id', 'position', 'reasons', 'relation', 'username'].sort(),
    );
    expect(JSON.stringify(person)).not.toContain('@example.com');
  });

  it('follows changes: a new block, showing oneself again, a new request', async () => {
    await db()
      .execute(sql`insert into member_blocks (blocker_id, blocked_id) values (${people.asker!.id}, ${people.me!.id})
      on conflict do nothing`);
    expect((await list()).people.map((p) => p.id)).not.toContain(people.asker!.id);
    await db().execute(sql`delete from member_blocks where blocker_id = ${people.asker!.id}`);

    const hidden = await signIn(ctx.app, people.hidden!);
    expect((await hidden.get('/api/me/people-to-meet')).json()).toEqual({ visible: false });
    await hidden.request('PUT', '/api/me/people-to-meet', { visible: true });
    expect((await list()).people.map((p) => p.id)).toContain(people.hidden!.id);
    await hidden.request('PUT', '/api/me/people-to-meet', { visible: false });

    const request = await viewer.post('/api/connections', { username: people.builder!.username });
    expect(request.statusCode).toBe(200);
    const builder = (await list()).people.find((p) => p.id === people.builder!.id)!;
    expect(builder.relation).toBe('pending-outgoing');
  });

  it('is for registered members only, of an event that exists', async () => {
    const [outsider] = await createMembers(db(), 1, 'ptmout');
    const client = await signIn(ctx.app, outsider!);
    const refused = await client.get(`/api/events/${event.id}/people-to-meet`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('People to meet is for members registered for this event.');
    const maybe = await signIn(ctx.app, people.maybe!);
    expect((await maybe.get(`/api/events/${event.id}/people-to-meet`)).statusCode).toBe(200);
    expect((await viewer.get('/api/events/00000000-0000-4000-8000-000000000000/people-to-meet')).statusCode).toBe(404);
    expect((await viewer.get('/api/events/not-an-id/people-to-meet')).statusCode).toBe(404);
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/events/${event.id}/people-to-meet` });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('offers and asks', () => {
  it('keeps up to 3 of each in order, the same words once, and refuses more or too long', async () => {
    const [member] = await createMembers(db(), 1, 'oa');
    const client = await signIn(ctx.app, member!);
    expect((await client.get('/api/me/offers-asks')).json()).toEqual({ offers: [], asks: [] });
    const saved = await client.request('PUT', '/api/me/offers-asks', {
      offers: ['Commercial lending', ' SBA  loans ', 'commercial lending'],
      asks: ['a general contractor'],
    });
    expect(saved.json()).toEqual({ offers: ['Commercial lending', 'SBA loans'], asks: ['a general contractor'] });
    expect((await client.get('/api/me/offers-asks')).json()).toEqual(saved.json());
    const profile = (await client.get(`/api/profiles/${member!.username}`)).json();
    expect(profile.offers).toEqual(['Commercial lending', 'SBA loans']);
    expect(profile.asks).toEqual(['a general contractor']);

    const four = await client.request('PUT', '/api/me/offers-asks', { offers: ['a', 'bb', 'cc', 'dd'], asks: [] });
    expect(four.statusCode).toBe(422);
    const long = await client.request('PUT', '/api/me/offers-asks', { offers: ['x'.repeat(81)], asks: [] });
    expect(long.statusCode).toBe(422);
    expect((await client.get('/api/me/offers-asks')).json()).toEqual(saved.json());
  });
});
