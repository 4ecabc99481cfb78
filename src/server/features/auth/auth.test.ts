import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { account, emailOutbox, profiles, signInFailures, user } from '../../db/schema';
import { Client, ORIGIN, createTestContext, newMember, registeredClient, type TestContext } from '../../test/harness';
import { USERNAME_TAKEN, RESET_EMAIL_SENT, INVALID_TOKEN, RESET_USER_NOT_FOUND } from '../../../shared/auth';
import { adminClient } from '../../test/factories';
import { FAILURES_BEFORE_DELAY, MAX_DELAY_SECONDS } from '../../platform/sign-in-guard';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT: '10' });
});
afterAll(async () => ctx?.close());

const countUsers = async () => (await ctx.database.db.select({ n: count() }).from(user))[0]!.n;

async function latestMailTo(email: string) {
  const [mail] = await ctx.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(sql`${emailOutbox.createdAt} desc`)
    .limit(1);
  return mail;
}

describe('POST /api/auth/register', () => {
  it('creates the account and the profile, signs in, and hashes with argon2id', async () => {
    const client = new Client(ctx.app);
    const input = newMember({ username: 'Ana.Reyes', fullName: 'Ana Reyes' });
    const res = await client.post('/api/auth/register', input);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      username: 'Ana.Reyes',
      fullName: 'Ana Reyes',
      email: input.email,
      isAdmin: false,
    });

    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await client.get('/api/me');
    expect(me.json().user.username).toBe('Ana.Reyes');

    const id = res.json().user.id;
    const [profile] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, id));
    expect(profile?.fullName).toBe('Ana Reyes');
    const [acc] = await ctx.database.db.select().from(account).where(eq(account.userId, id));
    expect(acc?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a username taken in any letter case with the spec message, creating nothing', async () => {
    const { input } = await registeredClient(ctx.app, { username: 'taken_name' });
    const before = await countUsers();
    const res = await new Client(ctx.app).post('/api/auth/register', newMember({ username: 'TAKEN_NAME' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'USERNAME_TAKEN', message: USERNAME_TAKEN, fields: { username: USERNAME_TAKEN } },
    });
    expect(await countUsers()).toBe(before);
    expect(input.username).toBe('taken_name');
  });

  it('refuses an e-mail that already has an account with 409 on the email field', async () => {
    const { input } = await registeredClient(ctx.app);
    const res = await new Client(ctx.app).post('/api/auth/register', newMember({ email: input.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_TAKEN');
    expect(Object.keys(res.json().error.fields)).toEqual(['email']);
  });

  it.each([
    ['a missing username', { username: '' }, /username/i],
    ['an invalid e-mail', { email: 'not-an-email' }, /email/i],
    ['a 7-character password', { password: 'abcdefg' }, /at least 8/],
    ['a 129-character password', { password: 'x'.repeat(129) }, /at most 128/],
    ['a missing full name', { fullName: '  ' }, /full name/i],
  ])('answers 422 with a message for %s', async (_label, override, message) => {
    const before = await countUsers();
    const res = await new Client(ctx.app).post('/api/auth/register', newMember(override));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toMatch(message);
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['a common password with a substitution', () => ({ password: 'passw0rd!' })],
    ['the e-mail as password', () => ({ email: 'sam.ortiz@example.com', password: 'sam.ortiz@example.com' })],
    ['the username as password', () => ({ username: 'sam_ortiz_clt', password: 'sam_ortiz_clt' })],
    ['the full name and a year', () => ({ fullName: 'Samira Ortiz', password: 'SamiraOrtiz2025' })],
  ])('refuses a guessable password (%s) with a clear message, creating nothing', async (_label, override) => {
    const before = await countUsers();
    const res = await new Client(ctx.app).post('/api/auth/register', newMember(override()));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('WEAK_PASSWORD');
    expect(res.json().error.message).toMatch(/^This password is too easy to guess\. /);
    expect(await countUsers()).toBe(before);
  });

  it('accepts a long passphrase', async () => {
    const res = await new Client(ctx.app).post(
      '/api/auth/register',
      newMember({ password: 'copper kettle on a windy porch' }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('answers 400 for a body that is not JSON, 422 for JSON that is not a registration', async () => {
    const res = await new Client(ctx.app).post('/api/auth/register', undefined, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(422);
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('INVALID_JSON');
  });
});

describe('POST /api/auth/sign-in and sign-out', () => {
  it('signs in with the right password and out again', async () => {
    const { input } = await registeredClient(ctx.app);
    const client = new Client(ctx.app);
    const res = await client.post('/api/auth/sign-in', { email: input.email.toUpperCase(), password: input.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(input.username);
    expect((await client.get('/api/me')).json().user.email).toBe(input.email);

    const cookie = client.cookieHeader;
    expect((await client.get('/api/messages')).statusCode).toBe(200);
    const out = await client.post('/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect((await client.get('/api/me')).json()).toEqual({ user: null });
    // The session was just looked up (and kept for a few seconds): replaying its cookie fails at once.
    expect((await ctx.app.inject({ url: '/api/messages', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers 401 for a wrong password and for an unknown e-mail, with the same message', async () => {
    const { input } = await registeredClient(ctx.app);
    const wrong = await new Client(ctx.app).post('/api/auth/sign-in', {
      email: input.email,
      password: 'wrong password!',
    });
    const unknown = await new Client(ctx.app).post('/api/auth/sign-in', {
      email: 'nobody@example.com',
      password: 'whatever123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('answers 422 when the password is missing', async () => {
    const res = await new Client(ctx.app).post('/api/auth/sign-in', { email: 'a@example.com' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().error.fields)).toEqual(['password']);
  });

  it('rate-limits sign-in per client IP, not for everyone', async () => {
    const attacker = new Client(ctx.app);
    const statuses: number[] = [];
    // A different account each time, so only the per-IP limit applies.
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await attacker.post('/api/auth/sign-in', { email: `victim${i}@example.com`, password: `guess-${i}-guess` }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const limited = await attacker.post('/api/auth/sign-in', {
      email: 'victim@example.com',
      password: 'another-guess',
    });
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is not affected.
    const { input } = await registeredClient(ctx.app);
    const other = await new Client(ctx.app).post('/api/auth/sign-in', { email: input.email, password: input.password });
    expect(other.statusCode).toBe(200);
  });

  it('rate-limits registration and reset requests per IP too', async () => {
    const client = new Client(ctx.app);
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await client.post('/api/auth/password-reset/request', { email: `x${i}@example.com` })).statusCode;
    expect(last).toBe(429);
    const reg = new Client(ctx.app);
    for (let i = 0; i < 11; i++) last = (await reg.post('/api/auth/register', { email: 'bad' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('per-account sign-in limit', () => {
  const N = FAILURES_BEFORE_DELAY;
  const signInFrom = (client: Client, email: string, password: string) =>
    client.post('/api/auth/sign-in', { email, password });
  /** N wrong passwords from N different addresses: a distributed guess. */
  async function failFromManyIps(email: string, n = N) {
    for (let i = 0; i < n; i++) {
      const res = await signInFrom(new Client(ctx.app), email, `wrong guess number ${i}`);
      expect(res.statusCode).toBe(401);
    }
  }
  const failures = async (email: string) =>
    (
      await ctx.database.db
        .select({ failures: signInFailures.failures })
        .from(signInFailures)
        .where(eq(signInFailures.email, email.toLowerCase()))
    )[0]?.failures;
  /** Ends the current hold, as if its window had passed. */
  const endHold = (email: string) =>
    ctx.database.db
      .update(signInFailures)
      .set({ blockedUntil: sql`now() - interval '1 second'` })
      .where(eq(signInFailures.email, email));

  it('holds back new addresses after N failures, never an address the owner signed in from', async () => {
    const { input } = await registeredClient(ctx.app);
    const home = new Client(ctx.app);
    expect((await signInFrom(home, input.email, input.password)).statusCode).toBe(200);

    await failFromManyIps(input.email.toUpperCase()); // any letter case is the same account
    const stranger = await signInFrom(new Client(ctx.app), input.email, input.password);
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().error.code).toBe('RATE_LIMITED');
    expect(stranger.json().error.message).toMatch(
      /^Too many failed sign-ins on this account\. Please try again in 1 minute/,
    );
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(stranger.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(stranger.headers['set-cookie']).toBeUndefined();
    // A refused attempt tests nothing and is not counted.
    expect((await signInFrom(new Client(ctx.app), input.email, 'another wrong guess')).statusCode).toBe(429);
    expect(await failures(input.email)).toBe(N);

    // The owner's address still gets in (a wrong password there is just a 401), and the
    // success starts the count again: a new address is welcome once more.
    expect((await signInFrom(home, input.email, 'owner typo here')).statusCode).toBe(401);
    const owner = await signInFrom(home, input.email, input.password);
    expect(owner.statusCode).toBe(200);
    expect(await failures(input.email)).toBeUndefined();
    expect((await signInFrom(new Client(ctx.app), input.email, input.password)).statusCode).toBe(200);
    await failFromManyIps(input.email, N - 1);
    expect((await signInFrom(new Client(ctx.app), input.email, input.password)).statusCode).toBe(200);
  });

  it('the address a member registered from counts as known', async () => {
    const { client, input } = await registeredClient(ctx.app);
    await failFromManyIps(input.email);
    expect((await signInFrom(new Client(ctx.app), input.email, input.password)).statusCode).toBe(429);
    expect((await signInFrom(new Client(ctx.app, client.ip), input.email, input.password)).statusCode).toBe(200);
  });

  it('answers an e-mail without an account the same way', async () => {
    const { input } = await registeredClient(ctx.app);
    await failFromManyIps(input.email);
    await failFromManyIps('nobody-here@example.com');
    const real = await signInFrom(new Client(ctx.app), input.email, 'one more guess');
    const ghost = await signInFrom(new Client(ctx.app), 'nobody-here@example.com', 'one more guess');
    expect(ghost.statusCode).toBe(429);
    expect(ghost.json()).toEqual(real.json());
  });

  it('doubles the hold at each further failure, up to the cap', async () => {
    const { input } = await registeredClient(ctx.app);
    await failFromManyIps(input.email);
    for (const expected of [120, 240, 480]) {
      await endHold(input.email);
      expect((await signInFrom(new Client(ctx.app), input.email, 'wrong once more')).statusCode).toBe(401);
      const held = await signInFrom(new Client(ctx.app), input.email, input.password);
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(expected - 5);
      expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(expected);
    }
    await ctx.database.db.update(signInFailures).set({ failures: 5000 }).where(eq(signInFailures.email, input.email));
    await endHold(input.email);
    expect((await signInFrom(new Client(ctx.app), input.email, 'wrong once more')).statusCode).toBe(401);
    const capped = await signInFrom(new Client(ctx.app), input.email, input.password);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(MAX_DELAY_SECONDS - 5);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
    expect(capped.json().error.message).toMatch(/try again in 60 minutes/);
  });

  it('trusts the address that completes a password reset (the way in from a new network)', async () => {
    const { input } = await registeredClient(ctx.app);
    await failFromManyIps(input.email);
    const laptop = new Client(ctx.app);
    expect((await signInFrom(laptop, input.email, input.password)).statusCode).toBe(429);
    await laptop.post('/api/auth/password-reset/request', { email: input.email });
    const token = decodeURIComponent((await latestMailTo(input.email))!.text.match(/#token=(\S+)/)![1]!);
    const done = await laptop.post('/api/auth/password-reset', { token, password: 'lantern over the quiet bay' });
    expect(done.statusCode).toBe(200);
    expect((await signInFrom(laptop, input.email, 'lantern over the quiet bay')).statusCode).toBe(200);
  });

  it('lets exactly N guesses through when they arrive all at once', async () => {
    const { input } = await registeredClient(ctx.app);
    const statuses = await Promise.all(
      Array.from({ length: 3 * N }, (_, i) =>
        signInFrom(new Client(ctx.app), input.email, `parallel guess ${i}`).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(N);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * N);
  });
});

describe('password reset', () => {
  it('e-mails a link, sets the new password, ends old sessions and clears password_reset_required', async () => {
    const { client: oldSession, input, user: member } = await registeredClient(ctx.app);
    await ctx.database.db.update(profiles).set({ passwordResetRequired: true }).where(eq(profiles.id, member.id));
    expect((await oldSession.get('/api/me')).json().user.passwordResetRequired).toBe(true);
    expect((await oldSession.get('/api/messages')).statusCode).toBe(200);

    const asked = await new Client(ctx.app).post('/api/auth/password-reset/request', { email: input.email });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(RESET_EMAIL_SENT);

    const mail = await latestMailTo(input.email);
    expect(mail?.status).toBe('captured');
    const link = mail!.text.match(/https?:\/\/\S+\/new-password#token=(\S+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    for (const weak of ['password1', 'passw0rd!', input.email, input.username]) {
      const refused = await new Client(ctx.app).post('/api/auth/password-reset', { token, password: weak });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe('WEAK_PASSWORD');
      expect(refused.json().error.message).toMatch(/^This password is too easy to guess\. /);
    }

    const { client: admin } = await adminClient(ctx.app);
    const mailbox = await admin.get('/api/dev/mailbox');
    expect(mailbox.json().messages.some((m: { to: string }) => m.to === input.email)).toBe(true);

    const done = await new Client(ctx.app).post('/api/auth/password-reset', { token, password: 'a brand new secret' });
    expect(done.statusCode).toBe(200);

    expect((await oldSession.get('/api/me')).json().user).toBeNull();
    expect((await oldSession.get('/api/messages')).statusCode).toBe(401);
    const oldPassword = await new Client(ctx.app).post('/api/auth/sign-in', {
      email: input.email,
      password: input.password,
    });
    expect(oldPassword.statusCode).toBe(401);
    const fresh = new Client(ctx.app);
    const newPassword = await fresh.post('/api/auth/sign-in', { email: input.email, password: 'a brand new secret' });
    expect(newPassword.statusCode).toBe(200);
    expect(newPassword.json().user.passwordResetRequired).toBe(false);

    const reused = await new Client(ctx.app).post('/api/auth/password-reset', {
      token,
      password: 'yet another secret',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(INVALID_TOKEN);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await new Client(ctx.app).post('/api/auth/password-reset/request', { email: 'ghost@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(RESET_EMAIL_SENT);
    expect(await latestMailTo('ghost@example.com')).toBeUndefined();
  });

  it('says the user is gone when the account was deleted after the link was sent', async () => {
    const { client, input } = await registeredClient(ctx.app);
    await client.post('/api/auth/password-reset/request', { email: input.email });
    const mail = await latestMailTo(input.email);
    const token = decodeURIComponent(mail!.text.match(/new-password#token=(\S+)/)![1]!);
    const removed = await client.post('/api/me/delete', { username: input.username });
    expect(removed.statusCode).toBe(200);
    const res = await new Client(ctx.app).post('/api/auth/password-reset', { token, password: 'a brand new secret' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(RESET_USER_NOT_FOUND);
  });

  it('refuses a made-up token', async () => {
    const res = await new Client(ctx.app).post('/api/auth/password-reset', {
      token: 'made-up',
      password: 'a brand new secret',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: expect.any(String), message: INVALID_TOKEN });
  });
});

describe('GET /api/me', () => {
  it('is null for a visitor', async () => {
    const res = await new Client(ctx.app).get('/api/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('makes a profile from the e-mail for an account that has none', async () => {
    const { client, user: member } = await registeredClient(ctx.app, {
      email: 'jo.smith@example.com',
      username: 'jo.smith',
    });
    // Simulate an account made outside the product (e.g. imported) without a profile.
    await ctx.database.db.delete(profiles).where(eq(profiles.id, member.id));
    const me = await client.get('/api/me');
    expect(me.json().user.username).toBe('jo.smith');
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, member.id));
    expect(row?.email).toBe('jo.smith@example.com');
  });
});

describe('cross-site protection', () => {
  it('refuses a cookie-bearing write from another origin', async () => {
    const { client } = await registeredClient(ctx.app);
    const res = await client.post('/api/auth/sign-out', undefined, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
    expect((await client.get('/api/me')).json().user).not.toBeNull();
  });
});
