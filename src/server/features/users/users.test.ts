import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  auditLog,
  emailOutbox,
  eventAttendees,
  forumPosts,
  forumReplies,
  forums,
  messages,
  profiles,
  session,
  user,
} from '../../db/schema';
import { Client, createTestContext, uploadFile, type TestContext } from '../../test/harness';
import { adminClient, createAdmin, createEvent, createMembers, signIn } from '../../test/factories';
import { FORMER_MEMBER, FORMER_MEMBER_ID } from '../../../shared/messages';
import { LAST_ADMIN, OWN_ADMIN_FLAG, USER_NOT_FOUND } from '../../../shared/users';
import { setUserFlag } from './service';

let ctx: TestContext;
let admin: { client: Client; admin: { id: string; email: string; username: string } };
let member: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminClient(ctx.app);
  const [m] = await createMembers(db(), 1, 'plainmember');
  member = await signIn(ctx.app, m!);
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

const MISSING = '00000000-0000-4000-8000-000000000000';
const validUpdate = { username: 'someone_new', website: 'https://example.com' };

describe('admin user routes: who may call them', () => {
  const calls: [string, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown?][] = [
    ['list', 'GET', '/api/admin/users'],
    ['one', 'GET', `/api/admin/users/${MISSING}`],
    ['create', 'POST', '/api/admin/users', { email: 'x@example.com', password: 'abcdef', username: 'xxx' }],
    ['edit', 'PUT', `/api/admin/users/${MISSING}`, validUpdate],
    ['flag', 'PATCH', `/api/admin/users/${MISSING}/flags`, { flag: 'isSponsor', value: true }],
    ['delete', 'DELETE', `/api/admin/users/${MISSING}`],
  ];
  it.each(calls)('%s: visitor 401, member 403', async (_name, method, url, body) => {
    const visitor = await new Client(ctx.app).request(method, url, body);
    expect(visitor.statusCode).toBe(401);
    const asMember = await member.request(method, url, body);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error.code).toBe('FORBIDDEN');
  });

  it('states admin access in the API document', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    expect(doc.paths['/api/admin/users'].get.security).toEqual([{ sessionCookie: [] }]);
    expect(Object.keys(doc.paths['/api/admin/users/{id}/flags'].patch.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '409', '422']),
    );
  });
});

describe('GET /api/admin/users', () => {
  it('pages by 10 sorted by username, searches username or full name on the server, with e-mail and exact total', async () => {
    const tag = `lst${Date.now().toString(36)}`;
    const made = await createMembers(db(), 23, tag);
    await db().update(profiles).set({ fullName: 'Quillon Vantablack' }).where(eq(profiles.id, made[7]!.id));

    const page1 = await admin.client.get(`/api/admin/users?q=${tag.toUpperCase()}`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    const rows = page1.json().users as { username: string; email: string; id: string }[];
    expect(rows).toHaveLength(10);
    const names = rows.map((u) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    for (const row of rows) expect(row.email).toBe(made.find((m) => m.id === row.id)!.email);

    const page3 = await admin.client.get(`/api/admin/users?q=${tag}&page=3`);
    expect(page3.json().users).toHaveLength(3);
    expect(page3.json().total).toBe(23);

    const byName = await admin.client.get('/api/admin/users?q=vantablack');
    expect(byName.json().users.map((u: { id: string }) => u.id)).toEqual([made[7]!.id]);
    expect(byName.json().total).toBe(1);

    const literal = await admin.client.get('/api/admin/users?q=%25');
    expect(literal.json().total).toBe(0);
  });

  it('answers 422 for a bad page', async () => {
    const res = await admin.client.get('/api/admin/users?page=0');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBeTruthy();
  });
});

describe('GET /api/admin/users/:id', () => {
  it('shows every field, or 404 User Not Found', async () => {
    const [m] = await createMembers(db(), 1, 'detail');
    const res = await admin.client.get(`/api/admin/users/${m!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: m!.id, username: m!.username, website: null });
    // The e-mail is in the list only, not in this answer.
    expect(res.body.toLowerCase()).not.toContain(m!.email.toLowerCase());
    const missing = await admin.client.get(`/api/admin/users/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(USER_NOT_FOUND);
  });
});

describe('PATCH /api/admin/users/:id/flags', () => {
  it('flips sponsor, panelist and admin at once, audited with before and after', async () => {
    const [m] = await createMembers(db(), 1, 'flags');
    const target = await signIn(ctx.app, m!);
    for (const flag of ['isSponsor', 'isPanelist', 'isAdmin'] as const) {
      const res = await admin.client.request('PATCH', `/api/admin/users/${m!.id}/flags`, { flag, value: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().user[flag]).toBe(true);
    }
    const [row] = await db().select().from(profiles).where(eq(profiles.id, m!.id));
    expect(row).toMatchObject({ isSponsor: true, isPanelist: true, isAdmin: true });
    // The member's own session sees the admin flag on the next request (no sign-out needed).
    expect((await target.get('/api/admin/users')).statusCode).toBe(200);

    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, m!.id));
    expect(audit.map((a) => a.changes)).toEqual(
      expect.arrayContaining([
        { isSponsor: { before: false, after: true } },
        { isPanelist: { before: false, after: true } },
        { isAdmin: { before: false, after: true } },
      ]),
    );
    expect(audit[0]!.actorId).toBe(admin.admin.id);

    const off = await admin.client.request('PATCH', `/api/admin/users/${m!.id}/flags`, {
      flag: 'isAdmin',
      value: false,
    });
    expect(off.statusCode).toBe(200);
    expect((await target.get('/api/admin/users')).statusCode).toBe(403);
  });

  it('refuses an admin removing their own admin flag (403), and changes nothing', async () => {
    const res = await admin.client.request('PATCH', `/api/admin/users/${admin.admin.id}/flags`, {
      flag: 'isAdmin',
      value: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(OWN_ADMIN_FLAG);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, admin.admin.id));
    expect(row!.isAdmin).toBe(true);
  });

  it('answers 422 for an unknown flag and 404 for a missing user', async () => {
    const bad = await admin.client.request('PATCH', `/api/admin/users/${admin.admin.id}/flags`, {
      flag: 'isOwner',
      value: true,
    });
    expect(bad.statusCode).toBe(422);
    const missing = await admin.client.request('PATCH', `/api/admin/users/${MISSING}/flags`, {
      flag: 'isSponsor',
      value: true,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('never demotes the last admin', async () => {
    const only = await createAdmin(db(), 'onlyadmin');
    await db().execute(sql`update profiles set is_admin = false where id <> ${only.id}`);
    try {
      await expect(setUserFlag(db(), 'someone-else', only.id, 'isAdmin', false)).rejects.toMatchObject({
        statusCode: 409,
        message: LAST_ADMIN,
      });
      const [row] = await db().select().from(profiles).where(eq(profiles.id, only.id));
      expect(row!.isAdmin).toBe(true);
    } finally {
      await db().update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin.admin.id));
    }
  });

  it('two admins demoting each other at once: one wins, an admin remains', async () => {
    const a = await createAdmin(db(), 'duela');
    const b = await createAdmin(db(), 'duelb');
    await db().execute(sql`update profiles set is_admin = false where id not in (${a.id}, ${b.id})`);
    try {
      const [ca, cb] = await Promise.all([signIn(ctx.app, a), signIn(ctx.app, b)]);
      const results = await Promise.all([
        ca.request('PATCH', `/api/admin/users/${b.id}/flags`, { flag: 'isAdmin', value: false }),
        cb.request('PATCH', `/api/admin/users/${a.id}/flags`, { flag: 'isAdmin', value: false }),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect([403, 409]).toContain(codes[1]);
      const left = await db()
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`${profiles.isAdmin} and ${profiles.id} in (${a.id}, ${b.id})`);
      expect(left).toHaveLength(1);
    } finally {
      await db().update(profiles).set({ isAdmin: true }).where(eq(profiles.id, admin.admin.id));
    }
  });
});

describe('POST /api/admin/users', () => {
  it('creates the account and profile together; the new user signs in', async () => {
    const tag = `made${Date.now().toString(36)}`;
    const input = {
      email: `${tag}@Example.com`,
      password: 'violet harbour lantern',
      username: tag,
      fullName: 'Made By Admin',
      isAdmin: true,
    };
    const res = await admin.client.post('/api/admin/users', input);
    expect(res.statusCode).toBe(201);
    const created = res.json().user;
    expect(created).toMatchObject({ username: tag, fullName: 'Made By Admin', isAdmin: true });
    expect(created.email).toBeUndefined();
    const [stored] = await db().select().from(user).where(eq(user.id, created.id));
    expect(stored?.email).toBe(`${tag}@example.com`);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit).toMatchObject({ method: 'POST', changes: { isAdmin: { before: null, after: true } } });

    const client = new Client(ctx.app);
    const signedIn = await client.post('/api/auth/sign-in', { email: input.email, password: input.password });
    expect(signedIn.statusCode).toBe(200);
    expect((await client.get('/api/me')).json().user).toMatchObject({ username: tag, isAdmin: true });
  });

  it('refuses bad input with 422 and a message, and makes nothing', async () => {
    const tag = `bad${Date.now().toString(36)}`;
    const cases = [
      { email: 'not-an-email', password: 'violet harbour lantern', username: tag },
      { email: `${tag}@example.com`, password: 'abc', username: tag },
      { email: `${tag}@example.com`, password: 'violet harbour lantern', username: '' },
    ];
    for (const body of cases) {
      const res = await admin.client.post('/api/admin/users', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBeTruthy();
    }
    const weak = await admin.client.post('/api/admin/users', {
      email: `${tag}@example.com`,
      password: 'password',
      username: tag,
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error.code).toBe('WEAK_PASSWORD');
    const made = await db()
      .select()
      .from(user)
      .where(eq(user.email, `${tag}@example.com`));
    expect(made).toHaveLength(0);
  });

  it('refuses a username taken in another case or a used e-mail (409), leaving no half account', async () => {
    const [m] = await createMembers(db(), 1, 'taken');
    const tag = `dup${Date.now().toString(36)}`;
    const sameName = await admin.client.post('/api/admin/users', {
      email: `${tag}@example.com`,
      password: 'violet harbour lantern',
      username: m!.username.toUpperCase(),
    });
    expect(sameName.statusCode).toBe(409);
    expect(
      await db()
        .select()
        .from(user)
        .where(eq(user.email, `${tag}@example.com`)),
    ).toHaveLength(0);
    const sameEmail = await admin.client.post('/api/admin/users', {
      email: m!.email,
      password: 'violet harbour lantern',
      username: tag,
    });
    expect(sameEmail.statusCode).toBe(409);
  });
});

describe('PUT /api/admin/users/:id', () => {
  it('writes every profile field and the sponsor and panelist flags, audited', async () => {
    const [m] = await createMembers(db(), 1, 'edit');
    const res = await admin.client.request('PUT', `/api/admin/users/${m!.id}`, {
      username: `${m!.username}x`.slice(0, 30),
      fullName: 'Edited Name',
      company: 'Acme',
      position: 'CTO',
      website: 'https://acme.example.com',
      bio: 'Builds things',
      instagramUrl: 'https://instagram.com/edited',
      facebookUrl: '',
      linkedinUrl: 'https://linkedin.com/in/edited',
      isSponsor: true,
      isPanelist: true,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, m!.id));
    expect(row).toMatchObject({
      fullName: 'Edited Name',
      company: 'Acme',
      position: 'CTO',
      website: 'https://acme.example.com',
      bio: 'Builds things',
      instagramUrl: 'https://instagram.com/edited',
      facebookUrl: null,
      linkedinUrl: 'https://linkedin.com/in/edited',
      isSponsor: true,
      isPanelist: true,
    });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, m!.id));
    expect(audit!.changes).toMatchObject({ company: { before: null, after: 'Acme' }, isSponsor: { after: true } });
  });

  it('refuses a website that is not a URL or no username (422), and a missing user (404)', async () => {
    const [m] = await createMembers(db(), 1, 'editbad');
    const notUrl = await admin.client.request('PUT', `/api/admin/users/${m!.id}`, {
      username: m!.username,
      website: 'not a url',
    });
    expect(notUrl.statusCode).toBe(422);
    expect(notUrl.json().error.message).toContain('URL');
    const noName = await admin.client.request('PUT', `/api/admin/users/${m!.id}`, { username: '' });
    expect(noName.statusCode).toBe(422);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, m!.id));
    expect(row!.website).toBeNull();
    const missing = await admin.client.request('PUT', `/api/admin/users/${MISSING}`, validUpdate);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(USER_NOT_FOUND);
  });
});

describe('/api/admin/users/:id/avatar', () => {
  it("replaces and removes a member's avatar, its files with it; 404 for a missing user", async () => {
    const [m] = await createMembers(db(), 1, 'avataradmin');
    const png = (colour: string) =>
      sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const fileOf = (url: string) => path.join(ctx.dataDir, url.replace(/^\//, ''));
    const url = `/api/admin/users/${m!.id}/avatar`;
    expect((await uploadFile(ctx.app, member, url, await png('#123456'))).statusCode).toBe(403);
    const first = await uploadFile(ctx.app, admin.client, url, await png('#123456'));
    expect(first.statusCode).toBe(200);
    const firstUrl = first.json().avatarUrl as string;
    expect(firstUrl).toMatch(new RegExp(`^/uploads/avatars/${m!.id}/.+\\.webp$`));
    expect(existsSync(fileOf(firstUrl))).toBe(true);
    const second = await uploadFile(ctx.app, admin.client, url, await png('#654321'));
    const secondUrl = second.json().avatarUrl as string;
    expect(existsSync(fileOf(firstUrl))).toBe(false);
    expect((await db().select().from(profiles).where(eq(profiles.id, m!.id)))[0]?.avatarUrl).toBe(secondUrl);
    const notImage = await uploadFile(ctx.app, admin.client, url, Buffer.from('not an image'));
    expect(notImage.statusCode).toBe(422);
    expect((await db().select().from(profiles).where(eq(profiles.id, m!.id)))[0]?.avatarUrl).toBe(secondUrl);

    const removed = await admin.client.request('DELETE', url);
    expect(removed.json()).toEqual({ avatarUrl: null });
    expect(existsSync(fileOf(secondUrl))).toBe(false);
    expect((await db().select().from(profiles).where(eq(profiles.id, m!.id)))[0]?.avatarUrl).toBeNull();
    expect((await admin.client.request('DELETE', `/api/admin/users/${MISSING}/avatar`)).statusCode).toBe(404);
    const missing = await uploadFile(ctx.app, admin.client, `/api/admin/users/${MISSING}/avatar`, await png('#000'));
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('removes account, sessions, profile, registrations, connections and avatar; messages and posts stay from a former member', async () => {
    const [gone, other] = await createMembers(db(), 2, 'leaver');
    const goneClient = await signIn(ctx.app, gone!);
    const otherClient = await signIn(ctx.app, other!);
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const upload = await uploadFile(ctx.app, goneClient, '/api/me/avatar', png);
    expect(upload.statusCode).toBe(200);
    const avatarFile = path.join(ctx.dataDir, upload.json().avatarUrl.replace(/^\//, ''));
    expect(existsSync(avatarFile)).toBe(true);

    const event = await createEvent(db());
    expect(
      (await goneClient.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' })).statusCode,
    ).toBe(200);
    expect((await goneClient.post('/api/connections', { username: other!.username })).statusCode).toBe(200);
    expect(
      (await goneClient.post('/api/messages', { to: other!.username, subject: 'Hello', content: 'Still here?' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await otherClient.post('/api/messages', { to: gone!.username, subject: 'Reply', content: 'To you' })).statusCode,
    ).toBe(201);
    const [forum] = await db().insert(forums).values({ name: 'Leavers forum' }).returning();
    const [post] = await db()
      .insert(forumPosts)
      .values({ forumId: forum!.id, authorId: gone!.id, title: 'My post', content: '<p>Hi</p>' })
      .returning();
    await db().insert(forumReplies).values({ postId: post!.id, authorId: gone!.id, content: '<p>Reply</p>' });

    const res = await admin.client.request('DELETE', `/api/admin/users/${gone!.id}`);
    expect(res.statusCode).toBe(200);

    expect(await db().select().from(user).where(eq(user.id, gone!.id))).toHaveLength(0);
    expect(await db().select().from(profiles).where(eq(profiles.id, gone!.id))).toHaveLength(0);
    expect(await db().select().from(session).where(eq(session.userId, gone!.id))).toHaveLength(0);
    expect(await db().select().from(eventAttendees).where(eq(eventAttendees.userId, gone!.id))).toHaveLength(0);
    expect((await goneClient.get('/api/connections')).statusCode).toBe(401);
    expect(existsSync(avatarFile)).toBe(false);

    // What they sent stays readable by the other member, from a former member.
    const sent = await db().select().from(messages).where(eq(messages.subject, 'Hello'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.senderId).toBeNull();
    expect(await db().select().from(messages).where(eq(messages.subject, 'Reply'))).toHaveLength(0);
    const inbox = (await otherClient.get('/api/messages')).json().conversations;
    expect(inbox).toEqual([
      expect.objectContaining({
        subject: 'Hello',
        other: { id: FORMER_MEMBER_ID, username: FORMER_MEMBER, avatarUrl: null },
      }),
    ]);
    const thread = await otherClient.get(`/api/messages/thread?with=${FORMER_MEMBER_ID}&subject=Hello`);
    expect(thread.statusCode).toBe(200);
    expect(thread.json().messages[0]).toMatchObject({ content: 'Still here?', sender: { username: FORMER_MEMBER } });
    const read = await otherClient.post('/api/messages/read', { with: FORMER_MEMBER_ID, subject: 'Hello' });
    expect(read.json().marked).toBe(1);
    expect((await otherClient.request('DELETE', `/api/messages/${sent[0]!.id}`)).statusCode).toBe(200);
    expect(await db().select().from(messages).where(eq(messages.id, sent[0]!.id))).toHaveLength(0);

    // Forum posts and replies stay, their author gone.
    const [keptPost] = await db().select().from(forumPosts).where(eq(forumPosts.id, post!.id));
    expect(keptPost!.authorId).toBeNull();
    const replies = await db()
      .select()
      .from(forumReplies)
      .where(inArray(forumReplies.postId, [post!.id]));
    expect(replies.map((r) => r.authorId)).toEqual([null]);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, gone!.id));
    expect(audit).toMatchObject({ method: 'DELETE', changes: { username: { before: gone!.username, after: null } } });
  });

  it('refuses an admin deleting themselves (403) and a missing user (404)', async () => {
    const self = await admin.client.request('DELETE', `/api/admin/users/${admin.admin.id}`);
    expect(self.statusCode).toBe(403);
    expect(await db().select().from(user).where(eq(user.id, admin.admin.id))).toHaveLength(1);
    const missing = await admin.client.request('DELETE', `/api/admin/users/${MISSING}`);
    expect(missing.statusCode).toBe(404);
  });

  it('gives the seat of a deleted member to the first on the waitlist, who is told', async () => {
    const event = await createEvent(db(), { maxAttendees: 1, status: 'upcoming' });
    const [seated, waiting] = await createMembers(db(), 2, 'seatfreed');
    await db().insert(eventAttendees).values({ eventId: event.id, userId: seated!.id, status: 'attending' });
    await db().insert(eventAttendees).values({ eventId: event.id, userId: waiting!.id, status: 'waitlisted' });
    expect((await admin.client.request('DELETE', `/api/admin/users/${seated!.id}`)).statusCode).toBe(200);
    const rows = await db().select().from(eventAttendees).where(eq(eventAttendees.eventId, event.id));
    expect(rows.map((r) => [r.userId, r.status])).toEqual([[waiting!.id, 'attending']]);
    await expect
      .poll(async () => (await db().select().from(emailOutbox).where(eq(emailOutbox.to, waiting!.email))).length)
      .toBe(1);
  });
});

describe('the e-mail is in no answer but the admin user list', () => {
  it('directory, profile, attendees, suggestions, messages and connections never carry it', async () => {
    const [m, viewer] = await createMembers(db(), 2, 'privacy');
    const mine = await signIn(ctx.app, m!);
    const other = await signIn(ctx.app, viewer!);
    const event = await createEvent(db());
    await mine.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    await mine.post('/api/connections', { username: viewer!.username });
    await mine.post('/api/messages', { to: viewer!.username, subject: 'Hi', content: 'Hello there' });
    const email = m!.email;
    const answers = [
      await new Client(ctx.app).get(`/api/members?q=${m!.username}`),
      await other.get(`/api/members?q=${m!.username}`),
      await other.get(`/api/profiles/${m!.username}`),
      await new Client(ctx.app).get(`/api/events/${event.id}/attendees`),
      await other.get(`/api/events/${event.id}`),
      await other.get(`/api/members/suggest?q=${m!.username.slice(0, 6)}`),
      await other.get('/api/messages'),
      await other.get(`/api/messages/thread?with=${m!.id}&subject=Hi`),
      await other.get('/api/connections'),
      await admin.client.get(`/api/profiles/${m!.username}`),
      await new Client(ctx.app).get('/api/landing'),
      await new Client(ctx.app).get('/api/events'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body.toLowerCase()).not.toContain(email);
    }
    // The list made for admins is the one place it shows.
    const list = await admin.client.get(`/api/admin/users?q=${m!.username}`);
    expect(list.body).toContain(email);
  });
});
