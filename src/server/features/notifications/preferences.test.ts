import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, eventGuests, notificationPreferences } from '../../db/schema';
import { unsubscribeLinks, unsubscribeToken, unsubscribeKey } from '../../platform/unsubscribe';
import { TRANSACTIONAL_FOOTER } from '../../platform/unsubscribe';
import { Client, createTestContext, registeredClient, type TestContext } from '../../test/harness';
import { createEvent } from '../../test/factories';
import { buildCancelNotice, buildUpdateNotice } from '../events/notices';

// E-mail preferences on the dashboard, and the one-click unsubscribe link every notification
// e-mail carries: it works without a session and refuses what we did not sign.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const ALL_ON = {
  eventReminders: true,
  messages: true,
  connectionRequests: true,
  forumReplies: true,
  morningAfter: true,
  feedback: true,
  communityNews: true,
};

async function tokenFor(userId: string, topic: 'messages' | 'event-reminders' | 'forum-replies' | 'morning-after') {
  const links = await unsubscribeLinks(
    db(),
    { publicUrl: 'http://localhost:3000' },
    { kind: 'member', id: userId },
    topic,
  );
  return new URL(links.headers['List-Unsubscribe']!.slice(1, -1)).searchParams.get('token')!;
}

async function preferencesRow(userId: string) {
  const [row] = await db()
    .select({ messages: notificationPreferences.messages, eventReminders: notificationPreferences.eventReminders })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

const mailsTo = (email: string, subject: string) =>
  db()
    .select({ text: emailOutbox.text, headers: emailOutbox.headers })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), like(emailOutbox.subject, subject)));

/** The mail provider's one-click POST (RFC 8058): no session, no Origin, a form body. */
const oneClick = (token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('GET/PUT /api/notifications/preferences', () => {
  it('signed out -> 401', async () => {
    const visitor = new Client(ctx.app);
    expect((await visitor.get('/api/notifications/preferences')).statusCode).toBe(401);
    expect((await visitor.request('PUT', '/api/notifications/preferences', ALL_ON)).statusCode).toBe(401);
  });

  it('everything is on until the member changes it; a change is kept', async () => {
    const { client, user } = await registeredClient(ctx.app);
    expect((await client.get('/api/notifications/preferences')).json()).toEqual(ALL_ON);
    const saved = await client.request('PUT', '/api/notifications/preferences', { ...ALL_ON, forumReplies: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...ALL_ON, forumReplies: false });
    expect((await client.get('/api/notifications/preferences')).json()).toEqual({ ...ALL_ON, forumReplies: false });
    expect(await preferencesRow(user.id)).toEqual({ messages: true, eventReminders: true });
  });

  it('bad input -> 422 with a message, nothing saved', async () => {
    const { client, user } = await registeredClient(ctx.app);
    for (const body of [{}, { ...ALL_ON, messages: 'no' }, { ...ALL_ON, extra: true }, []]) {
      const res = await client.request('PUT', '/api/notifications/preferences', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    expect(await preferencesRow(user.id)).toBeNull();
  });
});

describe('/api/unsubscribe (one click, no session)', () => {
  it('GET says what the link would stop and changes nothing (mail scanners follow links)', async () => {
    const { user } = await registeredClient(ctx.app);
    const token = await tokenFor(user.id, 'messages');
    const res = await ctx.app.inject({ url: `/api/unsubscribe?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ topic: 'messages', words: 'e-mails about new messages', done: false });
    expect(await preferencesRow(user.id)).toBeNull();
  });

  it('the RFC 8058 POST turns off that one preference for that one member, and only theirs', async () => {
    const a = await registeredClient(ctx.app);
    const b = await registeredClient(ctx.app);
    const res = await oneClick(await tokenFor(a.user.id, 'messages'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ topic: 'messages', words: 'e-mails about new messages', done: true });
    expect((await a.client.get('/api/notifications/preferences')).json()).toEqual({ ...ALL_ON, messages: false });
    expect(await preferencesRow(b.user.id)).toBeNull();
    // Twice is the same as once.
    expect((await oneClick(await tokenFor(a.user.id, 'messages'))).statusCode).toBe(200);
  });

  it('works from a mail provider on another origin, and from our own page with an empty or JSON body', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const crossSite = await oneClick(await tokenFor(user.id, 'forum-replies'), {
      origin: 'https://mail.example.net',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(200);
    const page = await new Client(ctx.app).post(`/api/unsubscribe?token=${await tokenFor(user.id, 'event-reminders')}`);
    expect(page.statusCode).toBe(200);
    const json = await new Client(ctx.app).post(`/api/unsubscribe?token=${await tokenFor(user.id, 'messages')}`, {});
    expect(json.statusCode).toBe(200);
    expect((await client.get('/api/notifications/preferences')).json()).toEqual({
      eventReminders: false,
      messages: false,
      connectionRequests: true,
      forumReplies: false,
      morningAfter: true,
      feedback: true,
      communityNews: true,
    });
  });

  it('the morning-after link turns off the morning-after e-mail, and the dashboard can turn it back on', async () => {
    const { client, user } = await registeredClient(ctx.app);
    const token = await tokenFor(user.id, 'morning-after');
    const words = 'morning-after e-mails after events you came to';
    expect((await ctx.app.inject({ url: `/api/unsubscribe?token=${token}` })).json()).toEqual({
      topic: 'morning-after',
      words,
      done: false,
    });
    const res = await oneClick(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ topic: 'morning-after', words, done: true });
    expect((await client.get('/api/notifications/preferences')).json()).toEqual({ ...ALL_ON, morningAfter: false });
    const on = await client.request('PUT', '/api/notifications/preferences', ALL_ON);
    expect(on.json()).toEqual(ALL_ON);
  });

  it('a tampered token, or one rewritten to name another member, is refused and changes nothing', async () => {
    const a = await registeredClient(ctx.app);
    const b = await registeredClient(ctx.app);
    const token = await tokenFor(a.user.id, 'messages');
    const [payload, signature] = token.split('.');
    const forged = Buffer.from(`m:${b.user.id}:messages`).toString('base64url');
    const otherTopic = Buffer.from(`m:${a.user.id}:forum-replies`).toString('base64url');
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'AB' : 'AA');
    for (const bad of [
      `${forged}.${signature}`,
      `${otherTopic}.${signature}`,
      `${payload}.${flipped}`,
      'nonsense',
      `${token}.x`,
    ]) {
      for (const res of [await oneClick(bad), await ctx.app.inject({ url: `/api/unsubscribe?token=${bad}` })]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toMatch(/not valid/);
      }
    }
    expect(await preferencesRow(a.user.id)).toBeNull();
    expect(await preferencesRow(b.user.id)).toBeNull();
  });

  it('a token for a member who has left -> 404; no token -> 422', async () => {
    const key = await unsubscribeKey(db());
    const gone = unsubscribeToken(key, { kind: 'member', id: 'no-such-member' }, 'messages');
    const res = await oneClick(gone);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toMatch(/no longer/);
    const none = await ctx.app.inject({ method: 'POST', url: '/api/unsubscribe' });
    expect(none.statusCode).toBe(422);
  });

  it("a guest's event-reminders link turns off that guest's reminders", async () => {
    const { user } = await registeredClient(ctx.app);
    const event = await createEvent(db(), { name: 'Mixer' });
    const [guest] = await db()
      .insert(eventGuests)
      .values({ eventId: event.id, profileId: user.id, guestName: 'Gil Guest', guestEmail: 'gil@example.com' })
      .returning({ id: eventGuests.id });
    const key = await unsubscribeKey(db());
    const token = unsubscribeToken(key, { kind: 'guest', id: guest!.id }, 'event-reminders');
    expect((await oneClick(token)).statusCode).toBe(200);
    const [row] = await db()
      .select({ reminders: eventGuests.reminders })
      .from(eventGuests)
      .where(eq(eventGuests.id, guest!.id));
    expect(row!.reminders).toBe(false);
  });
});

describe('transactional mail', () => {
  it('the password reset says it is sent whatever the preferences, and has no List-Unsubscribe', async () => {
    const { input } = await registeredClient(ctx.app);
    const res = await new Client(ctx.app).post('/api/auth/password-reset/request', { email: input.email });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailsTo(input.email, 'Reset%');
    expect(mail!.text).toContain('sent whatever your e-mail preferences say');
    expect(mail!.headers).toBeNull();
  });

  it('a registration confirmation, an event update and a cancellation end with the same line', async () => {
    const event = await createEvent(db(), { name: 'Harbor Lights Social' });
    const { client, input } = await registeredClient(ctx.app);
    expect(
      (await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' })).statusCode,
    ).toBe(200);
    await expect
      .poll(() => mailsTo(input.email, "You're registered%"))
      .toEqual([{ text: expect.stringContaining(TRANSACTIONAL_FOOTER), headers: null }]);
    const notice = {
      id: event.id,
      name: 'Harbor Lights Social',
      summary: null,
      location: 'Pier 4',
      startTime: new Date('2026-12-01T23:00:00Z'),
      endTime: new Date('2026-12-02T01:00:00Z'),
      sequence: 1,
    };
    const to = { email: 'x@example.com', name: 'X', status: 'attending' as const, guest: false };
    const config = ctx.app.services.config;
    for (const mail of [
      buildUpdateNotice(config, notice, { ...notice, location: 'Pier 5' }, to),
      buildCancelNotice(config, notice, to),
    ]) {
      expect(mail.text.endsWith(TRANSACTIONAL_FOOTER)).toBe(true);
      expect(mail.headers).toBeUndefined();
    }
  });
});
