import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { profiles, skills, userSkills } from '../../db/schema';
import { Client, ORIGIN, createTestContext, registeredClient, uploadFile, type TestContext } from '../../test/harness';
import { createEvent, createMembers } from '../../test/factories';
import { USERNAME_TAKEN } from '../../../shared/auth';
import { PROFILE_NOT_FOUND } from '../../../shared/members';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

const upload = (client: Client, bytes: Buffer, filename = 'me.png', type = 'image/png') =>
  uploadFile(ctx.app, client, '/api/me/avatar', bytes, filename, type);

describe('GET /api/members (directory)', () => {
  it('pages by 12 sorted by username, searches username and full name, filters by event and skill', async () => {
    const tag = `dir${Date.now().toString(36)}`;
    const members = await createMembers(db(), 30, tag);
    const event = await createEvent(db());
    const [skill] = await db()
      .insert(skills)
      .values({ name: `Skill ${tag}` })
      .returning();
    for (const m of members.slice(0, 5)) {
      await db().execute(
        sql`insert into event_attendees (event_id, user_id, status) values (${event.id}, ${m.id}, 'attending')`,
      );
    }
    for (const m of members.slice(3, 10)) await db().insert(userSkills).values({ userId: m.id, skillId: skill!.id });
    await db().update(profiles).set({ fullName: 'Zora Quintessa' }).where(eq(profiles.id, members[29]!.id));

    const page1 = await new Client(ctx.app).get(`/api/members?q=${tag.toUpperCase()}`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 30, page: 1, pageSize: 12 });
    const names = page1.json().members.map((m: { username: string }) => m.username);
    expect(names).toHaveLength(12);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const page3 = await new Client(ctx.app).get(`/api/members?q=${tag}&page=3`);
    expect(page3.json().members).toHaveLength(6);
    const beyond = await new Client(ctx.app).get(`/api/members?q=${tag}&page=5`);
    expect(beyond.json()).toMatchObject({ members: [], total: 30, page: 5 });

    const byName = await new Client(ctx.app).get('/api/members?q=quintessa');
    expect(byName.json().members.map((m: { id: string }) => m.id)).toEqual([members[29]!.id]);

    const byEvent = await new Client(ctx.app).get(`/api/members?event=${event.id}`);
    expect(byEvent.json().total).toBe(5);
    const byBoth = await new Client(ctx.app).get(`/api/members?event=${event.id}&skill=${skill!.id}`);
    expect(byBoth.json().total).toBe(2);
    expect(byBoth.json().members[0].skills).toContain(`Skill ${tag}`);

    const filters = await new Client(ctx.app).get('/api/members/filters');
    expect(filters.json().events.some((e: { id: string }) => e.id === event.id)).toBe(true);
    expect(filters.json().skills.some((s: { id: string }) => s.id === skill!.id)).toBe(true);
  });

  it('answers 422 for a page that is not a number', async () => {
    const res = await new Client(ctx.app).get('/api/members?page=abc');
    expect(res.statusCode).toBe(422);
  });
});

describe('cached directory and profile pages', () => {
  it('are answered from the cache and show every write at once', async () => {
    const tag = `cw${Date.now().toString(36)}`;
    const a = await registeredClient(ctx.app, { username: `${tag}.a` });
    const b = await registeredClient(ctx.app, { username: `${tag}.b` });
    const visitor = new Client(ctx.app);
    const search = async () => (await visitor.get(`/api/members?q=${tag}`)).json();
    const profile = async () => (await visitor.get(`/api/profiles/${tag}.a`)).json();

    expect((await search()).total).toBe(2);
    expect((await visitor.get(`/api/members?q=${tag}`)).headers['x-cache']).toBe('hit');
    expect((await profile()).profile.username).toBe(`${tag}.a`);
    expect((await visitor.get(`/api/profiles/${tag}.a`)).headers['x-cache']).toBe('hit');

    await a.client.request('PATCH', '/api/me/profile', { username: `${tag}.a`, fullName: 'Cachey Watcher' });
    expect((await profile()).profile.fullName).toBe('Cachey Watcher');
    expect((await search()).members[0].fullName).toBe('Cachey Watcher');

    await a.client.post('/api/me/skills', { name: `Skill ${tag}` });
    expect((await profile()).skills.map((s: { name: string }) => s.name)).toEqual([`Skill ${tag}`]);
    expect((await search()).members[0].skills).toEqual([`Skill ${tag}`]);

    const asked = await b.client.post('/api/connections', { username: `${tag}.a` });
    await a.client.post(`/api/connections/${asked.json().connection.id}/accept`);
    expect((await profile()).stats.connections).toBe(1);

    // A member's own view is built per request on the cached page: never another's relation.
    expect((await b.client.get(`/api/profiles/${tag}.a`)).json().relation.state).toBe('connected');
    expect((await a.client.get(`/api/profiles/${tag}.a`)).json().relation.state).toBe('self');
    expect((await profile()).relation.state).toBe('visitor');
  });
});

describe('GET /api/profiles/:username', () => {
  it('shows the profile with skills, events and stats, and the relation to the viewer', async () => {
    const owner = await registeredClient(ctx.app, { username: 'profile.owner' });
    const res = await new Client(ctx.app).get('/api/profiles/PROFILE.OWNER');
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.username).toBe('profile.owner');
    expect(res.json().relation).toEqual({ state: 'visitor', connectionId: null, metAt: null });
    expect(res.json()).not.toHaveProperty('profile.email');
    const self = await owner.client.get('/api/profiles/profile.owner');
    expect(self.json().relation.state).toBe('self');
  });

  it("answers 404 'Profile Not Found' for a missing member", async () => {
    const res = await new Client(ctx.app).get('/api/profiles/nobody-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(PROFILE_NOT_FOUND);
  });
});

describe('PATCH /api/me/profile', () => {
  it('refuses a visitor', async () => {
    const res = await new Client(ctx.app).request('PATCH', '/api/me/profile', { username: 'whoever' });
    expect(res.statusCode).toBe(401);
  });

  it('stores social usernames as full addresses and the website as https; empty input stores empty', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const res = await client.request('PATCH', '/api/me/profile', {
      username: 'social.butterfly',
      fullName: 'Social Butterfly',
      bio: 'Broker in South End.',
      company: 'Queen City Realty',
      position: 'Broker',
      website: 'queencity.example',
      instagram: '@qc_realty',
      facebook: 'https://facebook.com/qcrealty',
      linkedin: 'butterfly',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, user.id));
    expect(row).toMatchObject({
      username: 'social.butterfly',
      website: 'https://queencity.example',
      instagramUrl: 'https://instagram.com/qc_realty',
      facebookUrl: 'https://facebook.com/qcrealty',
      linkedinUrl: 'https://linkedin.com/in/butterfly',
    });
    await client.request('PATCH', '/api/me/profile', { username: 'social.butterfly', website: '', instagram: '' });
    const [cleared] = await db().select().from(profiles).where(eq(profiles.id, user.id));
    expect(cleared).toMatchObject({ website: null, instagramUrl: null, bio: null });
  });

  it("refuses another member's username with the spec's message", async () => {
    await registeredClient(ctx.app, { username: 'first.taker' });
    const { client, user } = await registeredClient(ctx.app);
    const res = await client.request('PATCH', '/api/me/profile', { username: 'First.Taker' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(USERNAME_TAKEN);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.username).not.toBe('First.Taker');
  });

  it('answers 422 for a malformed username or website', async () => {
    const { client } = await registeredClient(ctx.app);
    expect((await client.request('PATCH', '/api/me/profile', { username: 'a b' })).statusCode).toBe(422);
    expect(
      (await client.request('PATCH', '/api/me/profile', { username: 'fine_name', website: 'not a site' })).statusCode,
    ).toBe(422);
  });
});

describe('avatar', () => {
  it('accepts a real image, re-encodes it square, and removes the old file on replace and removal', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#aa3355' } })
      .png()
      .toBuffer();
    const first = await upload(client, png);
    expect(first.statusCode).toBe(200);
    const url = first.json().avatarUrl as string;
    expect(url).toMatch(new RegExp(`^/uploads/avatars/${user.id}/.+\\.webp$`));
    const file = path.join(ctx.dataDir, 'uploads', url.replace('/uploads/', ''));
    const meta = await sharp(await readFile(file)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);

    const second = await upload(client, png);
    await expect(readFile(file)).rejects.toThrow();
    const removed = await client.request('DELETE', '/api/me/avatar');
    expect(removed.statusCode).toBe(200);
    await expect(
      readFile(path.join(ctx.dataDir, 'uploads', second.json().avatarUrl.replace('/uploads/', ''))),
    ).rejects.toThrow();
    const [row] = await db().select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.avatarUrl).toBeNull();
  });

  it('refuses a file that is not an image even when named and typed as one', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const res = await upload(client, Buffer.from('<?php echo "hi"; ?>'), 'evil.png', 'image/png');
    expect(res.statusCode).toBe(422);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.avatarUrl).toBeNull();
  });

  it('refuses a visitor', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/me/avatar', headers: { origin: ORIGIN } });
    expect(res.statusCode).toBe(401);
  });
});

describe('skills', () => {
  it('adds catalogue and custom skills (no duplicates ignoring case) and removes them', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const [catalogue] = await db()
      .insert(skills)
      .values({ name: `Negotiation ${user.id.slice(0, 6)}`, category: 'Sales' })
      .returning();
    const added = await client.post('/api/me/skills', { skillId: catalogue!.id });
    expect(added.statusCode).toBe(200);
    const custom = await client.post('/api/me/skills', { name: 'Drone Photography', category: 'Marketing' });
    expect(custom.json().skill).toMatchObject({ name: 'Drone Photography', category: 'Marketing' });
    const again = await client.post('/api/me/skills', { name: 'drone photography' });
    expect(again.json().skill.id).toBe(custom.json().skill.id);
    const count = await db().execute(
      sql`select count(*)::int as n from skills where lower(name) = 'drone photography'`,
    );
    expect(Number(count.rows[0]!.n)).toBe(1);

    const profile = await client.get(`/api/profiles/${(await client.get('/api/me')).json().user.username}`);
    expect(profile.json().skills.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Drone Photography', catalogue!.name]),
    );
    expect(profile.json().stats.skills).toBe(2);

    expect((await client.request('DELETE', `/api/me/skills/${catalogue!.id}`)).statusCode).toBe(200);
    expect((await client.request('DELETE', `/api/me/skills/${catalogue!.id}`)).statusCode).toBe(404);
    expect((await client.post('/api/me/skills', { name: '   ' })).statusCode).toBe(422);
  });

  it('refuses a visitor', async () => {
    expect((await new Client(ctx.app).post('/api/me/skills', { name: 'X' })).statusCode).toBe(401);
  });
});

describe('GET /api/members/suggest', () => {
  it('suggests usernames by prefix to members only', async () => {
    const { client } = await registeredClient(ctx.app);
    await registeredClient(ctx.app, { username: 'suggestme.one' });
    expect((await new Client(ctx.app).get('/api/members/suggest?q=sugg')).statusCode).toBe(401);
    const res = await client.get('/api/members/suggest?q=SUGGESTME');
    expect(res.json().members.map((m: { username: string }) => m.username)).toContain('suggestme.one');
  });
});
