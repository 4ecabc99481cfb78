import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, Client, type TestContext } from '../../test/harness';
import { eq, sql } from 'drizzle-orm';
import { auditLog, emailOutbox } from '../../db/schema';
import { adminClient, createMembers, signIn } from '../../test/factories';

// The mailbox shows every captured mail (reset links included): admins only, in every mode.
const modes = {
  development: { NODE_ENV: 'development' },
  // Its admin signs in with a password only (two-step sign-in for staff is tested in features/two-factor).
  production: {
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-production-secret-of-sufficient-length-123',
    STAFF_TWO_FACTOR: 'recommended',
  },
};

describe.each(Object.entries(modes))('GET /api/dev/mailbox in %s', (mode, env) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(env);
    await ctx.app.services.mailer.send({ to: 'someone@example.com', subject: 'Reset', text: 'secret link' });
    await ctx.app.services.mailer.send({
      to: 'notified@example.com',
      subject: '1 new message from Jordan Lee',
      text: 'Read it',
      headers: { 'List-Unsubscribe': '<http://localhost:3000/api/unsubscribe?token=t>' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses a visitor with 401', async () => {
    const res = await new Client(ctx.app).get('/api/dev/mailbox');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
    expect(res.body).not.toContain('secret link');
  });

  it('refuses a member with 403', async () => {
    const [member] = await createMembers(ctx.app.services.db, 1, 'mailboxmember');
    const client = await signIn(ctx.app, member!);
    expect((await client.get('/api/me')).json().user).toBeTruthy();
    const res = await client.get('/api/dev/mailbox');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(res.body).not.toContain('secret link');
  });

  it('shows the captured mail to an admin', async () => {
    const { client } = await adminClient(ctx.app);
    const res = await client.get('/api/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual(
      expect.arrayContaining([expect.objectContaining({ to: 'someone@example.com', text: 'secret link' })]),
    );
  });

  it("shows a mail's extra headers, so a tester finds its unsubscribe link", async () => {
    const { client } = await adminClient(ctx.app);
    const messages = (await client.get('/api/dev/mailbox')).json().messages as { to: string; headers: unknown }[];
    expect(messages.find((m) => m.to === 'notified@example.com')!.headers).toEqual({
      'List-Unsubscribe': '<http://localhost:3000/api/unsubscribe?token=t>',
    });
    expect(messages.find((m) => m.to === 'someone@example.com')!.headers).toEqual({});
  });

  it('states its access in the API document', async () => {
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    const operation = doc.paths['/api/dev/mailbox'].get;
    expect(operation.security).toEqual([{ sessionCookie: [] }]);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403']));
  });

  if (mode === 'production') {
    it('sends HSTS', async () => {
      const res = await ctx.app.inject('/api/health');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    });
  }
});

describe('the admin Outbox', () => {
  let ctx: TestContext;
  let admin: Client;
  let member: Client;
  const MISSING = '00000000-0000-4000-8000-000000000000';
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = (await adminClient(ctx.app)).client;
    const [m] = await createMembers(ctx.app.services.db, 1, 'outboxmember');
    member = await signIn(ctx.app, m!);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it.each([
    ['GET', '/api/admin/outbox'],
    ['GET', `/api/admin/outbox/${MISSING}`],
    ['POST', `/api/admin/outbox/${MISSING}/retry`],
  ] as const)('%s %s: visitor 401, member 403', async (method, url) => {
    expect((await new Client(ctx.app).request(method, url)).statusCode).toBe(401);
    expect((await member.request(method, url)).statusCode).toBe(403);
  });

  it('lists mail newest first with status and attempts, paged and by status; opens one', async () => {
    const { db, mailer } = ctx.app.services;
    for (let i = 0; i < 22; i++)
      await mailer.send({ to: `r${i}@example.com`, subject: `Mail ${i}`, text: `Body ${i}` });
    // Sent within the same clock tick they would tie; a second apart, their order is the test's.
    await db.execute(
      sql`update email_outbox set created_at = now() - (100 - substring(subject from 6)::int) * interval '1 second'
        where subject like 'Mail %'`,
    );
    const [failed] = await db
      .insert(emailOutbox)
      .values({
        to: 'bounce@example.com',
        subject: 'Bounced',
        text: 'x',
        status: 'failed',
        attempts: 5,
        lastError: 'Error: 550 no such user',
      })
      .returning();

    const page1 = await admin.get('/api/admin/outbox');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(page1.json().messages[0]).toMatchObject({
      id: failed!.id,
      status: 'failed',
      attempts: 5,
      lastError: 'Error: 550 no such user',
    });
    expect(page1.json().messages[1]).toMatchObject({ subject: 'Mail 21', status: 'captured' });
    expect((await admin.get('/api/admin/outbox?page=2')).json().messages).toHaveLength(3);
    const onlyFailed = await admin.get('/api/admin/outbox?status=failed');
    expect(onlyFailed.json().messages.map((m: { id: string }) => m.id)).toEqual([failed!.id]);
    expect((await admin.get('/api/admin/outbox?status=lost')).statusCode).toBe(422);

    const one = await admin.get(`/api/admin/outbox/${page1.json().messages[1].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().message).toMatchObject({ subject: 'Mail 21', text: 'Body 21', to: 'r21@example.com' });
    expect((await admin.get(`/api/admin/outbox/${MISSING}`)).statusCode).toBe(404);
  });

  it('retries a failed delivery: back to pending with fresh attempts, audited; others are refused', async () => {
    const { db } = ctx.app.services;
    const [failed] = await db
      .insert(emailOutbox)
      .values({ to: 'again@example.com', subject: 'Try again', text: 'x', status: 'failed', attempts: 5 })
      .returning();
    const res = await admin.post(`/api/admin/outbox/${failed!.id}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ status: 'pending', attempts: 0 });
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, failed!.id));
    expect(audit).toMatchObject({ changes: { status: { before: 'failed', after: 'pending' } } });

    const again = await admin.post(`/api/admin/outbox/${failed!.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect((await admin.post(`/api/admin/outbox/${MISSING}/retry`)).statusCode).toBe(404);
  });
});
