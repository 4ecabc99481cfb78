import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  connections,
  emailOutbox,
  forumPosts,
  forumReplies,
  forums,
  memberBlocks,
  messages,
  reports,
} from '../../db/schema';
import { Client, createTestContext, registeredClient, type TestContext } from '../../test/harness';
import { adminClient } from '../../test/factories';
import { REPORT_RATE } from './routes';
import {
  BLOCKED_BY_RECIPIENT_CONNECTION,
  BLOCKED_BY_RECIPIENT_MESSAGE,
  BLOCK_SELF,
  REPORT_ALREADY_RESOLVED,
  REPORT_OWN_CONTENT,
  REPORT_REASON_MAX,
  REPORT_REASON_REQUIRED,
  YOU_BLOCKED_MESSAGE,
} from '../../../shared/moderation';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

type Member = Awaited<ReturnType<typeof registeredClient>>;

/** A forum with one post by `author` and one reply by `replier`, written straight to the database. */
async function thread(author: Member, replier: Member, title = `Post ${randomUUID().slice(0, 6)}`) {
  const [forum] = await db().insert(forums).values({ name: 'General', description: '<p>All</p>' }).returning();
  const [post] = await db()
    .insert(forumPosts)
    .values({
      forumId: forum!.id,
      authorId: author.user.id,
      title,
      content: '<p>Buy <strong>cheap</strong> watches</p>',
      excerpt: 'Buy cheap watches',
    })
    .returning();
  const [reply] = await db()
    .insert(forumReplies)
    .values({ postId: post!.id, authorId: replier.user.id, content: '<p>Rude <em>reply</em></p>' })
    .returning();
  return { forum: forum!, post: post!, reply: reply! };
}

async function message(from: Member, to: Member, content = 'Spam spam spam') {
  const res = await from.client.post('/api/messages', { to: to.user.username, subject: 'Hello', content });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

const visitor = () => new Client(ctx.app);

describe('POST /api/reports', () => {
  it('refuses a visitor with 401', async () => {
    const res = await visitor().post('/api/reports', { targetType: 'post', targetId: randomUUID(), reason: 'spam' });
    expect(res.statusCode).toBe(401);
  });

  it('files a report on a post, a reply and a message; reporting again returns the first report', async () => {
    const [author, replier, reporter] = [
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
    ];
    const { post, reply } = await thread(author, replier);
    const first = await reporter.client.post('/api/reports', {
      targetType: 'post',
      targetId: post.id,
      reason: '  Spam  ',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'open' });
    const again = await reporter.client.post('/api/reports', {
      targetType: 'post',
      targetId: post.id,
      reason: 'Still spam',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const rows = await db().select().from(reports).where(eq(reports.targetId, post.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reporterId: reporter.user.id, targetType: 'post', reason: 'Spam', status: 'open' });

    const onReply = await reporter.client.post('/api/reports', {
      targetType: 'reply',
      targetId: reply.id,
      reason: 'Rude',
    });
    expect(onReply.statusCode).toBe(201);

    const messageId = await message(author, reporter);
    const onMessage = await reporter.client.post('/api/reports', {
      targetType: 'message',
      targetId: messageId,
      reason: 'Unwanted',
    });
    expect(onMessage.statusCode).toBe(201);
  });

  it('answers 422 for a blank or too long reason, an unknown type or a malformed id, and stores nothing', async () => {
    const [author, reporter] = [await registeredClient(ctx.app), await registeredClient(ctx.app)];
    const { post } = await thread(author, author);
    const blank = await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().error.message).toContain(REPORT_REASON_REQUIRED);
    const long = await reporter.client.post('/api/reports', {
      targetType: 'post',
      targetId: post.id,
      reason: 'x'.repeat(REPORT_REASON_MAX + 1),
    });
    expect(long.statusCode).toBe(422);
    const badType = await reporter.client.post('/api/reports', { targetType: 'forum', targetId: post.id, reason: 'x' });
    expect(badType.statusCode).toBe(422);
    const badId = await reporter.client.post('/api/reports', { targetType: 'post', targetId: 'nope', reason: 'x' });
    expect(badId.statusCode).toBe(422);
    expect(await db().select().from(reports).where(eq(reports.targetId, post.id))).toHaveLength(0);
  });

  it('answers 404 for content that does not exist or that the member cannot see', async () => {
    const [a, b, outsider] = [
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
    ];
    for (const targetType of ['post', 'reply', 'message']) {
      const res = await a.client.post('/api/reports', { targetType, targetId: randomUUID(), reason: 'x' });
      expect(res.statusCode).toBe(404);
    }
    const messageId = await message(a, b);
    const notTheirs = await outsider.client.post('/api/reports', {
      targetType: 'message',
      targetId: messageId,
      reason: 'x',
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json().error.message).toBe('Message not found');
    // The recipient deleted it from their side: it is no longer theirs to report.
    expect((await b.client.request('DELETE', `/api/messages/${messageId}`)).statusCode).toBe(200);
    const deleted = await b.client.post('/api/reports', { targetType: 'message', targetId: messageId, reason: 'x' });
    expect(deleted.statusCode).toBe(404);
  });

  it('refuses reporting your own post or message with 422', async () => {
    const [author, other] = [await registeredClient(ctx.app), await registeredClient(ctx.app)];
    const { post } = await thread(author, other);
    const own = await author.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'x' });
    expect(own.statusCode).toBe(422);
    expect(own.json().error.message).toBe(REPORT_OWN_CONTENT);
    const messageId = await message(author, other);
    const sent = await author.client.post('/api/reports', { targetType: 'message', targetId: messageId, reason: 'x' });
    expect(sent.statusCode).toBe(422);
  });

  it('limits how many reports one member files in a window (429)', async () => {
    const [author, reporter] = [await registeredClient(ctx.app), await registeredClient(ctx.app)];
    const { forum } = await thread(author, author);
    const posts = await db()
      .insert(forumPosts)
      .values(
        Array.from({ length: REPORT_RATE.limit + 1 }, (_, i) => ({
          forumId: forum.id,
          authorId: author.user.id,
          title: `Spam ${i}`,
          content: '<p>spam</p>',
        })),
      )
      .returning();
    const statuses: number[] = [];
    for (const post of posts) {
      const res = await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'x' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, REPORT_RATE.limit).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('GET /api/admin/reports', () => {
  it('refuses a visitor (401) and a member (403)', async () => {
    expect((await visitor().get('/api/admin/reports')).statusCode).toBe(401);
    const { client } = await registeredClient(ctx.app);
    expect((await client.get('/api/admin/reports')).statusCode).toBe(403);
  });

  it('lists open reports with the content excerpt, author, reporter, reason and location', async () => {
    const [author, replier, reporter] = [
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
    ];
    const { forum, post, reply } = await thread(author, replier, 'Cheap watches');
    await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'Spam' });
    await replier.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'Advert' });
    await reporter.client.post('/api/reports', { targetType: 'reply', targetId: reply.id, reason: 'Rude' });
    const messageId = await message(author, reporter, 'Buy now');
    await reporter.client.post('/api/reports', { targetType: 'message', targetId: messageId, reason: 'Unwanted' });

    const { client } = await adminClient(ctx.app);
    const res = await client.get('/api/admin/reports');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, pageSize: 20 });
    // Other tests' reports come first (oldest first): read every page.
    const all = [];
    for (let page = 1; ; page++) {
      const body = (await client.get(`/api/admin/reports?page=${page}`)).json();
      all.push(...body.reports);
      if (page * body.pageSize >= body.total) break;
    }
    const mine = all.filter((r: { targetId: string }) => [post.id, reply.id, messageId].includes(r.targetId));
    expect(mine).toHaveLength(4);
    const onPost = mine.find((r: { reason: string }) => r.reason === 'Spam');
    expect(onPost).toMatchObject({
      targetType: 'post',
      status: 'open',
      title: 'Cheap watches',
      excerpt: 'Buy cheap watches',
      author: { id: author.user.id, username: author.user.username },
      reporter: { id: reporter.user.id, username: reporter.user.username },
      location: { forumId: forum.id, postId: post.id, replyId: null },
      openReports: 2,
    });
    expect(mine.find((r: { reason: string }) => r.reason === 'Rude')).toMatchObject({
      targetType: 'reply',
      excerpt: 'Rude reply',
      title: 'Cheap watches',
      author: { username: replier.user.username },
      location: { forumId: forum.id, postId: post.id, replyId: reply.id },
    });
    expect(mine.find((r: { reason: string }) => r.reason === 'Unwanted')).toMatchObject({
      targetType: 'message',
      title: 'Hello',
      excerpt: 'Buy now',
      location: null,
    });
    const dismissed = await client.get('/api/admin/reports?status=dismissed');
    expect(dismissed.json().reports.some((r: { targetId: string }) => r.targetId === post.id)).toBe(false);
  });

  it('answers 422 for an unknown status', async () => {
    const { client } = await adminClient(ctx.app);
    expect((await client.get('/api/admin/reports?status=everything')).statusCode).toBe(422);
  });
});

describe('POST /api/admin/reports/:id/resolve', () => {
  async function reported() {
    const [author, reporter, second] = [
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
    ];
    const made = await thread(author, second);
    const res = await reporter.client.post('/api/reports', {
      targetType: 'post',
      targetId: made.post.id,
      reason: 'Spam',
    });
    const other = await second.client.post('/api/reports', {
      targetType: 'post',
      targetId: made.post.id,
      reason: 'Advert',
    });
    return { ...made, author, reporter, second, reportId: res.json().id as string, otherId: other.json().id as string };
  }
  const mailsTo = (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, to));

  it('refuses a visitor (401) and a member (403), changing nothing', async () => {
    const { reportId, reporter, post } = await reported();
    expect((await visitor().post(`/api/admin/reports/${reportId}/resolve`, { action: 'remove' })).statusCode).toBe(401);
    const member = await reporter.client.post(`/api/admin/reports/${reportId}/resolve`, { action: 'remove' });
    expect(member.statusCode).toBe(403);
    expect(await db().select().from(forumPosts).where(eq(forumPosts.id, post.id))).toHaveLength(1);
    const [row] = await db().select().from(reports).where(eq(reports.id, reportId));
    expect(row?.status).toBe('open');
  });

  it('answers 422 for an unknown action and 404 for a missing report', async () => {
    const { reportId } = await reported();
    const { client } = await adminClient(ctx.app);
    expect((await client.post(`/api/admin/reports/${reportId}/resolve`, { action: 'ban' })).statusCode).toBe(422);
    expect((await client.post(`/api/admin/reports/${randomUUID()}/resolve`, { action: 'dismiss' })).statusCode).toBe(
      404,
    );
    expect((await client.post('/api/admin/reports/nope/resolve', { action: 'dismiss' })).statusCode).toBe(404);
  });

  it('dismisses one report: the content stays, the reporter is e-mailed, a second decision is 409', async () => {
    const { reportId, otherId, post, reporter, second } = await reported();
    const { client, admin } = await adminClient(ctx.app);
    const res = await client.post(`/api/admin/reports/${reportId}/resolve`, { action: 'dismiss' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'dismissed', resolved: 1 });
    const [row] = await db().select().from(reports).where(eq(reports.id, reportId));
    expect(row).toMatchObject({ status: 'dismissed', resolvedById: admin.id });
    expect(row?.resolvedAt).toBeInstanceOf(Date);
    const [other] = await db().select().from(reports).where(eq(reports.id, otherId));
    expect(other?.status).toBe('open');
    expect(await db().select().from(forumPosts).where(eq(forumPosts.id, post.id))).toHaveLength(1);

    const mails = await mailsTo(reporter.input.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your report was reviewed');
    expect(mails[0]!.text).toContain('leave the content in place');
    expect(mails[0]!.text).toContain('Spam');
    expect(await mailsTo(second.input.email)).toHaveLength(0);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.id), eq(auditLog.targetId, reportId)));
    expect(audit?.changes).toEqual({ status: { before: 'open', after: 'dismissed' } });

    const again = await client.post(`/api/admin/reports/${reportId}/resolve`, { action: 'remove' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REPORT_ALREADY_RESOLVED);
    expect(await db().select().from(forumPosts).where(eq(forumPosts.id, post.id))).toHaveLength(1);
  });

  it('removes a post with its replies, closes every open report on it and e-mails each reporter', async () => {
    const { reportId, otherId, post, reply, reporter, second } = await reported();
    const { client } = await adminClient(ctx.app);
    const res = await client.post(`/api/admin/reports/${reportId}/resolve`, { action: 'remove' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'removed', resolved: 2 });
    expect(await db().select().from(forumPosts).where(eq(forumPosts.id, post.id))).toHaveLength(0);
    expect(await db().select().from(forumReplies).where(eq(forumReplies.id, reply.id))).toHaveLength(0);
    const rows = await db()
      .select()
      .from(reports)
      .where(sql`${reports.id} in (${reportId}, ${otherId})`);
    expect(rows.map((r) => r.status)).toEqual(['removed', 'removed']);
    for (const member of [reporter, second]) {
      const mails = await mailsTo(member.input.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Your report: the content was removed');
      expect(mails[0]!.text).toContain(`Hello ${member.user.username}`);
    }
    // The admin still sees the resolved report, without the content.
    const list = await client.get('/api/admin/reports?status=removed');
    const listed = list.json().reports.find((r: { id: string }) => r.id === reportId);
    expect(listed).toMatchObject({ status: 'removed', excerpt: null, location: null, openReports: 0 });
  });

  it('removes a reported reply or direct message', async () => {
    const [author, reporter] = [await registeredClient(ctx.app), await registeredClient(ctx.app)];
    const { reply, post } = await thread(reporter, author);
    const onReply = await reporter.client.post('/api/reports', {
      targetType: 'reply',
      targetId: reply.id,
      reason: 'x',
    });
    const messageId = await message(author, reporter);
    const onMessage = await reporter.client.post('/api/reports', {
      targetType: 'message',
      targetId: messageId,
      reason: 'x',
    });
    const { client } = await adminClient(ctx.app);
    for (const id of [onReply.json().id, onMessage.json().id]) {
      expect((await client.post(`/api/admin/reports/${id}/resolve`, { action: 'remove' })).statusCode).toBe(200);
    }
    expect(await db().select().from(forumReplies).where(eq(forumReplies.id, reply.id))).toHaveLength(0);
    expect(await db().select().from(forumPosts).where(eq(forumPosts.id, post.id))).toHaveLength(1);
    expect(await db().select().from(messages).where(eq(messages.id, messageId))).toHaveLength(0);
  });

  it('closes the open reports on content its author deleted, replies that went with a post included', async () => {
    const [author, replier, reporter] = [
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
    ];
    const { forum, post, reply } = await thread(author, replier);
    const onPost = await reporter.client.post('/api/reports', { targetType: 'post', targetId: post.id, reason: 'x' });
    const onReply = await reporter.client.post('/api/reports', {
      targetType: 'reply',
      targetId: reply.id,
      reason: 'y',
    });
    const deleted = await author.client.request('DELETE', `/api/forums/${forum.id}/posts/${post.id}`);
    expect(deleted.statusCode).toBe(200);
    const rows = await db()
      .select()
      .from(reports)
      .where(sql`${reports.id} in (${onPost.json().id}, ${onReply.json().id})`);
    expect(rows.map((r) => r.status)).toEqual(['removed', 'removed']);
    const { client } = await adminClient(ctx.app);
    const open = (await client.get('/api/admin/reports?status=open')).json().reports as { id: string }[];
    expect(open.map((r) => r.id)).not.toContain(onPost.json().id);
  });
});

describe('blocks', () => {
  it('refuses a visitor with 401', async () => {
    expect((await visitor().get('/api/me/blocks')).statusCode).toBe(401);
    expect((await visitor().request('PUT', '/api/me/blocks/someone')).statusCode).toBe(401);
    expect((await visitor().request('DELETE', '/api/me/blocks/someone')).statusCode).toBe(401);
  });

  it('answers 404 for an unknown member and 422 for yourself', async () => {
    const me = await registeredClient(ctx.app);
    expect((await me.client.request('PUT', '/api/me/blocks/nobody-here-at-all')).statusCode).toBe(404);
    expect((await me.client.request('DELETE', '/api/me/blocks/nobody-here-at-all')).statusCode).toBe(404);
    const self = await me.client.request('PUT', `/api/me/blocks/${me.user.username}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe(BLOCK_SELF);
  });

  it('blocks a member: their messages and requests are refused both ways until unblocked', async () => {
    const [me, pest] = [await registeredClient(ctx.app), await registeredClient(ctx.app)];
    // A request they sent before the block goes with it.
    expect((await pest.client.post('/api/connections', { username: me.user.username })).statusCode).toBe(200);

    const blocked = await me.client.request('PUT', `/api/me/blocks/${pest.user.username.toUpperCase()}`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ blocked: true });
    expect((await me.client.request('PUT', `/api/me/blocks/${pest.user.username}`)).statusCode).toBe(200);
    expect(await db().select().from(memberBlocks).where(eq(memberBlocks.blockerId, me.user.id))).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(connections)
        .where(and(eq(connections.requesterId, pest.user.id), eq(connections.recipientId, me.user.id))),
    ).toHaveLength(0);

    const list = await me.client.get('/api/me/blocks');
    expect(list.json().blocks).toEqual([expect.objectContaining({ id: pest.user.id, username: pest.user.username })]);

    const dm = await pest.client.post('/api/messages', { to: me.user.username, subject: 'Hi', content: 'Hi' });
    expect(dm.statusCode).toBe(403);
    expect(dm.json().error.message).toBe(BLOCKED_BY_RECIPIENT_MESSAGE);
    const request = await pest.client.post('/api/connections', { username: me.user.username });
    expect(request.statusCode).toBe(403);
    expect(request.json().error.message).toBe(BLOCKED_BY_RECIPIENT_CONNECTION);
    const mine = await me.client.post('/api/messages', { to: pest.user.username, subject: 'Hi', content: 'Hi' });
    expect(mine.statusCode).toBe(403);
    expect(mine.json().error.message).toBe(YOU_BLOCKED_MESSAGE);
    expect(await db().select().from(messages).where(eq(messages.recipientId, me.user.id))).toHaveLength(0);

    const unblocked = await me.client.request('DELETE', `/api/me/blocks/${pest.user.username}`);
    expect(unblocked.json()).toEqual({ blocked: false });
    expect((await me.client.get('/api/me/blocks')).json().blocks).toEqual([]);
    const after = await pest.client.post('/api/messages', { to: me.user.username, subject: 'Hi', content: 'Sorry' });
    expect(after.statusCode).toBe(201);
  });

  it('ends a connection the two had, accepted or asked for by the blocker', async () => {
    const [me, former, asked] = [
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
    ];
    const request = await former.client.post('/api/connections', { username: me.user.username });
    expect(request.statusCode).toBe(200);
    const accepted = await me.client.post(`/api/connections/${request.json().connection.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect((await me.client.post('/api/connections', { username: asked.user.username })).statusCode).toBe(200);
    for (const other of [former, asked]) {
      expect((await me.client.request('PUT', `/api/me/blocks/${other.user.username}`)).statusCode).toBe(200);
    }
    const left = await db()
      .select()
      .from(connections)
      .where(sql`${connections.requesterId} = ${me.user.id} or ${connections.recipientId} = ${me.user.id}`);
    expect(left).toEqual([]);
  });

  it('a block does not stop others', async () => {
    const [me, pest, friend] = [
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
      await registeredClient(ctx.app),
    ];
    await me.client.request('PUT', `/api/me/blocks/${pest.user.username}`);
    const res = await friend.client.post('/api/messages', { to: me.user.username, subject: 'Hi', content: 'Hi' });
    expect(res.statusCode).toBe(201);
    const toOthers = await pest.client.post('/api/messages', {
      to: friend.user.username,
      subject: 'Hi',
      content: 'Hi',
    });
    expect(toOthers.statusCode).toBe(201);
  });
});
