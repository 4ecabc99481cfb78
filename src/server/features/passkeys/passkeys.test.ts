import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, passkeys } from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { Client, createTestContext, ORIGIN, type TestContext } from '../../test/harness';
import { createAdmin, createEvent, createMembers, signIn } from '../../test/factories';
import { SoftAuthenticator } from '../../test/soft-authenticator';
import { PASSKEY_NOT_FOUND, PASSKEY_REFUSED, PASSKEY_UNKNOWN } from '../../../shared/passkey-texts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const clock = manualClock('2026-11-29T12:00:00Z');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

/** Adds a passkey for the client's member, as the dashboard does. */
async function addPasskey(client: Client, authenticator = new SoftAuthenticator(ORIGIN)) {
  const options = (await client.post('/api/me/passkeys/options')).json();
  const res = await client.post(
    '/api/me/passkeys',
    { credential: authenticator.create(options) },
    { 'user-agent': FIREFOX_LINUX },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { authenticator, passkey: res.json().passkey, options };
}

/** Signs in with the authenticator's passkey from a new browser. */
async function signInWith(authenticator: SoftAuthenticator, client = new Client(ctx.app)) {
  const options = (await client.post('/api/auth/passkey/options')).json();
  const res = await client.post('/api/auth/sign-in/passkey', { credential: authenticator.get(options) });
  return { res, client, options };
}

describe('passkeys', () => {
  it('adds one from the dashboard, named after the browser, and tells the member', async () => {
    const [member] = await createMembers(db(), 1, 'passkeyadd');
    const client = await signIn(ctx.app, member!);
    const { passkey, options, authenticator } = await addPasskey(client);
    expect(options.rp).toEqual({ name: 'Power Mixer', id: 'localhost' });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    expect(passkey).toMatchObject({ name: 'Firefox 133 on Linux', lastUsedAt: null, synced: false });
    expect((await client.get('/api/me/passkeys')).json().passkeys).toEqual([passkey]);
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, member!.email));
    expect(mail.map((m) => m.subject)).toContain('A passkey was added to your Power Mixer account');

    // The same answer again: its challenge was used.
    const again = await client.post('/api/me/passkeys', { credential: authenticator.create(options) });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(PASSKEY_REFUSED);
    // The next one names the passkeys the member already has, so the browser makes no twin.
    const next = (await client.post('/api/me/passkeys/options')).json();
    expect(next.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
  });

  it('signs in with it, no password asked, once per signature', async () => {
    const [member] = await createMembers(db(), 1, 'passkeysignin');
    const { authenticator, passkey } = await addPasskey(await signIn(ctx.app, member!));
    const { res, client, options } = await signInWith(authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(member!.email);
    expect((await client.get('/api/me')).json().user.email).toBe(member!.email);
    const [row] = await db().select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.lastUsedAt?.toISOString()).toBe(clock.now().toISOString());
    expect(row!.counter).toBe(1);

    // The same signature, or a signature over the same challenge, signs nobody in again.
    const replay = await new Client(ctx.app).post('/api/auth/sign-in/passkey', {
      credential: authenticator.get(options),
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(PASSKEY_REFUSED);
  });

  it('refuses a signature made for another site, one without the fingerprint or PIN, an expired challenge, and a passkey it does not know', async () => {
    const [member] = await createMembers(db(), 1, 'passkeyrefuse');
    const { authenticator } = await addPasskey(await signIn(ctx.app, member!));
    const client = new Client(ctx.app);
    const options = (await client.post('/api/auth/passkey/options')).json();
    const phished = await client.post('/api/auth/sign-in/passkey', {
      credential: authenticator.get(options, 'https://power-mixer.example.net'),
    });
    expect(phished.statusCode).toBe(401);

    // Touched without its fingerprint or PIN: one factor, not enough to stand for two.
    const touched = (await client.post('/api/auth/passkey/options')).json();
    const unverified = await client.post('/api/auth/sign-in/passkey', {
      credential: authenticator.get(touched, ORIGIN, false),
    });
    expect(unverified.statusCode).toBe(401);

    const late = (await client.post('/api/auth/passkey/options')).json();
    clock.advance(5 * 60_000 + 1000);
    expect((await client.post('/api/auth/sign-in/passkey', { credential: authenticator.get(late) })).statusCode).toBe(
      401,
    );

    const stranger = new SoftAuthenticator(ORIGIN);
    stranger.create({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    const unknown = await signInWith(stranger);
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json().error.message).toBe(PASSKEY_UNKNOWN);
    expect((await unknown.client.get('/api/me')).json()).toEqual({ user: null });
  });

  it('asks for a recent sign-in to add one, and lets the member remove theirs only', async () => {
    const [member, other] = await createMembers(db(), 2, 'passkeyremove');
    const client = await signIn(ctx.app, member!);
    const { authenticator, passkey } = await addPasskey(client);
    clock.advance(16 * 60_000);
    const stale = await client.post('/api/me/passkeys/options');
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('RECENT_SIGN_IN_REQUIRED');

    const foreign = await (await signIn(ctx.app, other!)).request('DELETE', `/api/me/passkeys/${passkey.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(PASSKEY_NOT_FOUND);
    expect((await client.request('DELETE', `/api/me/passkeys/${passkey.id}`)).json()).toEqual({ ok: true });
    const mail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, member!.email));
    expect(mail.map((m) => m.subject)).toContain('A passkey was removed from your Power Mixer account');
    expect((await client.get('/api/me/passkeys')).json().passkeys).toEqual([]);
    expect((await signInWith(authenticator)).res.statusCode).toBe(401);
    expect((await new Client(ctx.app).get('/api/me/passkeys')).statusCode).toBe(401);
  });

  it('proves it is the admin again, in place of the password; another member’s passkey proves nothing', async () => {
    const admin = await signIn(ctx.app, await createAdmin(db(), 'passkeyproof'));
    const { authenticator } = await addPasskey(admin);
    const [member] = await createMembers(db(), 1, 'passkeyproofother');
    const { authenticator: theirs } = await addPasskey(await signIn(ctx.app, member!));
    const event = await createEvent(db());
    clock.advance(16 * 60_000);
    expect((await admin.get(`/api/admin/events/${event.id}/attendees.csv`)).statusCode).toBe(403);

    const prove = async (with_: SoftAuthenticator, optionsPath = '/api/me/recent-sign-in/passkey/options') => {
      const options = (await admin.post(optionsPath)).json();
      return admin.post('/api/me/recent-sign-in/passkey', { credential: with_.get(options) });
    };
    // Only the admin's own passkeys are offered, and another member's is refused before anything
    // of theirs is spent or written.
    const offered = (await admin.post('/api/me/recent-sign-in/passkey/options')).json();
    expect(offered.allowCredentials.map((c: { id: string }) => c.id)).toEqual([authenticator.id]);
    const wrong = await prove(theirs);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ credential: PASSKEY_REFUSED });
    const [untouched] = await db().select().from(passkeys).where(eq(passkeys.id, theirs.id));
    expect(untouched!.lastUsedAt).toBeNull();
    // A challenge handed out for signing in proves nothing here.
    expect((await prove(authenticator, '/api/auth/passkey/options')).statusCode).toBe(422);
    expect((await admin.get(`/api/admin/events/${event.id}/attendees.csv`)).statusCode).toBe(403);
    expect((await prove(authenticator)).json()).toEqual({ ok: true });
    expect((await admin.get(`/api/admin/events/${event.id}/attendees.csv`)).statusCode).toBe(200);
  });
});
