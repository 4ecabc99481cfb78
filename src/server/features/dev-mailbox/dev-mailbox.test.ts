import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, Client, type TestContext } from '../../test/harness';
import { adminClient, createMembers, signIn } from '../../test/factories';

// The mailbox shows every captured mail (reset links included): admins only, in every mode.
const modes = {
  development: { NODE_ENV: 'development' },
  production: { NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-of-sufficient-length-123' },
};

describe.each(Object.entries(modes))('GET /api/dev/mailbox in %s', (mode, env) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(env);
    await ctx.app.services.mailer.send({ to: 'someone@example.com', subject: 'Reset', text: 'secret link' });
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
