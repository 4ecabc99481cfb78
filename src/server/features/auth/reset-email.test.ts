import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../db/schema';
import { Client, createTestContext, registeredClient, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const latestMailTo = async (email: string) =>
  (
    await ctx.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1)
  )[0];

describe('password-reset e-mail', () => {
  it('greets the member by the name they go by now, not the one they registered with', async () => {
    const { client, input, user } = await registeredClient(ctx.app, { fullName: 'Jo Registered' });
    const edited = await client.request('PATCH', '/api/me/profile', {
      username: user.username,
      fullName: 'Joanna Renamed',
    });
    expect(edited.statusCode, edited.body).toBe(200);

    expect(
      (await new Client(ctx.app).post('/api/auth/password-reset/request', { email: input.email })).statusCode,
    ).toBe(200);
    const mail = await latestMailTo(input.email);
    expect(mail?.subject).toBe('Reset your Power Mixer password');
    expect(mail?.text.split('\n')[0]).toBe('Hello Joanna Renamed,');
    expect(mail?.text).not.toContain('Jo Registered');
  });

  it('falls back to the username when the member has cleared their full name', async () => {
    const { client, input, user } = await registeredClient(ctx.app);
    const edited = await client.request('PATCH', '/api/me/profile', { username: user.username, fullName: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    await new Client(ctx.app).post('/api/auth/password-reset/request', { email: input.email });
    expect((await latestMailTo(input.email))?.text.split('\n')[0]).toBe(`Hello ${user.username},`);
  });
});
