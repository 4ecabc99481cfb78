import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connections,
  emailOutbox,
  forumPosts,
  forumReplies,
  forums,
  memberBlocks,
  memberPresence,
  messages,
} from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { createTestContext, registeredClient, type TestContext } from '../../test/harness';
import { NOTIFICATION_JOB } from './digest';

// The notification-emails sweep on a clock the test moves: who is away, what is batched, what
// waits for the hour, what reading first cancels.

const MINUTE = 60_000;
const clock = manualClock('2026-11-20T15:00:30Z');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ JOBS_CHECK_MS: '3600000', NOTIFY_AWAY_MINUTES: '5' }, { clock });
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

/** Moves the clock and runs the due sweep (the job runs once per minute of the clock). */
async function sweepAfter(ms: number) {
  clock.advance(ms);
  const runs = await ctx.app.services.jobs.tick();
  expect(runs.filter((r) => r.name === NOTIFICATION_JOB).map((r) => r.status)).toEqual(['done']);
}

function mailsTo(email: string) {
  return db()
    .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, headers: emailOutbox.headers })
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

async function member(fullName: string) {
  const m = await registeredClient(ctx.app, { fullName });
  // Registration mail is not what these tests count.
  await db().delete(emailOutbox).where(eq(emailOutbox.to, m.input.email));
  return m;
}

async function message(from: string, to: string, subject = 'Hello') {
  await db()
    .insert(messages)
    .values({ senderId: from, recipientId: to, subject, content: 'The words of the message', createdAt: clock.now() });
}

async function presence(userId: string, seenAt = clock.now()) {
  await db().insert(memberPresence).values({ streamId: randomUUID(), userId, seenAt });
}

describe('notification e-mails for members who are away', () => {
  it('an online member (an open event stream seen lately) gets no e-mail', async () => {
    const jordan = await member('Jordan Lee');
    const ana = await member('Ana Online');
    const abe = await member('Abe Away');
    await message(jordan.user.id, ana.user.id);
    await message(jordan.user.id, ana.user.id);
    await message(jordan.user.id, abe.user.id);
    // Her page is open: the stream refreshes her row on each heartbeat. His is not.
    for (let i = 0; i < 4; i++) {
      await presence(ana.user.id);
      await sweepAfter(2 * MINUTE);
    }
    expect(await mailsTo(ana.input.email)).toEqual([]);
    expect((await mailsTo(abe.input.email)).map((m) => m.subject)).toEqual(['1 new message from Jordan Lee']);
  });

  it('an away member gets one batched e-mail per conversation, then one an hour covering only what is new', async () => {
    const jordan = await member('Jordan Lee');
    const bo = await member('Bo Away');
    await presence(bo.user.id, new Date(clock.now().getTime() - 30 * MINUTE));
    for (let i = 0; i < 3; i++) {
      await message(jordan.user.id, bo.user.id, 'Coffee?');
      clock.advance(1000);
    }
    await sweepAfter(2 * MINUTE);
    expect(await mailsTo(bo.input.email)).toEqual([]); // not yet: they may still come back
    await sweepAfter(4 * MINUTE);
    const [first, ...others] = await mailsTo(bo.input.email);
    expect(others).toEqual([]);
    expect(first!.subject).toBe('3 new messages from Jordan Lee');
    expect(first!.text).toContain(`/messages?with=${jordan.user.id}&subject=Coffee%3F`);
    expect(first!.text).not.toContain('The words of the message');

    // A fourth message within the hour waits for the hour.
    await message(jordan.user.id, bo.user.id, 'Coffee?');
    await sweepAfter(10 * MINUTE);
    await sweepAfter(30 * MINUTE);
    expect(await mailsTo(bo.input.email)).toHaveLength(1);
    await sweepAfter(20 * MINUTE);
    const mails = await mailsTo(bo.input.email);
    expect(mails.map((m) => m.subject)).toEqual(['3 new messages from Jordan Lee', '1 new message from Jordan Lee']);
    // Nothing new: nothing more, however long they stay away.
    await sweepAfter(2 * 60 * MINUTE);
    expect(await mailsTo(bo.input.email)).toHaveLength(2);
  });

  it('reading the conversation on the site before the e-mail is due cancels it', async () => {
    const jordan = await member('Jordan Lee');
    const cy = await member('Cy Reader');
    const dee = await member('Dee Unread');
    for (const to of [cy, cy, dee]) await message(jordan.user.id, to.user.id, 'Lunch');
    await sweepAfter(2 * MINUTE);
    const read = await cy.client.post('/api/messages/read', { with: jordan.user.id, subject: 'Lunch' });
    expect(read.statusCode).toBe(200);
    await sweepAfter(10 * MINUTE);
    expect(await mailsTo(cy.input.email)).toEqual([]);
    // The same message left unread is mailed.
    expect((await mailsTo(dee.input.email)).map((m) => m.subject)).toEqual(['1 new message from Jordan Lee']);
  });

  it('what came before a visit stays quiet after housekeeping removed that visit', async () => {
    const jordan = await member('Jordan Lee');
    const kit = await member('Kit Visited');
    const start = clock.now();
    await message(jordan.user.id, kit.user.id, 'Old news');
    // She came by after it (the badge showed it) and left it unread; a day on, her row is gone.
    await presence(kit.user.id, new Date(start.getTime() + MINUTE));
    await sweepAfter(26 * 60 * MINUTE);
    await db().delete(memberPresence).where(eq(memberPresence.userId, kit.user.id));
    await sweepAfter(MINUTE);
    expect(await mailsTo(kit.input.email)).toEqual([]);
    // What comes after is new: one mail, about it alone.
    await message(jordan.user.id, kit.user.id, 'Fresh news');
    await sweepAfter(6 * MINUTE);
    const mails = await mailsTo(kit.input.email);
    expect(mails.map((m) => m.subject)).toEqual(['1 new message from Jordan Lee']);
    expect(mails[0]!.text).toContain('subject=Fresh+news');
  });

  it('a pending connection request reaches an away member, once', async () => {
    const jordan = await member('Jordan Lee');
    const di = await member('Di Requested');
    await db().insert(connections).values({
      requesterId: jordan.user.id,
      recipientId: di.user.id,
      status: 'pending',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    await sweepAfter(6 * MINUTE);
    await sweepAfter(2 * 60 * MINUTE);
    const mails = await mailsTo(di.input.email);
    expect(mails.map((m) => m.subject)).toEqual(['Jordan Lee wants to connect']);
    expect(mails[0]!.text).toContain('http://localhost:3000/connections');
    expect(mails[0]!.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=/);
  });

  it("replies by others to a member's forum post are batched per post; their own replies are not", async () => {
    const jordan = await member('Jordan Lee');
    const sam = await member('Sam Blocked');
    const eve = await member('Eve Author');
    const [forum] = await db().insert(forums).values({ name: 'Food' }).returning({ id: forums.id });
    const [post] = await db()
      .insert(forumPosts)
      .values({
        forumId: forum!.id,
        authorId: eve.user.id,
        title: 'Best GC in the South End?',
        content: '<p>Asking</p>',
      })
      .returning({ id: forumPosts.id });
    const postId = post!.id;
    // Eve blocked Sam: his reply is never the reason for an e-mail.
    await db().insert(memberBlocks).values({ blockerId: eve.user.id, blockedId: sam.user.id });
    for (const author of [jordan.user.id, jordan.user.id, eve.user.id, sam.user.id]) {
      await db()
        .insert(forumReplies)
        .values({ postId, authorId: author, content: '<p>Reply</p>', createdAt: clock.now() });
    }
    await sweepAfter(6 * MINUTE);
    const mails = await mailsTo(eve.input.email);
    expect(mails.map((m) => m.subject)).toEqual(['2 new replies to “Best GC in the South End?”']);
    expect(mails[0]!.text).toContain(`/forums/${forum!.id}/${postId}`);
  });

  it('no e-mail about a member one of them blocked, nor with the kind turned off', async () => {
    const jordan = await member('Jordan Lee');
    const fay = await member('Fay Blocks');
    const gus = await member('Gus Off');
    const hap = await member('Hap Open');
    await db().insert(memberBlocks).values({ blockerId: fay.user.id, blockedId: jordan.user.id });
    await message(jordan.user.id, fay.user.id);
    const off = await gus.client.request('PUT', '/api/notifications/preferences', {
      eventReminders: true,
      messages: false,
      connectionRequests: true,
      forumReplies: true,
      morningAfter: true,
      feedback: true,
      communityNews: true,
    });
    expect(off.statusCode).toBe(200);
    await message(jordan.user.id, gus.user.id);
    await message(jordan.user.id, hap.user.id);
    await sweepAfter(6 * MINUTE);
    expect(await mailsTo(fay.input.email)).toEqual([]);
    expect(await mailsTo(gus.input.email)).toEqual([]);
    // Neither blocked nor opted out: the same sweep mails him.
    expect((await mailsTo(hap.input.email)).map((m) => m.subject)).toEqual(['1 new message from Jordan Lee']);
  });

  it('every notification e-mail carries the RFC 8058 headers and a footer with the unsubscribe page', async () => {
    const jordan = await member('Jordan Lee');
    const hal = await member('Hal Headers');
    await message(jordan.user.id, hal.user.id);
    await sweepAfter(6 * MINUTE);
    const [mail] = await mailsTo(hal.input.email);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=[\w-]+\.[\w-]+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.text).toMatch(/Stop e-mails about new messages: http:\/\/localhost:3000\/unsubscribe\?token=/);
  });
});

describe('presence from the event stream', () => {
  it('opening /api/realtime as a member records them as seen, and closing it records when they left', async () => {
    const ivy = await member('Ivy Stream');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const opened = clock.now();
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/api/realtime',
      headers: { cookie: ivy.client.cookieHeader },
    });
    await new Promise<void>((resolve, reject) => {
      req.on('response', (res) => res.once('data', () => resolve()));
      req.on('error', reject);
      req.end();
    });
    const seen = async () => {
      const rows = await db()
        .select({ seenAt: memberPresence.seenAt })
        .from(memberPresence)
        .where(eq(memberPresence.userId, ivy.user.id));
      return rows.map((row) => row.seenAt.getTime());
    };
    await expect.poll(seen).toEqual([opened.getTime()]);
    const left = clock.advance(MINUTE);
    req.destroy();
    await expect.poll(seen).toEqual([left.getTime()]);
  });
});
