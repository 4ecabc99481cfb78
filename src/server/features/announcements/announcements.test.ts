import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementRecipients,
  announcements,
  emailOutbox,
  eventAttendees,
  eventCheckIns,
  notificationPreferences,
  offersAndAsks,
  profiles,
  skills,
  userSkills,
} from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { adminClient, createEvent, createMembers, signIn } from '../../test/factories';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { startWorker, type Worker } from '../../test/workers';
import {
  ANNOUNCEMENT_NOT_SCHEDULED_MESSAGE,
  ANNOUNCEMENT_SEND_AT_PAST,
  NEWS_TEXTS,
  type AdminAnnouncement,
  type Audience,
  type AudienceCount,
  type NewsListResponse,
} from '../../../shared/announcements';
import { INTERRUPTED, listNextBatch, listStarted } from './sender';

// Announcements (issue 35): audiences with a known answer, sending on the job base at the
// configured rate, each member once, the schedule and its cancel, the archive and its feed.

const NOW = new Date('2026-10-01T14:00:00Z');
const clock = manualClock(NOW);
let ctx: TestContext;
let admin: Client;
let adminEmail: string;
const db = () => ctx.database.db;
type Member = Awaited<ReturnType<typeof createMembers>>[number];

beforeAll(async () => {
  // Recipients listed four at a time: every send here takes several batches.
  ctx = await createTestContext(
    { JOBS_CHECK_MS: '3600000', MAIL_RATE_PER_MINUTE: '1000', ANNOUNCEMENT_LIST_BATCH: '4' },
    { clock },
  );
  const made = await adminClient(ctx.app);
  admin = made.client;
  adminEmail = made.admin.email;
});
afterAll(async () => ctx?.close());

const BODY = '<p>The fall season: <strong>October 8</strong>, November 12.</p><script>alert(1)</script>';
const input = (audience: Audience, extra: Record<string, unknown> = {}) => ({
  subject: 'Fall season dates',
  bodyHtml: BODY,
  audience,
  membersOnly: false,
  ...extra,
});

async function create(audience: Audience, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/announcements', input(audience, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminAnnouncement>();
}
const count = async (audience: Audience) => {
  const res = await admin.post('/api/admin/announcements/audience-count', { audience });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AudienceCount>();
};
/** Every started announcement's recipients listed, a batch at a time, and nothing sent. */
async function listAll() {
  const { config, mailer } = ctx.app.services;
  await listStarted(db(), { config, mailer, worker: () => 'test' }, clock.now(), Date.now() + 60_000);
}
/** A job pass ten seconds on (the sender's period). */
async function tick(seconds = 10) {
  clock.advance(seconds * 1000);
  return ctx.app.services.jobs.tick();
}
const mailsTo = (email: string, subject: string) =>
  db()
    .select({ id: emailOutbox.id, headers: emailOutbox.headers, text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.subject, subject)));
const allMails = async (subject: string) =>
  (await db().select({ to: emailOutbox.to }).from(emailOutbox).where(eq(emailOutbox.subject, subject))).map(
    (m) => m.to,
  );

describe('who an announcement reaches', () => {
  it('counts each audience against a data set with a known answer, leaving out those who opted out', async () => {
    const people = await createMembers(db(), 6, 'seg');
    const [a, b, c, d, e, f] = people as [Member, Member, Member, Member, Member, Member];
    const past = await createEvent(db(), { name: 'September mixer', status: 'completed' });
    // a and b registered, a and c (walk-in registered late) checked in; b did not come.
    await db()
      .insert(eventAttendees)
      .values([
        { eventId: past.id, userId: a.id, status: 'attending' },
        { eventId: past.id, userId: b.id, status: 'attending' },
        { eventId: past.id, userId: c.id, status: 'maybe' },
      ]);
    await db()
      .insert(eventCheckIns)
      .values(
        [a, c].map((m) => ({
          eventId: past.id,
          ticket: `member:${m.id}`,
          userId: m.id,
          checkedInAt: NOW,
          device: 'Door',
        })),
      );
    const [skill] = await db().insert(skills).values({ name: 'Commercial Lending' }).returning();
    await db()
      .insert(userSkills)
      .values([d, e].map((m) => ({ userId: m.id, skillId: skill!.id })));
    await db()
      .insert(offersAndAsks)
      .values([
        { userId: d.id, kind: 'offer', text: 'SBA loan introductions', position: 0 },
        { userId: e.id, kind: 'ask', text: 'A 100% test_ matcher and SBA loan advice', position: 0 },
      ]);
    await db()
      .update(profiles)
      .set({ createdAt: new Date('2026-09-20T12:00:00Z') })
      .where(sql`${profiles.id} in (${e.id}, ${f.id})`);
    await db()
      .update(profiles)
      .set({ createdAt: new Date('2025-01-01T12:00:00Z') })
      .where(sql`${profiles.id} not in (${e.id}, ${f.id})`);
    // e turned Community news off.
    await db().insert(notificationPreferences).values({ userId: e.id, communityNews: false });

    const events = { kind: 'events' as const, eventIds: [past.id] };
    expect(await count({ ...events, attendance: 'registered' })).toEqual({ count: 2, optedOut: 0 });
    expect(await count({ ...events, attendance: 'checked-in' })).toEqual({ count: 2, optedOut: 0 });
    expect(await count({ ...events, attendance: 'no-show' })).toEqual({ count: 1, optedOut: 0 });
    expect(await count({ kind: 'skill', skill: 'commercial lending' })).toEqual({ count: 1, optedOut: 1 });
    expect(await count({ kind: 'offer', text: 'sba loan' })).toEqual({ count: 1, optedOut: 0 });
    expect(await count({ kind: 'ask', text: 'sba loan' })).toEqual({ count: 0, optedOut: 1 });
    // LIKE's own characters are taken literally.
    expect(await count({ kind: 'ask', text: '100% test_' })).toEqual({ count: 0, optedOut: 1 });
    expect(await count({ kind: 'offer', text: '%%' })).toEqual({ count: 0, optedOut: 0 });
    // Joined on or after September 20 in the community's time zone: e and f.
    expect(await count({ kind: 'joined-since', date: '2026-09-20' })).toEqual({ count: 1, optedOut: 1 });
    const everyone = await count({ kind: 'all' });
    expect(everyone.optedOut).toBe(1);
    expect(everyone.count).toBeGreaterThanOrEqual(6);
  });

  it('refuses a malformed audience with a message, and changes nothing', async () => {
    const before = await db().select({ id: announcements.id }).from(announcements);
    for (const audience of [
      { kind: 'events', eventIds: [], attendance: 'registered' },
      { kind: 'events', eventIds: ['nope'], attendance: 'registered' },
      { kind: 'joined-since', date: '2026-13-40' },
      { kind: 'skill', skill: '' },
      { kind: 'everyone' },
    ]) {
      const res = await admin.post('/api/admin/announcements', input(audience as Audience));
      expect(res.statusCode, JSON.stringify(audience)).toBe(422);
      expect(res.json<{ error: { message: string } }>().error.message.length).toBeGreaterThan(5);
    }
    expect(await db().select({ id: announcements.id }).from(announcements)).toEqual(before);
  });
});

describe('writing and sending', () => {
  it('keeps the body sanitised, previews it, and sends a test to the admin only', async () => {
    const draft = await create({ kind: 'all' }, { subject: 'Preview me' });
    expect(draft.status).toBe('draft');
    expect(draft.bodyHtml).toContain('<strong>October 8</strong>');
    expect(draft.bodyHtml).not.toContain('script');
    const preview = await admin.get(`/api/admin/announcements/${draft.id}/preview`);
    expect(preview.statusCode).toBe(200);
    const mail = preview.json<{ html: string; text: string }>();
    expect(mail.text).toContain('The fall season: October 8, November 12.');
    expect(mail.text).toContain('Stop announcements from the organisers:');
    expect(mail.html).toContain('<strong>October 8</strong>');
    const test = await admin.post(`/api/admin/announcements/${draft.id}/test`);
    expect(test.json()).toEqual({ to: adminEmail });
    expect(await allMails('[Test] Preview me')).toEqual([adminEmail]);
    expect(await allMails('Preview me')).toEqual([]);
  });

  it('sends to each member once, with an HTML and a text part, and finishes', async () => {
    const members = await createMembers(db(), 5, 'once');
    const draft = await create({ kind: 'all' }, { subject: 'Once each' });
    const res = await admin.post(`/api/admin/announcements/${draft.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<AdminAnnouncement>();
    // The answer comes at once: the job lists the recipients.
    expect(started).toMatchObject({ status: 'sending', listing: true, progress: { recipients: 0 } });
    const { count: reach } = await count({ kind: 'all' });
    expect(reach).toBeGreaterThanOrEqual(6);
    // A second send of the same one is refused and lists nobody again.
    expect((await admin.post(`/api/admin/announcements/${draft.id}/send`)).statusCode).toBe(409);

    await tick();
    await tick();
    const done = (await admin.get(`/api/admin/announcements/${draft.id}`)).json<AdminAnnouncement>();
    expect(done).toMatchObject({ status: 'sent', listing: false });
    expect(done.progress).toMatchObject({ recipients: reach, queued: 0, failed: 0, sent: reach });
    const [stored] = await db()
      .select({ n: announcements.recipientCount })
      .from(announcements)
      .where(eq(announcements.id, draft.id));
    expect(stored!.n).toBe(reach);
    const to = await allMails('Once each');
    expect(to).toHaveLength(reach);
    expect(new Set(to).size).toBe(to.length);
    const [mail] = await mailsTo(members[0]!.email, 'Once each');
    expect(mail!.html).toContain('<strong>October 8</strong>');
    expect(mail!.text).toContain('Read it on the site: http://localhost:3000/news/');
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });

  it('lists the recipients a batch at a time, going on from the last batch, each member once', async () => {
    const members = await createMembers(db(), 9, 'batches');
    await db()
      .insert(notificationPreferences)
      .values(members.slice(0, 2).map((m) => ({ userId: m.id, communityNews: false })))
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { communityNews: false } });
    const { count: reach } = await count({ kind: 'all' });
    const draft = await create({ kind: 'all' }, { subject: 'In batches' });
    await admin.post(`/api/admin/announcements/${draft.id}/send`);
    const { config } = ctx.app.services;

    // One batch of four members: the admin sees the count so far, and the cursor is kept.
    expect(await listNextBatch(db(), config, draft.id, clock.now())).toBe(false);
    const partway = (await admin.get(`/api/admin/announcements/${draft.id}`)).json<AdminAnnouncement>();
    expect(partway.listing).toBe(true);
    expect(partway.progress.recipients).toBeGreaterThan(0);
    expect(partway.progress.recipients).toBeLessThanOrEqual(4);
    const [cursor] = await db()
      .select({ through: announcements.listedThrough })
      .from(announcements)
      .where(eq(announcements.id, draft.id));
    expect(cursor!.through).not.toBeNull();

    // The rest (a process that stopped after the first batch goes on from its cursor).
    await listAll();
    const listed = (await admin.get(`/api/admin/announcements/${draft.id}`)).json<AdminAnnouncement>();
    expect(listed).toMatchObject({ status: 'sending', listing: false, progress: { recipients: reach, queued: reach } });
    expect(await listNextBatch(db(), config, draft.id, clock.now())).toBeNull();
    const rows = await db()
      .select({ userId: announcementRecipients.userId, email: announcementRecipients.email })
      .from(announcementRecipients)
      .where(eq(announcementRecipients.announcementId, draft.id));
    expect(new Set(rows.map((r) => r.userId)).size).toBe(reach);
    expect(new Set(rows.map((r) => r.email)).size).toBe(reach);
    const ids = new Set(rows.map((r) => r.userId));
    expect(ids.has(members[0]!.id) || ids.has(members[1]!.id)).toBe(false);
    for (const m of members.slice(2)) expect(ids.has(m.id)).toBe(true);
  });

  it('unsubscribes from the mail without a session, counts it on the announcement, and refuses a forged link', async () => {
    const [member] = await createMembers(db(), 1, 'unsub');
    const draft = await create({ kind: 'all' }, { subject: 'Unsubscribe from me' });
    await admin.post(`/api/admin/announcements/${draft.id}/send`);
    await tick();
    const [mail] = await mailsTo(member!.email, 'Unsubscribe from me');
    const link = /<(http[^>]+)>/.exec((mail!.headers as Record<string, string>)['List-Unsubscribe']!)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    const visitor = new Client(ctx.app);
    const [payload, signature] = token.split('.');
    const forged = `${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await visitor.post(`/api/unsubscribe?token=${forged}`)).statusCode).toBe(400);
    const off = await visitor.post(`/api/unsubscribe?token=${token}`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ topic: 'community-news', done: true });
    const [prefs] = await db()
      .select({ communityNews: notificationPreferences.communityNews })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, member!.id));
    expect(prefs?.communityNews).toBe(false);
    const after = (await admin.get(`/api/admin/announcements/${draft.id}`)).json<AdminAnnouncement>();
    expect(after.progress.unsubscribed).toBe(1);
    // Left out of the next one.
    const next = await create({ kind: 'all' }, { subject: 'After unsubscribing' });
    await admin.post(`/api/admin/announcements/${next.id}/send`);
    await tick();
    expect(await mailsTo(member!.email, 'After unsubscribing')).toEqual([]);
  });

  it('schedules, cancels until it starts, and sends at the chosen time', async () => {
    const draft = await create({ kind: 'all' }, { subject: 'Scheduled one' });
    const past = await admin.post(`/api/admin/announcements/${draft.id}/send`, {
      sendAt: new Date(clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(past.body).toContain(ANNOUNCEMENT_SEND_AT_PAST);

    const at = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await admin.post(`/api/admin/announcements/${draft.id}/send`, { sendAt: at });
    expect(scheduled.json<AdminAnnouncement>()).toMatchObject({ status: 'scheduled', sendAt: at });
    // Not editable while scheduled.
    expect(
      (await admin.request('PUT', `/api/admin/announcements/${draft.id}`, input({ kind: 'all' }))).statusCode,
    ).toBe(409);
    const cancelled = await admin.post(`/api/admin/announcements/${draft.id}/cancel`);
    expect(cancelled.json<AdminAnnouncement>().status).toBe('cancelled');
    expect((await admin.post(`/api/admin/announcements/${draft.id}/cancel`)).body).toContain(
      ANNOUNCEMENT_NOT_SCHEDULED_MESSAGE,
    );
    await tick(7200);
    expect(await allMails('Scheduled one')).toEqual([]);

    // Edited and scheduled again: nothing before its time, everything after.
    const edited = await admin.request(
      'PUT',
      `/api/admin/announcements/${draft.id}`,
      input({ kind: 'all' }, { subject: 'Scheduled two' }),
    );
    expect(edited.statusCode).toBe(200);
    const later = new Date(clock.now().getTime() + 3_600_000);
    await admin.post(`/api/admin/announcements/${draft.id}/send`, { sendAt: later.toISOString() });
    await tick(60);
    expect(await allMails('Scheduled two')).toEqual([]);
    clock.set(later);
    await tick();
    await tick();
    expect((await allMails('Scheduled two')).length).toBeGreaterThan(5);
    expect((await admin.get(`/api/admin/announcements/${draft.id}`)).json<AdminAnnouncement>().status).toBe('sent');
  });

  it('marks a mail a dead process left mid-send as failed, never sends it by itself, and retries on request', async () => {
    const draft = await create({ kind: 'all' }, { subject: 'Interrupted one' });
    await admin.post(`/api/admin/announcements/${draft.id}/send`);
    await listAll();
    const [victim] = await db()
      .select({ userId: announcementRecipients.userId, email: announcementRecipients.email })
      .from(announcementRecipients)
      .where(eq(announcementRecipients.announcementId, draft.id))
      .limit(1);
    await db()
      .update(announcementRecipients)
      .set({ status: 'sending', lockedBy: 'a dead process', lockedUntil: new Date(clock.now().getTime() + 1000) })
      .where(
        and(eq(announcementRecipients.announcementId, draft.id), eq(announcementRecipients.userId, victim!.userId)),
      );
    await tick();
    const after = (await admin.get(`/api/admin/announcements/${draft.id}`)).json<AdminAnnouncement>();
    expect(after).toMatchObject({ status: 'sent', progress: { failed: 1, queued: 0 } });
    expect(await mailsTo(victim!.email, 'Interrupted one')).toEqual([]);
    const failures = await admin.get(`/api/admin/announcements/${draft.id}/failures`);
    expect(failures.json<{ failures: { email: string; error: string }[] }>().failures).toEqual([
      expect.objectContaining({ email: victim!.email, error: INTERRUPTED }),
    ]);

    const retried = await admin.post(`/api/admin/announcements/${draft.id}/retry`);
    expect(retried.json<AdminAnnouncement>()).toMatchObject({ status: 'sending', progress: { failed: 0, queued: 1 } });
    await tick();
    expect(await mailsTo(victim!.email, 'Interrupted one')).toHaveLength(1);
    expect((await admin.post(`/api/admin/announcements/${draft.id}/retry`)).statusCode).toBe(409);
  });

  it('sends no faster than MAIL_RATE_PER_MINUTE: a batch a minute until everyone has it', async () => {
    const slow = await createTestContext({ JOBS_CHECK_MS: '10000', MAIL_RATE_PER_MINUTE: '12' }, { clock });
    try {
      await createMembers(slow.database.db, 24, 'rate');
      const { client } = await adminClient(slow.app);
      const draft = (
        await client.post('/api/admin/announcements', input({ kind: 'all' }, { subject: 'Rate' }))
      ).json<AdminAnnouncement>();
      await client.post(`/api/admin/announcements/${draft.id}/send`);
      const sentTimes = async () =>
        (
          await slow.database.db
            .select({ at: announcementRecipients.sentAt })
            .from(announcementRecipients)
            .where(eq(announcementRecipients.announcementId, draft.id))
        )
          .map((r) => r.at?.getTime())
          .filter((t): t is number => t !== undefined);
      // This runner's own timer (every 10 s) may be in a pass begun before the clock moves, which
      // a tick would join: let it end first (nothing runs between the two lines).
      await slow.app.services.jobs.tick();
      expect(await sentTimes()).toHaveLength(12);
      for (let i = 0; i < 20; i++) {
        await slow.app.services.jobs.tick();
        clock.advance(10_000);
        await slow.app.services.jobs.tick();
      }
      const sent = await sentTimes();
      // All 25 (24 and the admin), never more than 12 in any minute of the clock.
      expect(sent).toHaveLength(25);
      for (const t of sent) expect(sent.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(12);
      expect((await client.get(`/api/admin/announcements/${draft.id}`)).json<AdminAnnouncement>().status).toBe('sent');
    } finally {
      await slow.close();
    }
  });
});

describe('the news archive', () => {
  it('shows public announcements to visitors, members-only ones to members, and drafts to nobody', async () => {
    const open = await create({ kind: 'all' }, { subject: 'A new title sponsor' });
    const closed = await create({ kind: 'all' }, { subject: 'Members: the podcast recording', membersOnly: true });
    const draft = await create({ kind: 'all' }, { subject: 'Not sent yet' });
    await admin.post(`/api/admin/announcements/${open.id}/send`);
    await admin.post(`/api/admin/announcements/${closed.id}/send`);

    const visitor = new Client(ctx.app);
    const list = (await visitor.get('/api/news')).json<NewsListResponse>();
    const subjects = list.items.map((i) => i.subject);
    expect(subjects).toContain('A new title sponsor');
    expect(subjects).not.toContain('Members: the podcast recording');
    expect(subjects).not.toContain('Not sent yet');
    expect((await visitor.get(`/api/news/${open.id}`)).json()).toMatchObject({ subject: 'A new title sponsor' });
    const refused = await visitor.get(`/api/news/${closed.id}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { code: 'NEWS_MEMBERS_ONLY', message: NEWS_TEXTS.signInToRead } });
    expect((await visitor.get(`/api/news/${draft.id}`)).statusCode).toBe(404);
    expect((await visitor.get('/api/news/not-an-id')).statusCode).toBe(404);

    const [member] = await createMembers(db(), 1, 'reader');
    const reader = await signIn(ctx.app, member!);
    const theirs = (await reader.get('/api/news')).json<NewsListResponse>();
    expect(theirs.items.find((i) => i.id === closed.id)).toMatchObject({ membersOnly: true });
    expect((await reader.get(`/api/news/${closed.id}`)).json()).toMatchObject({
      bodyHtml: expect.stringContaining('October 8'),
    });

    const feed = await visitor.get('/news/feed.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body).toContain(`<link>http://localhost:3000/news/${open.id}</link>`);
    expect(feed.body).not.toContain(closed.id);
    expect(feed.body).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
    const sitemap = await visitor.get('/sitemap.xml');
    expect(sitemap.body).toContain(`/news/${open.id}</loc>`);
    expect(sitemap.body).not.toContain(closed.id);
  });

  it('keeps the admin routes to admins', async () => {
    const visitor = new Client(ctx.app);
    const [member] = await createMembers(db(), 1, 'nosy');
    const nosy = await signIn(ctx.app, member!);
    for (const [method, url] of [
      ['GET', '/api/admin/announcements'],
      ['POST', '/api/admin/announcements'],
      ['POST', '/api/admin/announcements/audience-count'],
    ] as const) {
      expect((await visitor.request(method, url, {})).statusCode).toBe(401);
      expect((await nosy.request(method, url, {})).statusCode).toBe(403);
    }
  });
});

// Two more server processes on one PostgreSQL database, mailing through a real SMTP server.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('one announcement from two processes (PostgreSQL)', () => {
  const pgClock = manualClock(new Date());
  let pg: TestContext;
  let smtp: SMTPServer;
  /** Each accepted mail: its recipient and subject. */
  const received: { to: string; subject: string }[] = [];
  let delayMs = 0;
  const workers: Worker[] = [];
  let pgAdmin: Client;
  const MEMBERS = Number(process.env.ANN_MEMBERS ?? 2_000);

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          setTimeout(() => {
            for (const r of session.envelope.rcptTo) received.push({ to: r.address, subject });
            callback();
          }, delayMs);
        });
      },
    });
    // A process killed mid-conversation resets its connection: expected here.
    smtp.on('error', () => {});
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    // Listed 300 at a time, while both processes ask to list: each batch is one process's.
    pg = await createTestContext({ JOBS_CHECK_MS: '3600000', ANNOUNCEMENT_LIST_BATCH: '300' }, { clock: pgClock });
    await createMembers(pg.database.db, MEMBERS, 'many');
    pgAdmin = (await adminClient(pg.app)).client;
    const env = {
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      MAIL_RATE_PER_MINUTE: '1000000',
      MAIL_CLAIM_LEASE_MS: '60000',
      JOB_LEASE_MS: '60000',
      MAIL_POLL_MS: '3600000',
      ANNOUNCEMENT_LIST_BATCH: '300',
    };
    for (let i = 0; i < 2; i++) workers.push(await startWorker(pg.databaseUrl!, { clock: pgClock.now(), env }));
  }, 120_000);
  afterAll(async () => {
    for (const w of workers) await w.close();
    await pg?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  const everyone = async (at: Date, which = workers) => {
    pgClock.set(at);
    await Promise.all(which.map((w) => w.setClock(at)));
  };
  async function sendOne(subject: string) {
    const draft = (
      await pgAdmin.post('/api/admin/announcements', input({ kind: 'all' }, { subject }))
    ).json<AdminAnnouncement>();
    const started = (await pgAdmin.post(`/api/admin/announcements/${draft.id}/send`)).json<AdminAnnouncement>();
    expect(started.listing).toBe(true);
    return draft.id;
  }
  const state = async (id: string) => (await pgAdmin.get(`/api/admin/announcements/${id}`)).json<AdminAnnouncement>();
  const recipients = async (id: string) =>
    pg.database.db
      .select({ email: announcementRecipients.email, status: announcementRecipients.status })
      .from(announcementRecipients)
      .where(eq(announcementRecipients.announcementId, id));

  it('each member gets it exactly once while both processes send', async () => {
    const id = await sendOne('From two processes');
    for (let round = 0; round < 5 && (await state(id)).status !== 'sent'; round++) {
      await everyone(new Date(pgClock.now().getTime() + 10_000));
      await Promise.all(workers.map((w) => w.tick()));
    }
    expect((await state(id)).progress).toMatchObject({ sent: MEMBERS + 1, failed: 0, queued: 0 });
    const to = received.filter((m) => m.subject === 'From two processes').map((m) => m.to);
    expect(to).toHaveLength(MEMBERS + 1);
    expect(new Set(to)).toEqual(new Set((await recipients(id)).map((r) => r.email)));
  }, 120_000);

  it('when one process is killed mid-send, the other finishes and nobody gets two', async () => {
    delayMs = 2;
    const id = await sendOne('Killed midway');
    const [a, b] = workers as [Worker, Worker];
    await everyone(new Date(pgClock.now().getTime() + 10_000));
    a.tickInBackground();
    const got = () => received.filter((m) => m.subject === 'Killed midway');
    for (let i = 0; i < 600 && got().length < 300; i++) await new Promise((r) => setTimeout(r, 50));
    a.kill();
    const atKill = got().length;
    expect(atKill).toBeGreaterThanOrEqual(300);
    expect(atKill).toBeLessThan(MEMBERS);

    // Past every lease the dead process held: the other takes its runs and its rows over.
    await everyone(new Date(pgClock.now().getTime() + 120_000), [b]);
    for (let round = 0; round < 5 && (await state(id)).status !== 'sent'; round++) {
      await everyone(new Date(pgClock.now().getTime() + 10_000), [b]);
      await b.tick();
    }
    const final = await state(id);
    expect(final.status).toBe('sent');
    // At most the one mail in flight when it died is failed ("may have arrived"); nobody got two.
    expect(final.progress.failed).toBeLessThanOrEqual(1);
    const to = got().map((m) => m.to);
    expect(new Set(to).size).toBe(to.length);
    const rows = await recipients(id);
    const failed = rows.filter((r) => r.status === 'failed').map((r) => r.email);
    for (const r of rows) if (r.status === 'sent') expect(to).toContain(r.email);
    expect(new Set([...to, ...failed])).toEqual(new Set(rows.map((r) => r.email)));
  }, 120_000);
});
