import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, forumPosts, forumReplies, forums, profiles } from '../../db/schema';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { adminClient, createMembers, signIn } from '../../test/factories';
import { XSS_VECTORS, unsafeParts } from '../../test/xss';
import {
  FORUM_NOT_FOUND,
  POSTS_PAGE_SIZE,
  POST_NOT_FOUND,
  REPLIES_PAGE_SIZE,
  type PostSummary,
  type Reply,
} from '../../../shared/forums';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.app.services.db;
const MISSING = '00000000-0000-4000-8000-000000000000';

/** Signed-in members, each with their own posting allowance. */
async function members(count: number) {
  const made = await createMembers(db(), count, 'forum');
  return Promise.all(made.map(async (m) => ({ ...m, client: await signIn(ctx.app, m) })));
}

async function forum(name = `Forum ${Math.random().toString(36).slice(2, 8)}`) {
  const [row] = await db().insert(forums).values({ name, description: '<p>About</p>' }).returning();
  return row!;
}

async function post(forumId: string, authorId: string, overrides: Partial<typeof forumPosts.$inferInsert> = {}) {
  const [row] = await db()
    .insert(forumPosts)
    .values({ forumId, authorId, title: 'A post', content: '<p>Body</p>', excerpt: 'Body', ...overrides })
    .returning();
  return row!;
}

const postUrl = (f: string, p: string) => `/api/forums/${f}/posts/${p}`;

describe('forums: access', () => {
  it('answers 401 to visitors on every route', async () => {
    const v = new Client(ctx.app);
    const f = await forum();
    const calls: [Parameters<Client['request']>[0], string, unknown?][] = [
      ['GET', '/api/forums'],
      ['POST', '/api/forums', { name: 'x', description: '<p>x</p>' }],
      ['GET', `/api/forums/${f.id}`],
      ['PATCH', `/api/forums/${f.id}`, { name: 'x' }],
      ['DELETE', `/api/forums/${f.id}`],
      ['GET', `/api/forums/${f.id}/posts`],
      ['POST', `/api/forums/${f.id}/posts`, { title: 't', content: '<p>c</p>' }],
      ['GET', postUrl(f.id, MISSING)],
      ['PATCH', postUrl(f.id, MISSING), { title: 't', content: 'c' }],
      ['DELETE', postUrl(f.id, MISSING)],
      ['GET', `${postUrl(f.id, MISSING)}/replies`],
      ['POST', `${postUrl(f.id, MISSING)}/replies`, { content: 'c' }],
      ['PATCH', `${postUrl(f.id, MISSING)}/replies/${MISSING}`, { content: 'c' }],
      ['DELETE', `${postUrl(f.id, MISSING)}/replies/${MISSING}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await v.request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets only admins create, edit and delete forums (403 for members)', async () => {
    const [m] = await members(1);
    const f = await forum();
    expect((await m!.client.post('/api/forums', { name: 'Mine', description: '<p>x</p>' })).statusCode).toBe(403);
    expect((await m!.client.request('PATCH', `/api/forums/${f.id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await m!.client.request('DELETE', `/api/forums/${f.id}`)).statusCode).toBe(403);
    expect((await db().select().from(forums).where(eq(forums.id, f.id)))[0]?.name).toBe(f.name);
    const list = (await m!.client.get('/api/forums')).json();
    expect(list.canCreate).toBe(false);
    expect((await m!.client.get(`/api/forums/${f.id}`)).json().forum.can).toEqual({ edit: false, delete: false });
  });
});

describe('forums: admin management', () => {
  it('creates a forum with trimmed name and sanitised description, audited', async () => {
    const { client } = await adminClient(ctx.app);
    const res = await client.post('/api/forums', {
      name: '  Deals & Financing  ',
      description: '  <p onclick="x()">Talk <strong>money</strong></p><script>alert(1)</script>  ',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().forum;
    expect(created).toMatchObject({ name: 'Deals & Financing', postCount: 0, lastActivityAt: null });
    expect(created.description).toBe('<p>Talk <strong>money</strong></p>');
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit).toBeDefined();
    expect((await client.get('/api/forums')).json().canCreate).toBe(true);
  });

  it('refuses a blank name or description with 422 and stores nothing', async () => {
    const { client } = await adminClient(ctx.app);
    const before = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(forums)
    )[0]!.n;
    const noName = await client.post('/api/forums', { name: '   ', description: '<p>x</p>' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().error.message).toMatch(/Name is required/);
    const noDescription = await client.post('/api/forums', { name: 'Named', description: '<p>  </p>' });
    expect(noDescription.statusCode).toBe(422);
    expect(noDescription.json().error.message).toMatch(/Description is required/);
    const onlyScript = await client.post('/api/forums', { name: 'Named', description: '<script>x</script>' });
    expect(onlyScript.statusCode).toBe(422);
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(forums)
      )[0]!.n,
    ).toBe(before);
  });

  it('edits a forum (name required) and answers 404 for a missing one', async () => {
    const { client } = await adminClient(ctx.app);
    const f = await forum('Old name');
    expect((await client.request('PATCH', `/api/forums/${f.id}`, { name: ' ' })).statusCode).toBe(422);
    const res = await client.request('PATCH', `/api/forums/${f.id}`, { name: ' New name ', description: '<p>New</p>' });
    expect(res.statusCode).toBe(200);
    expect(res.json().forum).toMatchObject({ name: 'New name', description: '<p>New</p>' });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, f.id));
    expect(audit?.changes).toMatchObject({ name: { before: 'Old name', after: 'New name' } });
    expect((await client.request('PATCH', `/api/forums/${MISSING}`, { name: 'x' })).statusCode).toBe(404);
    expect((await client.request('PATCH', '/api/forums/not-a-uuid', { name: 'x' })).statusCode).toBe(404);
    const missing = await client.get(`/api/forums/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(FORUM_NOT_FOUND);
  });

  it('deletes a forum with its posts and replies', async () => {
    const { client } = await adminClient(ctx.app);
    const [m] = await members(1);
    const f = await forum();
    const p = await post(f.id, m!.id);
    await db().insert(forumReplies).values({ postId: p.id, authorId: m!.id, content: '<p>r</p>' });
    expect((await client.request('DELETE', `/api/forums/${f.id}`)).statusCode).toBe(200);
    expect(await db().select().from(forumPosts).where(eq(forumPosts.forumId, f.id))).toHaveLength(0);
    expect(await db().select().from(forumReplies).where(eq(forumReplies.postId, p.id))).toHaveLength(0);
    expect((await client.request('DELETE', `/api/forums/${f.id}`)).statusCode).toBe(404);
  });

  it('lists forums newest first with post counts and latest activity', async () => {
    const [m] = await members(1);
    const older = await forum('Older');
    await db()
      .update(forums)
      .set({ createdAt: new Date('2020-01-01') })
      .where(eq(forums.id, older.id));
    const newer = await forum('Newer');
    await post(newer.id, m!.id);
    await post(newer.id, m!.id);
    const list = (await m!.client.get('/api/forums')).json().forums as {
      id: string;
      postCount: number;
      lastActivityAt: string | null;
    }[];
    const ids = list.map((f) => f.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const shown = list.find((f) => f.id === newer.id)!;
    expect(shown.postCount).toBe(2);
    expect(shown.lastActivityAt).not.toBeNull();
  });
});

describe('forums: posts', () => {
  it('creates a post keeping formatting, with a plain-text excerpt, and counts it', async () => {
    const [a] = await members(1);
    const f = await forum();
    const res = await a!.client.post(`/api/forums/${f.id}/posts`, {
      title: '  Cap rates in 2026  ',
      content:
        '<p>Are <strong>cap rates</strong> <em>rising</em>?</p><ul><li>Office</li></ul><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().post;
    expect(created).toMatchObject({
      title: 'Cap rates in 2026',
      content: '<p>Are <strong>cap rates</strong> <em>rising</em>?</p><ul><li>Office</li></ul>',
      excerpt: 'Are cap rates rising? Office',
      replyCount: 0,
      editedAt: null,
      author: { id: a!.id, username: a!.username },
      can: { edit: true, delete: true },
    });
    expect((await db().select().from(forums).where(eq(forums.id, f.id)))[0]?.postCount).toBe(1);
    const got = await a!.client.get(postUrl(f.id, created.id));
    expect(got.json().post.forumName).toBe(f.name);
  });

  it('refuses a blank title, blank content, or over-long ones with 422', async () => {
    const [a] = await members(1);
    const f = await forum();
    const url = `/api/forums/${f.id}/posts`;
    const cases: [unknown, string, RegExp][] = [
      [{ title: '   ', content: '<p>x</p>' }, 'title', /Title is required/],
      [{ title: 'ok', content: '<p> </p>' }, 'content', /Content is required/],
      [{ title: 'x'.repeat(256), content: '<p>x</p>' }, 'title', /Title must be at most 255 characters/],
      [
        { title: 'ok', content: `<p>${'x'.repeat(32_001)}</p>` },
        'content',
        /Content must be at most 32,000 characters/,
      ],
      [{ title: 'ok' }, 'content', /./],
    ];
    for (const [body, field, message] of cases) {
      const res = await a!.client.post(url, body);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().error.fields)).toEqual([field]);
      expect(res.json().error.fields[field]).toMatch(message);
    }
    expect((await a!.client.post(url, { title: 'ok', content: `<p>${'x'.repeat(32_000)}</p>` })).statusCode).toBe(201);
    expect(await db().select().from(forumPosts).where(eq(forumPosts.forumId, f.id))).toHaveLength(1);
  });

  it('answers 404 for a missing forum or post, or a post asked for under another forum', async () => {
    const [a] = await members(1);
    const f = await forum();
    const other = await forum();
    const p = await post(f.id, a!.id);
    expect((await a!.client.post(`/api/forums/${MISSING}/posts`, { title: 't', content: 'c' })).statusCode).toBe(404);
    expect((await a!.client.get(`/api/forums/${MISSING}/posts`)).statusCode).toBe(404);
    const missing = await a!.client.get(postUrl(f.id, MISSING));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(POST_NOT_FOUND);
    expect((await a!.client.get(postUrl(other.id, p.id))).statusCode).toBe(404);
    expect((await a!.client.get(postUrl(f.id, 'nope'))).statusCode).toBe(404);
  });

  it('limits each member to one post or reply every few seconds, with a clear 429', async () => {
    const [a, b] = await members(2);
    const f = await forum();
    expect((await a!.client.post(`/api/forums/${f.id}/posts`, { title: 'One', content: 'c' })).statusCode).toBe(201);
    const again = await a!.client.post(`/api/forums/${f.id}/posts`, { title: 'Two', content: 'c' });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toMatch(/Please wait \d seconds? before posting again/);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    const p = await post(f.id, b!.id);
    expect((await a!.client.post(`${postUrl(f.id, p.id)}/replies`, { content: 'hi' })).statusCode).toBe(429);
    // Another member is not held back.
    expect((await b!.client.post(`${postUrl(f.id, p.id)}/replies`, { content: 'hi' })).statusCode).toBe(201);
    expect(await db().select().from(forumPosts).where(eq(forumPosts.title, 'Two'))).toHaveLength(0);
  });

  it('lets a member reply at once to the post they just wrote, once; rapid-fire writing still waits', async () => {
    const [a, b] = await members(2);
    const f = await forum();
    const created = await a!.client.post(`/api/forums/${f.id}/posts`, { title: 'Mine', content: 'c' });
    expect(created.statusCode).toBe(201);
    const mine = created.json().post.id as string;
    const replies = `${postUrl(f.id, mine)}/replies`;
    // A second later: the first reply to their own new post is not a flood.
    const first = await a!.client.post(replies, { content: '<p>One more thing</p>' });
    expect(first.statusCode).toBe(201);
    // The next write within the interval waits, with the usual message: in the same thread or elsewhere.
    const second = await a!.client.post(replies, { content: '<p>And another</p>' });
    expect(second.statusCode).toBe(429);
    expect(second.json().error.message).toMatch(
      /^You are posting too quickly\. Please wait \d seconds? before posting again\.$/,
    );
    const theirs = await post(f.id, b!.id);
    expect((await a!.client.post(`${postUrl(f.id, theirs.id)}/replies`, { content: 'hi' })).statusCode).toBe(429);
    expect((await a!.client.post(`/api/forums/${f.id}/posts`, { title: 'Again', content: 'c' })).statusCode).toBe(429);
    const stored = await db().select().from(forumReplies).where(eq(forumReplies.postId, mine));
    expect(stored.map((r) => r.content)).toEqual(['<p>One more thing</p>']);
  });

  it('exempts only a reply to your own post written just now, and one of two sent at once', async () => {
    const [a, b] = await members(2);
    const f = await forum();
    const old = await post(f.id, a!.id, { createdAt: new Date(Date.now() - 3_600_000) });
    const theirs = await post(f.id, b!.id);
    expect((await a!.client.post(`${postUrl(f.id, theirs.id)}/replies`, { content: 'first' })).statusCode).toBe(201);
    // A's own post, but from an hour ago: the interval applies.
    expect((await a!.client.post(`${postUrl(f.id, old.id)}/replies`, { content: 'second' })).statusCode).toBe(429);

    const created = await b!.client.post(`/api/forums/${f.id}/posts`, { title: 'Fresh', content: 'c' });
    expect(created.statusCode).toBe(201);
    const replies = `${postUrl(f.id, created.json().post.id)}/replies`;
    const both = await Promise.all([
      b!.client.post(replies, { content: 'one' }),
      b!.client.post(replies, { content: 'two' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 429]);
  });

  it('lets only the author edit, marking the post edited', async () => {
    const [a, b] = await members(2);
    const { client: admin } = await adminClient(ctx.app);
    const f = await forum();
    const p = await post(f.id, a!.id);
    const body = { title: 'Edited title', content: '<p>New <b>body</b></p>' };
    expect((await b!.client.request('PATCH', postUrl(f.id, p.id), body)).statusCode).toBe(403);
    expect((await admin.request('PATCH', postUrl(f.id, p.id), body)).statusCode).toBe(403);
    expect((await a!.client.request('PATCH', postUrl(f.id, p.id), { title: '', content: 'x' })).statusCode).toBe(422);
    const res = await a!.client.request('PATCH', postUrl(f.id, p.id), body);
    expect(res.statusCode).toBe(200);
    expect(res.json().post).toMatchObject({
      title: 'Edited title',
      content: '<p>New <b>body</b></p>',
      excerpt: 'New body',
    });
    expect(res.json().post.editedAt).not.toBeNull();
    expect((await b!.client.get(postUrl(f.id, p.id))).json().post.can).toEqual({ edit: false, delete: false });
    expect((await admin.get(postUrl(f.id, p.id))).json().post.can).toEqual({ edit: false, delete: true });
    expect((await a!.client.request('PATCH', postUrl(f.id, MISSING), body)).statusCode).toBe(404);
  });

  it('lets members delete their own posts and admins any, replies included', async () => {
    const [a, b] = await members(2);
    const { client: admin } = await adminClient(ctx.app);
    const f = await forum();
    const mine = await post(f.id, a!.id);
    const theirs = await post(f.id, b!.id);
    await db().insert(forumReplies).values({ postId: mine.id, authorId: b!.id, content: '<p>r</p>' });
    expect((await a!.client.request('DELETE', postUrl(f.id, theirs.id))).statusCode).toBe(403);
    expect((await a!.client.request('DELETE', postUrl(f.id, mine.id))).statusCode).toBe(200);
    expect(await db().select().from(forumReplies).where(eq(forumReplies.postId, mine.id))).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, mine.id))).toEqual([]);
    expect((await admin.request('DELETE', postUrl(f.id, theirs.id))).statusCode).toBe(200);
    expect((await admin.request('DELETE', postUrl(f.id, theirs.id))).statusCode).toBe(404);
    expect((await db().select().from(forums).where(eq(forums.id, f.id)))[0]?.postCount).toBe(0);
    // The admin's removal is on the Activity tab; the author's own deletion is not an admin write.
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, theirs.id))).toEqual([
      expect.objectContaining({ method: 'DELETE', path: postUrl(f.id, theirs.id) }),
    ]);
  });

  it('pages a forum newest first by cursor, forwards and back, however deep', async () => {
    const [a] = await members(1);
    const f = await forum();
    const base = Date.UTC(2026, 0, 1);
    const total = POSTS_PAGE_SIZE * 2 + 5;
    // Some share a timestamp to the microsecond: the cursor must still not skip or repeat them.
    await db()
      .insert(forumPosts)
      .values(
        Array.from({ length: total }, (_, i) => ({
          forumId: f.id,
          authorId: a!.id,
          title: `Post ${i}`,
          content: '<p>c</p>',
          excerpt: 'c',
          createdAt: new Date(base + Math.floor(i / 3) * 1000),
        })),
      );
    await ctx.app.services.changes.caughtUp();
    const url = `/api/forums/${f.id}/posts`;
    const first = (await a!.client.get(url)).json();
    expect(first.total).toBe(total);
    expect(first.newer).toBeNull();
    expect(first.posts).toHaveLength(POSTS_PAGE_SIZE);
    expect(first.posts[0].author.username).toBe(a!.username);
    const seen: string[] = first.posts.map((p: PostSummary) => p.title);
    let page = first;
    const pages = [first];
    while (page.older) {
      page = (await a!.client.get(`${url}?before=${page.older}`)).json();
      pages.push(page);
      seen.push(...page.posts.map((p: PostSummary) => p.title));
    }
    expect(pages).toHaveLength(3);
    expect(new Set(seen).size).toBe(total);
    const times = pages.flatMap((p) => p.posts.map((x: PostSummary) => Date.parse(x.createdAt)));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    // Back from the last page to the middle one, then the first.
    const back = (await a!.client.get(`${url}?after=${pages[2].newer}`)).json();
    expect(back.posts.map((p: PostSummary) => p.id)).toEqual(pages[1].posts.map((p: PostSummary) => p.id));
    const top = (await a!.client.get(`${url}?after=${back.newer}`)).json();
    expect(top.posts.map((p: PostSummary) => p.id)).toEqual(first.posts.map((p: PostSummary) => p.id));
    expect(top.newer).toBeNull();
    // A cursor we did not write is just the first page.
    expect((await a!.client.get(`${url}?before=garbage`)).json().posts[0].id).toBe(first.posts[0].id);
  });

  it("shows a deleted member's post as a former member's", async () => {
    const [a, b] = await members(2);
    const f = await forum();
    const p = await post(f.id, a!.id);
    await db().delete(profiles).where(eq(profiles.id, a!.id));
    const got = (await b!.client.get(postUrl(f.id, p.id))).json().post;
    expect(got.author).toBeNull();
    expect(got.can).toEqual({ edit: false, delete: false });
  });
});

describe('forums: replies', () => {
  it('stores a reply trimmed as sanitised rich text, counts it, ignores a blank one', async () => {
    const [a, b] = await members(2);
    const f = await forum();
    const p = await post(f.id, a!.id);
    const url = `${postUrl(f.id, p.id)}/replies`;
    const blank = await b!.client.post(url, { content: '  <p>  </p> ' });
    expect(blank.statusCode).toBe(200);
    expect(blank.json().reply).toBeNull();
    const res = await b!.client.post(url, {
      content: '  <p>I <strong>agree</strong><a href="javascript:x">!</a></p> ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().reply).toMatchObject({
      content: '<p>I <strong>agree</strong><a rel="noopener noreferrer nofollow" target="_blank">!</a></p>',
      author: { id: b!.id, username: b!.username },
      can: { edit: true, delete: true },
      editedAt: null,
    });
    expect(await db().select().from(forumReplies).where(eq(forumReplies.postId, p.id))).toHaveLength(1);
    expect((await db().select().from(forumPosts).where(eq(forumPosts.id, p.id)))[0]?.replyCount).toBe(1);
    // A reply is the forum's latest activity too.
    const replied = new Date(res.json().reply.createdAt).getTime();
    const listed = (await a!.client.get('/api/forums')).json().forums.find((x: { id: string }) => x.id === f.id);
    expect(new Date(listed.lastActivityAt).getTime()).toBe(replied);
    const tooLong = await a!.client.post(url, { content: `<p>${'x'.repeat(32_001)}</p>` });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().error.message).toMatch(/Reply must be at most 32,000 characters/);
    expect((await b!.client.post(`${postUrl(f.id, MISSING)}/replies`, { content: 'x' })).statusCode).toBe(404);
  });

  it('edits own replies only (marked edited) and deletes own or, for admins, any', async () => {
    const [a, b] = await members(2);
    const { client: admin } = await adminClient(ctx.app);
    const f = await forum();
    const p = await post(f.id, a!.id);
    const [r1, r2] = await db()
      .insert(forumReplies)
      .values([
        { postId: p.id, authorId: b!.id, content: '<p>one</p>' },
        { postId: p.id, authorId: b!.id, content: '<p>two</p>' },
      ])
      .returning();
    const r = (id: string) => `${postUrl(f.id, p.id)}/replies/${id}`;
    expect((await a!.client.request('PATCH', r(r1!.id), { content: 'hijack' })).statusCode).toBe(403);
    expect((await b!.client.request('PATCH', r(r1!.id), { content: ' ' })).statusCode).toBe(422);
    const edited = await b!.client.request('PATCH', r(r1!.id), { content: '<p>one, <em>edited</em></p>' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().reply.content).toBe('<p>one, <em>edited</em></p>');
    expect(edited.json().reply.editedAt).not.toBeNull();
    // The post's author sees no delete on someone else's reply, and the server agrees.
    const listed = (await a!.client.get(`${postUrl(f.id, p.id)}/replies`)).json().replies as Reply[];
    expect(listed.map((x) => x.can)).toEqual([
      { edit: false, delete: false },
      { edit: false, delete: false },
    ]);
    expect((await a!.client.request('DELETE', r(r1!.id))).statusCode).toBe(403);
    expect((await b!.client.request('DELETE', r(r1!.id))).statusCode).toBe(200);
    expect((await admin.request('DELETE', r(r2!.id))).statusCode).toBe(200);
    expect((await admin.request('DELETE', r(r2!.id))).statusCode).toBe(404);
    expect((await b!.client.request('PATCH', r(r2!.id), { content: '<p>gone</p>' })).statusCode).toBe(404);
    expect((await db().select().from(forumPosts).where(eq(forumPosts.id, p.id)))[0]?.replyCount).toBe(0);
  });

  it('stores none of the OWASP XSS vectors sent through the routes: forum, post, reply and edits', async () => {
    const [a, b] = await members(2);
    const { client: admin } = await adminClient(ctx.app);
    const hostile = `<p>Still here</p>${XSS_VECTORS.join('\n')}`;
    const made = await admin.post('/api/forums', { name: 'Hostile forum', description: hostile });
    expect(made.statusCode).toBe(201);
    const forumId = made.json().forum.id as string;
    const posted = await a!.client.post(`/api/forums/${forumId}/posts`, { title: 'Hostile post', content: hostile });
    expect(posted.statusCode).toBe(201);
    const postId = posted.json().post.id as string;
    const replied = await b!.client.post(`${postUrl(forumId, postId)}/replies`, { content: hostile });
    expect(replied.statusCode).toBe(201);
    const edited = await a!.client.request('PATCH', postUrl(forumId, postId), {
      title: 'Hostile post',
      content: `<p>Edited</p>${hostile}`,
    });
    expect(edited.statusCode).toBe(200);
    const [storedForum] = await db().select().from(forums).where(eq(forums.id, forumId));
    const [storedPost] = await db().select().from(forumPosts).where(eq(forumPosts.id, postId));
    const [storedReply] = await db().select().from(forumReplies).where(eq(forumReplies.postId, postId));
    for (const html of [storedForum!.description, storedPost!.content, storedReply!.content]) {
      expect(html).toContain('Still here');
      expect(unsafeParts(html)).toEqual([]);
    }
    expect(storedPost!.content).toContain('Edited');
    // The excerpt is plain text (shown as text, never as HTML).
    expect(storedPost!.excerpt).toMatch(/^Edited Still here/);
  });

  it('pages replies oldest first and opens the page that holds a given reply', async () => {
    const [a] = await members(1);
    const f = await forum();
    const p = await post(f.id, a!.id);
    const base = Date.UTC(2026, 0, 1);
    const total = REPLIES_PAGE_SIZE * 3 + 7;
    const rows = await db()
      .insert(forumReplies)
      .values(
        Array.from({ length: total }, (_, i) => ({
          postId: p.id,
          authorId: a!.id,
          content: `<p>Reply ${i}</p>`,
          createdAt: new Date(base + i * 1000),
        })),
      )
      .returning({ id: forumReplies.id });
    await ctx.app.services.changes.caughtUp();
    const url = `${postUrl(f.id, p.id)}/replies`;
    const first = (await a!.client.get(url)).json();
    expect(first).toMatchObject({ page: 1, pageCount: 4, total, pageSize: REPLIES_PAGE_SIZE });
    expect(first.replies[0].content).toBe('<p>Reply 0</p>');
    // Every page holds exactly its slice, in order (the second half is read from the end).
    for (const page of [1, 2, 3, 4]) {
      const got = (await a!.client.get(`${url}?page=${page}`)).json().replies.map((x: Reply) => x.id);
      const want = rows.slice((page - 1) * REPLIES_PAGE_SIZE, page * REPLIES_PAGE_SIZE).map((r) => r.id);
      expect(got, `page ${page}`).toEqual(want);
    }
    const last = (await a!.client.get(`${url}?page=4`)).json();
    expect(last.replies).toHaveLength(7);
    expect(last.replies[6].content).toBe(`<p>Reply ${total - 1}</p>`);
    const holding = (await a!.client.get(`${url}?reply=${rows[REPLIES_PAGE_SIZE + 3]!.id}`)).json();
    expect(holding.page).toBe(2);
    expect(holding.replies.map((x: Reply) => x.id)).toContain(rows[REPLIES_PAGE_SIZE + 3]!.id);
    expect((await a!.client.get(`${url}?reply=${MISSING}`)).json().page).toBe(1);
    expect((await a!.client.get(`${url}?page=99`)).json().page).toBe(4);
    expect((await a!.client.get(`${url}?page=0`)).statusCode).toBe(422);
  });

  it('announces new, edited and deleted posts and replies to open event streams', async () => {
    const [a, b] = await members(2);
    const f = await forum();
    const kinds: string[] = [];
    const unsubscribe = ctx.app.services.realtime.subscribe(b!.id, (notice) => kinds.push(notice.kind));
    try {
      const created = await a!.client.post(`/api/forums/${f.id}/posts`, { title: 'Live', content: 'now' });
      const postId = created.json().post.id as string;
      expect(kinds).toContain('forum-posts');
      expect(kinds).toContain('forums'); // its post count changed
      kinds.length = 0;
      const replied = await b!.client.post(`${postUrl(f.id, postId)}/replies`, { content: '<p>seen</p>' });
      expect(kinds).toContain('forum-replies');
      kinds.length = 0;
      await b!.client.request('PATCH', `${postUrl(f.id, postId)}/replies/${replied.json().reply.id}`, {
        content: '<p>seen it</p>',
      });
      expect(kinds).toEqual(['forum-replies']);
      kinds.length = 0;
      await a!.client.request('DELETE', postUrl(f.id, postId));
      expect(kinds).toContain('forum-posts');
    } finally {
      unsubscribe();
    }
  });
});
