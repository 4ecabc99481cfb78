import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contactMessages, emailOutbox, introductionRequests } from '../../db/schema';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { CONTACT_SUCCESS, INTRODUCTION_SUCCESS } from '../../../shared/contact';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ CONTACT_EMAIL: 'organisers@example.com', CONTACT_RATE_LIMIT: '3' });
});
afterAll(async () => ctx?.close());

const message = (overrides: Record<string, string> = {}) => ({
  fullName: 'Pat Visitor',
  email: 'pat@example.com',
  phone: '',
  subject: 'Sponsorship',
  message: 'We would like to sponsor the spring mixer.',
  ...overrides,
});
const count = async (table: string) =>
  Number((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);

describe('POST /api/contact', () => {
  it('stores the message and e-mails it to the organisers', async () => {
    const res = await new Client(ctx.app).post('/api/contact', message({ subject: 'Stored one' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CONTACT_SUCCESS);
    const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Stored one'));
    expect(row).toMatchObject({ fullName: 'Pat Visitor', email: 'pat@example.com', phone: null });
    const mails = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'organisers@example.com'));
    expect(mails.some((m) => m.subject === 'Contact form: Stored one' && m.text.includes('spring mixer'))).toBe(true);
  });

  it('accepts a filled honeypot with the same thanks but keeps nothing', async () => {
    const before = await count('contact_messages');
    const res = await new Client(ctx.app).post('/api/contact', message({ website: 'https://spam.example' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(CONTACT_SUCCESS);
    expect(await count('contact_messages')).toBe(before);
  });

  it.each(['fullName', 'email', 'subject', 'message'])(
    'answers 422 when %s is missing, storing nothing',
    async (field) => {
      const before = await count('contact_messages');
      const res = await new Client(ctx.app).post('/api/contact', message({ [field]: '' }));
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toMatch(/required/);
      expect(await count('contact_messages')).toBe(before);
    },
  );

  it('rate-limits per IP', async () => {
    const client = new Client(ctx.app);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await client.post('/api/contact', message())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await new Client(ctx.app).post('/api/contact', message())).statusCode).toBe(200);
  });
});

describe('POST /api/introductions', () => {
  it('stores the request for the organisers and honours the honeypot', async () => {
    const ok = await new Client(ctx.app).post('/api/introductions', {
      name: 'Lee',
      email: 'lee@example.com',
      wantsToMeet: 'Commercial lenders',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(INTRODUCTION_SUCCESS);
    const rows = await ctx.database.db
      .select()
      .from(introductionRequests)
      .where(eq(introductionRequests.email, 'lee@example.com'));
    expect(rows).toHaveLength(1);
    const before = await count('introduction_requests');
    await new Client(ctx.app).post('/api/introductions', {
      name: 'Bot',
      email: 'bot@example.com',
      wantsToMeet: 'x',
      website: 'y',
    });
    expect(await count('introduction_requests')).toBe(before);
    const bad = await new Client(ctx.app).post('/api/introductions', { name: 'Lee', email: 'nope', wantsToMeet: 'x' });
    expect(bad.statusCode).toBe(422);
  });
});
