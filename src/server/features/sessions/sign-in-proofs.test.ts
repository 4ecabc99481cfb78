import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailOutbox, profiles, user } from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { NEW_SIGN_IN_SUBJECT } from '../../platform/known-browsers';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { createAdmin, createEvent, createMembers, signIn } from '../../test/factories';
import { RECENT_SIGN_IN_REQUIRED_MESSAGE } from '../../../shared/recent-sign-in';
import { SAME_PASSWORD } from '../../../shared/account';
import { INCORRECT_PASSWORD } from '../../../shared/two-factor-texts';

const PASSWORD = 'factory password 1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const clock = manualClock('2026-11-29T12:00:00Z');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;
const mailTo = async (email: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.to, email))).map((m) => m.subject);

describe('recent sign-in for the most sensitive admin actions', () => {
  it('refuses each one with a clear message when the proof is old, and allows it once the password is given again', async () => {
    const admin = await signIn(ctx.app, await createAdmin(db(), 'recentadmin'));
    const [target, doomed, twoStep] = await createMembers(db(), 3, 'recenttarget');
    const event = await createEvent(db());
    clock.advance(16 * 60_000);

    const attempts = {
      makeAdmin: () => admin.request('PATCH', `/api/admin/users/${target!.id}/flags`, { flag: 'isAdmin', value: true }),
      createAdmin: () =>
        admin.post('/api/admin/users', {
          username: 'recentnewadmin',
          fullName: 'Recent New Admin',
          email: 'recent.new.admin@example.com',
          password: 'a sturdy admin password 7',
          isAdmin: true,
        }),
      deleteMember: () => admin.request('DELETE', `/api/admin/users/${doomed!.id}`),
      exportAttendees: () => admin.get(`/api/admin/events/${event.id}/attendees.csv`),
      resetTwoStep: () => admin.request('DELETE', `/api/admin/users/${twoStep!.id}/two-factor`),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const res = await attempt();
      expect(res.statusCode, name).toBe(403);
      expect(res.json().error, name).toEqual({
        code: 'RECENT_SIGN_IN_REQUIRED',
        message: RECENT_SIGN_IN_REQUIRED_MESSAGE,
      });
    }
    // Nothing changed.
    const [still] = await db().select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, target!.id));
    expect(still!.isAdmin).toBe(false);
    expect(await db().select().from(user).where(eq(user.id, doomed!.id))).toHaveLength(1);
    expect(await db().select().from(user).where(eq(user.email, 'recent.new.admin@example.com'))).toHaveLength(0);

    // Flags that hand over no power need no fresh proof.
    const sponsor = await admin.request('PATCH', `/api/admin/users/${target!.id}/flags`, {
      flag: 'isSponsor',
      value: true,
    });
    expect(sponsor.statusCode).toBe(200);

    const wrong = await admin.post('/api/me/recent-sign-in', { password: 'not my password at all' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ password: INCORRECT_PASSWORD });
    expect((await attempts.makeAdmin()).statusCode).toBe(403);

    expect((await admin.post('/api/me/recent-sign-in', { password: PASSWORD })).json()).toEqual({ ok: true });
    for (const [name, attempt] of Object.entries(attempts))
      expect((await attempt()).statusCode, name).toBe(name === 'createAdmin' ? 201 : 200);
    expect((await attempts.exportAttendees()).headers['content-type']).toMatch(/text\/csv/);

    // The proof ages again.
    clock.advance(15 * 60_000 + 1000);
    expect((await attempts.exportAttendees()).statusCode).toBe(403);
  });

  it('counts a fresh sign-in as proof, and refuses visitors and members first', async () => {
    const event = await createEvent(db());
    const admin = await signIn(ctx.app, await createAdmin(db(), 'recentfresh'));
    expect((await admin.get(`/api/admin/events/${event.id}/attendees.csv`)).statusCode).toBe(200);
    const [member] = await createMembers(db(), 1, 'recentmember');
    const asMember = await signIn(ctx.app, member!);
    expect((await asMember.get(`/api/admin/events/${event.id}/attendees.csv`)).json().error.code).toBe('FORBIDDEN');
    expect((await new Client(ctx.app).get(`/api/admin/events/${event.id}/attendees.csv`)).statusCode).toBe(401);
    expect((await new Client(ctx.app).post('/api/me/recent-sign-in', { password: PASSWORD })).statusCode).toBe(401);
  });
});

describe('a sign-in from a browser not seen before', () => {
  it('e-mails the member naming the browser, once per browser, and not for the first one', async () => {
    const [member] = await createMembers(db(), 1, 'newbrowser');
    const laptop = new Client(ctx.app);
    const signInFrom = async (client: Client, userAgent?: string) => {
      const res = await client.post(
        '/api/auth/sign-in',
        { email: member!.email, password: PASSWORD },
        userAgent ? { 'user-agent': userAgent } : {},
      );
      expect(res.statusCode).toBe(200);
    };
    await signInFrom(laptop);
    expect(await mailTo(member!.email)).toEqual([]);
    expect(laptop.cookies.get('pm_browser')).toMatch(/^[\w-]{32}$/);

    await signInFrom(new Client(ctx.app), FIREFOX_LINUX);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, member!.email), eq(emailOutbox.subject, NEW_SIGN_IN_SUBJECT)));
    expect(mail!.text).toContain('Firefox 133 on Linux');
    expect(mail!.text).toContain('Sunday, November 29, 2026');

    // The laptop again, and a copied cookie of a browser it knows: nothing new to tell.
    await signInFrom(laptop);
    const copy = new Client(ctx.app);
    copy.cookies.set('pm_browser', laptop.cookies.get('pm_browser')!);
    await signInFrom(copy);
    expect(await mailTo(member!.email)).toEqual([NEW_SIGN_IN_SUBJECT]);
  });
});

describe('changing the password', () => {
  it('asks for the current one, refuses a weak or unchanged one, then signs out the other sessions', async () => {
    const [member] = await createMembers(db(), 1, 'passchange');
    const here = await signIn(ctx.app, member!);
    const elsewhere = await signIn(ctx.app, member!);
    const change = (currentPassword: string, newPassword: string) =>
      here.post('/api/me/password', { currentPassword, newPassword });

    const wrong = await change('not the password', 'a brand new sturdy passphrase');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.fields).toEqual({ currentPassword: INCORRECT_PASSWORD });
    expect((await change(PASSWORD, PASSWORD)).json().error.fields).toEqual({ newPassword: SAME_PASSWORD });
    const weak = await change(PASSWORD, 'password123');
    expect(weak.json().error.code).toBe('WEAK_PASSWORD');
    expect(Object.keys(weak.json().error.fields)).toEqual(['newPassword']);
    expect((await elsewhere.get('/api/me/sessions')).statusCode).toBe(200);

    expect((await change(PASSWORD, 'a brand new sturdy passphrase')).json()).toEqual({ ok: true });
    expect((await elsewhere.get('/api/me/sessions')).statusCode).toBe(401);
    expect((await here.get('/api/me/sessions')).statusCode).toBe(200);
    expect(await mailTo(member!.email)).toContain('Your Power Mixer password was changed');

    const signInWith = (password: string) =>
      new Client(ctx.app).post('/api/auth/sign-in', { email: member!.email, password });
    expect((await signInWith(PASSWORD)).statusCode).toBe(401);
    expect((await signInWith('a brand new sturdy passphrase')).statusCode).toBe(200);
    expect(
      (await new Client(ctx.app).post('/api/me/password', { currentPassword: 'x', newPassword: 'y' })).statusCode,
    ).toBe(401);
  });
});
