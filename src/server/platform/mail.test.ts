import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { emailOutbox } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { adminClient } from '../test/factories';

// A real SMTP server on loopback receives what the mailer sends.
const received: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let ctx: TestContext;
let captureCtx: TestContext;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
  captureCtx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  await captureCtx?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mailer', () => {
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
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(received[0]?.to).toEqual(['member@example.com']);
    expect(received[0]?.raw).toContain('Subject: You are registered');
    expect(received[0]?.raw).toContain('event.ics');
    let row;
    for (let i = 0; i < 50; i++) {
      [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      if (row?.status === 'sent') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(row?.status).toBe('sent');
    expect(row?.sentAt).toBeInstanceOf(Date);
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
