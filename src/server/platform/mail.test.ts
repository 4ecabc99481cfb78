import { qrPng } from './qr-image';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq, like } from 'drizzle-orm';
import { emailOutbox } from '../db/schema';
import type { Db } from '../db/client';
import { createTestContext, type TestContext } from '../test/harness';
import { adminClient } from '../test/factories';
import { buildCustomApp, createServerDatabase, type CustomApp } from '../test/custom-apps';
import { MAX_ATTEMPTS, retryDelayMs } from './mail';

// A real SMTP server on loopback receives what the mailer sends. Some addresses answer like a
// real server in trouble: flaky@ is refused once with 451 (temporary), busy@ always with 451,
// nobody@ with 550 (permanent).
const received: { to: string[]; subject: string; raw: string }[] = [];
const rcptTimes = new Map<string, number[]>();
let sessions = 0;
let maxSessions = 0;
let slowData = false;
let smtp: SMTPServer;
let smtpUrl: string;

function smtpError(responseCode: number, message: string) {
  return Object.assign(new Error(message), { responseCode });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await sleep(15);
  }
}
const rowOf = async (db: Db, id: string) => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
const receivedSubjects = (prefix: string) => received.filter((m) => m.subject.startsWith(prefix)).map((m) => m.subject);

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      maxSessions = Math.max(maxSessions, ++sessions);
      callback();
    },
    onClose() {
      sessions--;
    },
    onRcptTo(address, _session, callback) {
      const times = rcptTimes.get(address.address) ?? [];
      times.push(Date.now());
      rcptTimes.set(address.address, times);
      if (address.address.startsWith('busy')) return callback(smtpError(451, 'Try again later, we are busy'));
      if (address.address.startsWith('nobody')) return callback(smtpError(550, 'Mailbox unavailable: no such user'));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        // The first message for flaky@ is refused after its data: a 4xx at the end of DATA.
        if (to[0]?.startsWith('flaky') && rcptTimes.get(to[0])!.length === 1) {
          return callback(smtpError(451, 'Local error in processing, please retry'));
        }
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        const accept = () => {
          received.push({ to, subject, raw });
          callback();
        };
        if (slowData) setTimeout(accept, 15);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?ignoreTLS=true`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('retryDelayMs', () => {
  it('starts at the base, doubles per failure and stops at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8, 30_000)).toBe(3_600_000);
    expect(retryDelayMs(40, 30_000)).toBe(3_600_000);
  });
});

describe('mailer over SMTP', () => {
  const BASE_MS = 1000;
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SMTP_URL: smtpUrl, MAIL_RETRY_BASE_MS: String(BASE_MS), MAIL_POLL_MS: '50' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('writes to the outbox, delivers over SMTP with attachments, and marks the mail sent', async () => {
    const { mailer, db } = ctx.app.services;
    const id = await mailer.send({
      to: 'member@example.com',
      subject: 'You are registered',
      text: 'See you there.',
      attachments: [
        { filename: 'event.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR' },
      ],
    });
    const mail = await waitFor(async () => received.find((m) => m.subject === 'You are registered'));
    expect(mail.to).toEqual(['member@example.com']);
    expect(mail.raw).toContain('event.ics');
    const row = await waitFor(async () => {
      const r = await rowOf(db, id);
      return r.status === 'sent' && r;
    });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt).toBeNull();
  });

  it('delivers an inline image with its Content-ID beside the HTML that shows it, a QR code drawn as it leaves', async () => {
    const { mailer } = ctx.app.services;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await mailer.send({
      to: 'ticket@example.com',
      subject: 'Your ticket inline',
      text: 'Your ticket.',
      html: '<p>Your ticket.</p><p><img src="cid:ticket-1@power-mixer" alt="Your check-in code"><img src="cid:qr-1@power-mixer" alt="A code"></p>',
      attachments: [
        {
          filename: 'ticket.png',
          contentType: 'image/png',
          content: png.toString('base64'),
          encoding: 'base64',
          cid: 'ticket-1@power-mixer',
        },
        {
          filename: 'code.png',
          contentType: 'image/png',
          content: 'T1.a-code',
          encoding: 'qr',
          cid: 'qr-1@power-mixer',
        },
      ],
    });
    const mail = await waitFor(async () => received.find((m) => m.subject === 'Your ticket inline'));
    expect(mail.raw).toMatch(/Content-Type: multipart\/related/i);
    expect(mail.raw).toContain('Content-ID: <ticket-1@power-mixer>');
    expect(mail.raw).toContain(png.toString('base64'));
    expect(mail.raw).toContain('Content-ID: <qr-1@power-mixer>');
    // The QR part is the PNG drawn from its text, as base64 (wrapped in lines).
    expect(mail.raw.replace(/\r?\n/g, '')).toContain(qrPng('T1.a-code').toString('base64'));
    expect(mail.raw).not.toContain('T1.a-code');
  });

  it('sendMany writes every mail exactly as given, then delivers it with its extra headers', async () => {
    const { mailer, db } = ctx.app.services;
    const awkward = 'Quotes " and \\ backslashes, {braces}, commas, NULL, ünïcødé 🎉\nand a second line';
    const messages = [0, 1, 2].map((n) => ({
      to: `many${n}@example.com`,
      subject: `Many ${n}: ${awkward}`,
      text: `${awkward} #${n}`,
      ...(n === 1 ? { html: `<p>${awkward}</p>` } : {}),
      headers: { 'List-Unsubscribe': `<https://example.com/u?token=${n}>`, 'X-Note': '"quoted"' },
      attachments: n === 2 ? [] : [{ filename: 'e.ics', contentType: 'text/calendar', content: `SUMMARY:${awkward}` }],
    }));
    expect(await mailer.sendMany(messages)).toBe(3);
    const rows = await db.select().from(emailOutbox).where(like(emailOutbox.to, 'many%@example.com'));
    expect(rows).toHaveLength(3);
    for (const [n, m] of messages.entries()) {
      const row = rows.find((r) => r.to === m.to)!;
      expect(row.subject).toBe(m.subject);
      expect(row.text).toBe(m.text);
      expect(row.html).toBe(n === 1 ? `<p>${awkward}</p>` : null);
      expect(row.headers).toEqual(m.headers);
      expect(row.attachments).toEqual(m.attachments);
    }
    await mailer.deliverPending();
    const mail = await waitFor(async () => received.find((r) => r.to[0] === 'many0@example.com'));
    expect(mail.raw).toContain('List-Unsubscribe: <https://example.com/u?token=0>');
  });

  it('keeps a mail refused with 4xx pending with its error and a backoff, then the periodic pass sends it', async () => {
    const { mailer, db } = ctx.app.services;
    const before = Date.now();
    const id = await mailer.send({ to: 'flaky@example.com', subject: 'Flaky once', text: 'x' });
    const failed = await waitFor(async () => {
      const r = await rowOf(db, id);
      return r.attempts === 1 && r;
    });
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toMatch(/^451 .*please retry/);
    // Not before the base wait from the failure (database clock, same machine).
    const wait = failed.nextAttemptAt!.getTime() - rcptTimes.get('flaky@example.com')![0]!;
    expect(wait).toBeGreaterThan(BASE_MS - 150);
    expect(wait).toBeLessThan(BASE_MS + 900);
    expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(before + BASE_MS - 150);

    // The pass runs every 50 ms, but the mail waits for its time.
    const sent = await waitFor(async () => {
      const r = await rowOf(db, id);
      return r.status === 'sent' && r;
    });
    const [first, second, ...more] = rcptTimes.get('flaky@example.com')!;
    expect(more).toEqual([]);
    expect(second! - first!).toBeGreaterThanOrEqual(BASE_MS - 150);
    expect(sent).toMatchObject({ attempts: 2, nextAttemptAt: null });
    expect(receivedSubjects('Flaky once')).toEqual(['Flaky once']);
  });

  it('doubles the wait after each temporary failure', async () => {
    const { mailer, db } = ctx.app.services;
    const id = await mailer.send({ to: 'busy-doubling@example.com', subject: 'Busy', text: 'x' });
    const second = await waitFor(async () => {
      const r = await rowOf(db, id);
      return r.attempts === 2 && r;
    });
    const [t1, t2] = rcptTimes.get('busy-doubling@example.com')!;
    expect(t2! - t1!).toBeGreaterThanOrEqual(BASE_MS - 150);
    expect(second.status).toBe('pending');
    expect(second.lastError).toMatch(/^451 Try again later/);
    const wait = second.nextAttemptAt!.getTime() - t2!;
    expect(wait).toBeGreaterThan(2 * BASE_MS - 150);
    expect(wait).toBeLessThan(2 * BASE_MS + 900);
  });

  it('marks a mail refused with 5xx failed at once, never retries it, and the admin Outbox shows why', async () => {
    const { mailer, db } = ctx.app.services;
    const id = await mailer.send({ to: 'nobody@example.com', subject: 'Bounces', text: 'x' });
    const row = await waitFor(async () => {
      const r = await rowOf(db, id);
      return r.status !== 'pending' && r;
    });
    expect(row).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(row.lastError).toMatch(/^550 Mailbox unavailable: no such user/);
    await sleep(300); // six passes
    expect(rcptTimes.get('nobody@example.com')).toHaveLength(1);
    expect((await rowOf(db, id)).status).toBe('failed');

    const { client } = await adminClient(ctx.app);
    const res = await client.get('/api/admin/outbox?status=failed');
    expect(res.statusCode).toBe(200);
    const shown = res.json().messages.find((m: { id: string }) => m.id === id);
    expect(shown).toMatchObject({ to: 'nobody@example.com', status: 'failed', attempts: 1, lastError: row.lastError });
  });

  it('delivers mail a stopped process left pending, never tried or mid-delivery, from the periodic pass', async () => {
    const { db } = ctx.app.services;
    // Rows as a process leaves them when it dies: committed, not delivered (one had claimed its
    // mail: the claim's lease ran out a second ago).
    const rows = await db
      .insert(emailOutbox)
      .values([
        { to: 'orphan@example.com', subject: 'Orphan never tried', text: 'x', status: 'pending' },
        {
          to: 'orphan@example.com',
          subject: 'Orphan lease lapsed',
          text: 'x',
          status: 'pending',
          nextAttemptAt: new Date(Date.now() - 1000),
        },
      ])
      .returning();
    for (const { id } of rows) {
      await waitFor(async () => (await rowOf(db, id)).status === 'sent');
    }
    expect(receivedSubjects('Orphan').sort()).toEqual(['Orphan lease lapsed', 'Orphan never tried']);
  });
});

describe('mailer giving up', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ SMTP_URL: smtpUrl, MAIL_RETRY_BASE_MS: '10', MAIL_POLL_MS: '20' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it(`marks a mail failed after ${MAX_ATTEMPTS} temporary failures`, async () => {
    const { mailer, db } = ctx.app.services;
    const id = await mailer.send({ to: 'busy-forever@example.com', subject: 'Never', text: 'x' });
    const row = await waitFor(async () => {
      const r = await rowOf(db, id);
      return r.status !== 'pending' && r;
    });
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect(row.lastError).toMatch(/^451 /);
    await sleep(200);
    expect(rcptTimes.get('busy-forever@example.com')).toHaveLength(MAX_ATTEMPTS);
  });
});

describe('mailer without SMTP', () => {
  let captureCtx: TestContext;
  beforeAll(async () => {
    captureCtx = await createTestContext();
  });
  afterAll(async () => {
    await captureCtx?.close();
  });

  it('keeps mail as captured for /dev/mailbox when no SMTP is configured', async () => {
    const { mailer } = captureCtx.app.services;
    await mailer.send({ to: 'laptop@example.com', subject: 'Hello', text: 'Open https://example.com/x' });
    // The mailbox is the admin's (dev-mailbox.test.ts checks everyone else is refused).
    const { client } = await adminClient(captureCtx.app);
    const res = await client.get('/api/dev/mailbox');
    expect(res.statusCode).toBe(200);
    const [first] = res.json().messages;
    expect(first).toMatchObject({ to: 'laptop@example.com', subject: 'Hello', status: 'captured' });
  });

  it('does not roll a mail out of a transaction that failed', async () => {
    const { mailer, db } = captureCtx.app.services;
    await db
      .transaction(async (tx) => {
        await mailer.send({ to: 'rolledback@example.com', subject: 'Never', text: 'x' }, tx as never);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'rolledback@example.com'));
    expect(rows).toHaveLength(0);
  });
});

// Two server processes on one PostgreSQL database (PGlite is one process: nothing to share).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two processes delivering from one outbox', () => {
  let shared: { url: string; drop(): Promise<void> };
  let a: CustomApp;
  let b: CustomApp;
  beforeAll(async () => {
    shared = (await createServerDatabase())!;
    const env = { SMTP_URL: smtpUrl, MAIL_POLL_MS: '30', MAIL_RETRY_BASE_MS: '50' };
    a = await buildCustomApp(shared.url, env);
    b = await buildCustomApp(shared.url, env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.drop();
  });

  it('delivers each pending mail exactly once', async () => {
    slowData = true; // deliveries overlap, so both processes are at work at the same time
    maxSessions = 0;
    const db = a.app.services.db;
    // Left by a process that died, sent by each process now, and both passes asked at once.
    await db
      .insert(emailOutbox)
      .values(
        Array.from({ length: 40 }, (_, i) => ({ to: 'fleet@example.com', subject: `Fleet left ${i}`, text: 'x' })),
      );
    await Promise.all([
      ...Array.from({ length: 15 }, (_, i) =>
        a.app.services.mailer.send({ to: 'fleet@example.com', subject: `Fleet a ${i}`, text: 'x' }),
      ),
      ...Array.from({ length: 15 }, (_, i) =>
        b.app.services.mailer.send({ to: 'fleet@example.com', subject: `Fleet b ${i}`, text: 'x' }),
      ),
      a.app.services.mailer.deliverPending(),
      b.app.services.mailer.deliverPending(),
    ]);
    await waitFor(async () => {
      const rows = await db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Fleet %'));
      return rows.length === 70 && rows.every((r) => r.status === 'sent') && rows;
    }, 20_000);
    await sleep(200); // a duplicate would arrive now
    slowData = false;
    const subjects = receivedSubjects('Fleet ');
    expect(subjects).toHaveLength(70);
    expect(new Set(subjects).size).toBe(70);
    const rows = await db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Fleet %'));
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    expect(maxSessions).toBeGreaterThanOrEqual(2);
  });

  it('delivers a mail written in a transaction that commits later, from the periodic pass', async () => {
    const { mailer, db } = a.app.services;
    let id = '';
    await db.transaction(async (tx) => {
      id = await mailer.send({ to: 'late@example.com', subject: 'Late commit', text: 'x' }, tx as never);
      await sleep(150); // the immediate try finds nothing to claim yet
    });
    await waitFor(async () => (await rowOf(db, id)).status === 'sent');
    expect(receivedSubjects('Late commit')).toEqual(['Late commit']);
  });
});
