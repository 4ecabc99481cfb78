import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { auditLog, emailOutbox, eventDoorStaff, session } from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { createAdmin, createEvent, createMembers, signIn } from '../../test/factories';
import { decodeQr } from '../../test/qr';
import {
  CHALLENGE_EXPIRED,
  CODE_ALREADY_USED,
  INCORRECT_PASSWORD,
  TWO_FACTOR_REQUIRED_CODE,
  WRONG_CODE,
} from '../../../shared/two-factor-texts';

const PASSWORD = 'factory password 1';
const clock = manualClock('2026-11-29T12:00:10Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

/** The code an authenticator app shows for `secret` at the test's clock, `steps` periods on. */
function appCode(secret: string, steps = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: clock.now().getTime() + steps * 30_000 });
}

/** A member with two-step sign-in on: their signed-in client, secret and recovery codes. */
async function withTwoFactor(prefix: string) {
  const [member] = await createMembers(db(), 1, prefix);
  const client = await signIn(ctx.app, member!);
  const setup = (await client.post('/api/me/two-factor/setup', { password: PASSWORD })).json() as { secret: string };
  const enabled = await client.post('/api/me/two-factor/enable', { code: appCode(setup.secret) });
  expect(enabled.statusCode).toBe(200);
  clock.advance(30_000);
  return {
    member: member!,
    client,
    secret: setup.secret,
    codes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes,
  };
}

async function passwordStep(email: string, client = new Client(ctx.app)) {
  const res = await client.post('/api/auth/sign-in', { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ user: null, twoFactor: true });
  return client;
}

describe('setting up two-step sign-in', () => {
  it('asks for the password, shows a QR code of the secret, and turns on with the first code', async () => {
    const [member] = await createMembers(db(), 1, 'tfsetup');
    const client = await signIn(ctx.app, member!);
    const other = await signIn(ctx.app, member!);

    const wrong = await client.post('/api/me/two-factor/setup', { password: 'not my password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ password: INCORRECT_PASSWORD });

    const setup = await client.post('/api/me/two-factor/setup', { password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json() as { secret: string; uri: string; qrCode: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\/Power%20Mixer:/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    const png = Buffer.from(qrCode.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await decodeQr(png)).toBe(uri);

    // Not on until confirmed: signing in still needs only the password.
    expect((await client.get('/api/me/two-factor')).json()).toMatchObject({ enabled: false });
    expect(
      (await new Client(ctx.app).post('/api/auth/sign-in', { email: member!.email, password: PASSWORD })).json().user,
    ).not.toBeNull();

    const bad = await client.post('/api/me/two-factor/enable', { code: appCode(secret, 10) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields.code).toBe(WRONG_CODE);

    const on = await client.post('/api/me/two-factor/enable', { code: appCode(secret) });
    expect(on.statusCode).toBe(200);
    const codes = (on.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = (await client.get('/api/me/two-factor')).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, required: false });
    // Turning it on ends the member's other sessions, not this one.
    expect((await other.get('/api/me/two-factor')).statusCode).toBe(401);
    expect((await client.get('/api/me/two-factor')).statusCode).toBe(200);

    expect((await client.post('/api/me/two-factor/setup', { password: PASSWORD })).statusCode).toBe(409);
  });

  it('is for members only, and refuses malformed codes', async () => {
    const visitor = new Client(ctx.app);
    expect((await visitor.get('/api/me/two-factor')).statusCode).toBe(401);
    expect((await visitor.post('/api/me/two-factor/setup', { password: PASSWORD })).statusCode).toBe(401);
    const [member] = await createMembers(db(), 1, 'tfshape');
    const client = await signIn(ctx.app, member!);
    expect((await client.post('/api/me/two-factor/enable', { code: 'abc' })).statusCode).toBe(422);
    expect((await client.post('/api/me/two-factor/enable', { code: 123456 })).statusCode).toBe(422);
  });
});

describe('signing in with a second step', () => {
  it('holds the session back until a code from the app, and takes each code once', async () => {
    const { member, secret } = await withTwoFactor('tfsignin');
    const browser = await passwordStep(member.email);
    // No session yet: only the challenge cookie.
    expect((await browser.get('/api/me')).json()).toEqual({ user: null });
    expect([...browser.cookies.keys()]).toEqual(['pm_sign_in_challenge']);

    const code = appCode(secret);
    const done = await browser.post('/api/auth/sign-in/two-factor', { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.email).toBe(member.email);
    expect((await browser.get('/api/me')).json().user.email).toBe(member.email);
    expect(browser.cookies.has('pm_sign_in_challenge')).toBe(false);

    // The same code again, in another sign-in within its 30 seconds: refused.
    const again = await passwordStep(member.email);
    const replay = await again.post('/api/auth/sign-in/two-factor', { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(CODE_ALREADY_USED);
    // So is the one before it, still inside the window.
    expect((await again.post('/api/auth/sign-in/two-factor', { code: appCode(secret, -1) })).statusCode).toBe(401);
    clock.advance(30_000);
    expect((await again.post('/api/auth/sign-in/two-factor', { code: appCode(secret) })).statusCode).toBe(200);
  });

  it('takes each recovery code once', async () => {
    const { member, client, codes } = await withTwoFactor('tfrecover');
    const first = await passwordStep(member.email);
    expect((await first.post('/api/auth/sign-in/two-factor', { code: codes[0]!.toUpperCase() })).statusCode).toBe(200);
    const second = await passwordStep(member.email);
    const reused = await second.post('/api/auth/sign-in/two-factor', { code: codes[0] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe(WRONG_CODE);
    expect((await second.post('/api/auth/sign-in/two-factor', { code: codes[1]!.replace('-', '') })).statusCode).toBe(
      200,
    );
    expect((await client.get('/api/me/two-factor')).json().recoveryCodesLeft).toBe(8);
  });

  it('allows five codes per sign-in, then holds the account back after repeated wrong codes', async () => {
    const { member, secret } = await withTwoFactor('tflimit');
    const browser = await passwordStep(member.email);
    for (let i = 0; i < 5; i++) {
      const res = await browser.post('/api/auth/sign-in/two-factor', { code: '000000' });
      expect(res.json().error.code).toBe('WRONG_CODE');
    }
    // The sixth on this sign-in: the password has to be typed again.
    const sixth = await browser.post('/api/auth/sign-in/two-factor', { code: appCode(secret) });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().error.message).toBe(CHALLENGE_EXPIRED);
    // A new sign-in, from another address: the account itself is held back now.
    const fresh = await passwordStep(member.email);
    const held = await fresh.post('/api/auth/sign-in/two-factor', { code: appCode(secret) });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('forgets a sign-in after ten minutes, and refuses a second step without one', async () => {
    const { member, secret } = await withTwoFactor('tfexpire');
    const browser = await passwordStep(member.email);
    clock.advance(11 * 60_000);
    const late = await browser.post('/api/auth/sign-in/two-factor', { code: appCode(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('CHALLENGE_EXPIRED');
    const none = await new Client(ctx.app).post('/api/auth/sign-in/two-factor', { code: appCode(secret) });
    expect(none.statusCode).toBe(401);
    const forged = await new Client(ctx.app).post(
      '/api/auth/sign-in/two-factor',
      { code: appCode(secret) },
      { cookie: 'pm_sign_in_challenge=forged' },
    );
    expect(forged.statusCode).toBe(401);
  });
});

describe('turning it off and resetting it', () => {
  it('turns off with the password, signs out the other sessions and tells the member', async () => {
    const { member, client, secret } = await withTwoFactor('tfoff');
    const elsewhere = await passwordStep(member.email);
    expect((await elsewhere.post('/api/auth/sign-in/two-factor', { code: appCode(secret) })).statusCode).toBe(200);

    expect((await client.post('/api/me/two-factor/disable', { password: 'wrong one' })).statusCode).toBe(422);
    expect((await client.post('/api/me/two-factor/disable', { password: PASSWORD })).statusCode).toBe(200);
    expect((await elsewhere.get('/api/me/two-factor')).statusCode).toBe(401);
    expect((await client.get('/api/me/two-factor')).json()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(mail.map((m) => m.subject)).toContain('Two-step sign-in is off on your Power Mixer account');
    // The password alone signs in again.
    expect(
      (await new Client(ctx.app).post('/api/auth/sign-in', { email: member.email, password: PASSWORD })).json().user,
    ).not.toBeNull();
  });

  it('gives new recovery codes that replace the old ones', async () => {
    const { member, client, codes } = await withTwoFactor('tfrenew');
    const renewed = await client.post('/api/me/two-factor/recovery-codes', { password: PASSWORD });
    expect(renewed.statusCode).toBe(200);
    const fresh = (renewed.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    const browser = await passwordStep(member.email);
    expect((await browser.post('/api/auth/sign-in/two-factor', { code: codes[0] })).statusCode).toBe(401);
    expect((await browser.post('/api/auth/sign-in/two-factor', { code: fresh[0] })).statusCode).toBe(200);
  });

  it('lets an admin reset a member’s, with an audit entry and an e-mail; nobody else', async () => {
    const { member, client } = await withTwoFactor('tfreset');
    const url = `/api/admin/users/${member.id}/two-factor`;
    expect((await new Client(ctx.app).request('DELETE', url)).statusCode).toBe(401);
    const [someone] = await createMembers(db(), 1, 'tfnotadmin');
    expect((await (await signIn(ctx.app, someone!)).request('DELETE', url)).statusCode).toBe(403);

    const admin = await signIn(ctx.app, await createAdmin(db(), 'tfresetadmin'));
    expect((await admin.request('DELETE', url)).statusCode).toBe(200);
    expect((await client.get('/api/me/two-factor')).statusCode).toBe(401);
    expect(await db().select().from(session).where(eq(session.userId, member.id))).toHaveLength(0);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, member.id), eq(auditLog.method, 'DELETE')));
    expect(audit?.action).toBe('deleteAdminUsersByIdTwoFactor');
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, member.email));
    expect(mail.map((m) => m.subject)).toContain('An organiser reset two-step sign-in on your Power Mixer account');
    expect(
      (await new Client(ctx.app).post('/api/auth/sign-in', { email: member.email, password: PASSWORD })).json().user,
    ).not.toBeNull();
    expect((await admin.request('DELETE', `/api/admin/users/${crypto.randomUUID()}/two-factor`)).statusCode).toBe(404);
  });
});

describe('required for admins and door staff (STAFF_TWO_FACTOR=required)', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await createTestContext({ STAFF_TWO_FACTOR: 'required' }, { clock });
  });
  afterAll(async () => strict?.close());

  it('keeps an admin without it out of everything admin-only until it is on', async () => {
    const admin = await createAdmin(strict.database.db, 'tfstrict');
    const client = await signIn(strict.app, admin);
    const me = (await client.get('/api/me')).json().user;
    expect(me).toMatchObject({ isAdmin: true, twoFactorSetupRequired: true });
    const refused = await client.get('/api/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(TWO_FACTOR_REQUIRED_CODE);
    const event = await createEvent(strict.database.db);
    expect((await client.get(`/api/events/${event.id}/door`)).statusCode).toBe(403);
    expect((await client.get('/api/me/two-factor')).json()).toMatchObject({ required: true, enabled: false });

    const setup = (await client.post('/api/me/two-factor/setup', { password: PASSWORD })).json() as { secret: string };
    expect((await client.post('/api/me/two-factor/enable', { code: appCode(setup.secret) })).statusCode).toBe(200);
    expect((await client.get('/api/admin/users')).statusCode).toBe(200);
    expect((await client.get('/api/me')).json().user.twoFactorSetupRequired).toBe(false);
  });

  it('keeps door staff without it off their door screen; other members are not asked', async () => {
    const [staff, member] = await createMembers(strict.database.db, 2, 'tfdoor');
    const event = await createEvent(strict.database.db);
    await strict.database.db.insert(eventDoorStaff).values({ eventId: event.id, userId: staff!.id });
    const client = await signIn(strict.app, staff!);
    expect((await client.get('/api/me')).json().user.twoFactorSetupRequired).toBe(true);
    const refused = await client.get(`/api/events/${event.id}/door`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(TWO_FACTOR_REQUIRED_CODE);
    const plain = await signIn(strict.app, member!);
    expect((await plain.get('/api/me')).json().user.twoFactorSetupRequired).toBe(false);
    expect((await plain.get('/api/me/two-factor')).json().required).toBe(false);
  });
});
