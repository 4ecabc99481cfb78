import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  eventAttendees,
  eventCheckIns,
  eventDoorStaff,
  eventGuests,
  forumPosts,
  forumReplies,
  forums,
  messages,
  profiles,
  skills,
  user,
  userSkills,
} from '../../db/schema';
import { Client, createTestContext, uploadFile, type TestContext } from '../../test/harness';
import { createAdmin, createEvent, createMembers, signIn } from '../../test/factories';
import { USERNAME_MISMATCH } from '../../../shared/account';
import { LAST_ADMIN } from '../../../shared/users';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;

describe('GET /api/me/export', () => {
  it('includes the e-mail preferences, the reminders sent and that a calendar address exists, not the address', async () => {
    const [me] = await createMembers(db(), 1, 'exportprefs');
    const event = await createEvent(db());
    await db().execute(sql`insert into notification_preferences (user_id, messages) values (${me!.id}, false)`);
    await db().execute(sql`insert into event_reminders (event_id, recipient, offset_minutes, starts_at, status, sent_at)
      values (${event.id}, ${`member:${me!.id}`}, 60, ${event.startTime.toISOString()}::timestamptz, 'sent', now())`);
    const client = await signIn(ctx.app, me!);
    const feed = (await client.get('/api/calendar-feed')).json() as { url: string };
    const data = (await client.get('/api/me/export')).json();
    expect(data.emailPreferences).toMatchObject({ messages: false, event_reminders: true });
    expect(data.reminders).toMatchObject([{ event_id: event.id, offset_minutes: 60, status: 'sent' }]);
    expect(data.calendarFeed.created_at).toEqual(expect.any(String));
    const token = feed.url.split('/').pop()!.replace('.ics', '');
    expect(JSON.stringify(data)).not.toContain(token);
  });

  it('includes the member’s check-ins (their own and their guests’) and the events they are door staff for', async () => {
    const [me, someone] = await createMembers(db(), 2, 'exportdoor');
    const event = await createEvent(db(), { name: 'Door Export Mixer' });
    const staffed = await createEvent(db(), { name: 'Staffed Mixer' });
    await db().insert(eventAttendees).values({ eventId: event.id, userId: me!.id, status: 'attending' });
    const [guest] = await db()
      .insert(eventGuests)
      .values({ eventId: event.id, profileId: me!.id, guestName: 'Jordan Lee', guestEmail: 'jordan@example.com' })
      .returning();
    await db()
      .insert(eventCheckIns)
      .values([
        {
          eventId: event.id,
          ticket: `member:${me!.id}`,
          userId: me!.id,
          checkedInAt: new Date('2030-01-01T23:00:00Z'),
          device: 'Front door',
        },
        {
          eventId: event.id,
          ticket: `guest:${guest!.id}`,
          userId: me!.id,
          guestId: guest!.id,
          checkedInAt: new Date('2030-01-01T23:05:00Z'),
          device: 'Side door',
        },
      ]);
    await db()
      .insert(eventDoorStaff)
      .values([
        { eventId: staffed.id, userId: me!.id },
        { eventId: event.id, userId: someone!.id },
      ]);
    const data = (await (await signIn(ctx.app, me!)).get('/api/me/export')).json();
    // Either driver's timestamp text (PGlite's or node-postgres' Date) names the same instant.
    const checkIns = (data.checkIns as { checked_in_at: string }[]).map((c) => ({
      ...c,
      checked_in_at: new Date(c.checked_in_at).toISOString(),
    }));
    expect(checkIns).toEqual([
      {
        event_id: event.id,
        event_name: 'Door Export Mixer',
        kind: 'member',
        guest_name: null,
        checked_in_at: '2030-01-01T23:00:00.000Z',
      },
      {
        event_id: event.id,
        event_name: 'Door Export Mixer',
        kind: 'guest',
        guest_name: 'Jordan Lee',
        checked_in_at: '2030-01-01T23:05:00.000Z',
      },
    ]);
    expect(data.doorStaff).toEqual([
      { event_id: staffed.id, event_name: 'Staffed Mixer', created_at: expect.any(String) },
    ]);
  });

  it("holds the member's offers and asks, People-to-meet setting, connect code (that one exists) and morning-after e-mails", async () => {
    const [me] = await createMembers(db(), 1, 'exportroom');
    const client = await signIn(ctx.app, me!);
    await client.request('PUT', '/api/me/offers-asks', {
      offers: ['Commercial lending'],
      asks: ['a general contractor'],
    });
    await client.request('PUT', '/api/me/people-to-meet', { visible: false });
    const code = (await client.get('/api/me/connect-code')).json();
    const data = (await client.get('/api/me/export')).json();
    expect(data.offersAndAsks.map((i: { kind: string; text: string }) => [i.kind, i.text])).toEqual([
      ['ask', 'a general contractor'],
      ['offer', 'Commercial lending'],
    ]);
    expect(data.showInPeopleToMeet).toBe(false);
    expect(data.connectCode).toEqual({ created_at: expect.any(String) });
    expect(JSON.stringify(data)).not.toContain(code.url.split('/').pop());
    expect(data.morningAfterEmails).toEqual([]);
    expect(data.emailPreferences.morning_after).toBe(true);
  });

  it('holds the series the member registered for every date of', async () => {
    const [me, other] = await createMembers(db(), 2, 'exportseries');
    const [series] = (
      await db().execute<{ id: string }>(sql`insert into event_series
        (rule, start_date, start_time, duration_minutes, template, generated_until)
        values ('{"frequency":"weekly","interval":1,"weekdays":[2],"ends":{"kind":"never"}}'::jsonb, '2026-03-03',
          '07:30', 90, '{"name":"Coffee & Connections"}'::jsonb, '2026-03-03') returning id`)
    ).rows;
    await db().execute(sql`insert into series_members (series_id, user_id) values (${series!.id}, ${me!.id})`);
    const mine = (await (await signIn(ctx.app, me!)).get('/api/me/export')).json();
    expect(mine.seriesJoined).toEqual([
      { series_id: series!.id, series_name: 'Coffee & Connections', joined_at: expect.any(String) },
    ]);
    const theirs = (await (await signIn(ctx.app, other!)).get('/api/me/export')).json();
    expect(theirs.seriesJoined).toEqual([]);
  });

  it('refuses a visitor with 401', async () => {
    expect((await new Client(ctx.app).get('/api/me/export')).statusCode).toBe(401);
  });

  it('downloads everything held about the member as one JSON attachment', async () => {
    const [me, other] = await createMembers(db(), 2, 'exporter');
    const client = await signIn(ctx.app, me!);
    const otherClient = await signIn(ctx.app, other!);
    const [skill] = await db()
      .insert(skills)
      .values({ name: `Export skill ${me!.id}` })
      .returning();
    await db().insert(userSkills).values({ userId: me!.id, skillId: skill!.id });
    const event = await createEvent(db(), { name: 'Export Mixer' });
    expect(
      (await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' })).statusCode,
    ).toBe(200);
    const guests = await client.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [{ name: 'Guest Person', email: 'guest.person@example.com' }],
    });
    expect(guests.statusCode).toBe(200);
    await client.post('/api/connections', { username: other!.username });
    await client.post('/api/messages', { to: other!.username, subject: 'Out', content: 'Sent by me' });
    await otherClient.post('/api/messages', { to: me!.username, subject: 'In', content: 'Sent to me' });
    const [forum] = await db().insert(forums).values({ name: 'Export forum' }).returning();
    const [post] = await db()
      .insert(forumPosts)
      .values({ forumId: forum!.id, authorId: me!.id, title: 'Exported post', content: '<p>Post body</p>' })
      .returning();
    await db().insert(forumReplies).values({ postId: post!.id, authorId: me!.id, content: '<p>Reply body</p>' });

    const res = await client.get('/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="power-mixer-.+\.json"$/);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: me!.id, username: me!.username, email: me!.email });
    expect(data.skills.map((s: { name: string }) => s.name)).toEqual([skill!.name]);
    expect(data.registrations).toEqual([expect.objectContaining({ event_name: 'Export Mixer', status: 'attending' })]);
    expect(data.guests).toEqual([
      expect.objectContaining({ guest_name: 'Guest Person', guest_email: 'guest.person@example.com' }),
    ]);
    expect(data.connections).toEqual([
      expect.objectContaining({ direction: 'sent', member: other!.username, status: 'pending' }),
    ]);
    expect(data.messages.sent).toEqual([
      expect.objectContaining({ to_member: other!.username, content: 'Sent by me' }),
    ]);
    expect(data.messages.received).toEqual([
      expect.objectContaining({ from_member: other!.username, content: 'Sent to me' }),
    ]);
    expect(data.forumPosts).toEqual([expect.objectContaining({ title: 'Exported post', forum: 'Export forum' })]);
    expect(data.forumReplies).toEqual([
      expect.objectContaining({ content: '<p>Reply body</p>', post: 'Exported post' }),
    ]);
    // Another member's e-mail is not theirs to download.
    expect(res.body).not.toContain(other!.email);
  });
});

describe('POST /api/me/delete', () => {
  it('refuses a visitor with 401', async () => {
    expect((await new Client(ctx.app).post('/api/me/delete', { username: 'x' })).statusCode).toBe(401);
  });

  it('refuses a username that is not the member’s own (422) and keeps the account', async () => {
    const [me] = await createMembers(db(), 1, 'keeper');
    const client = await signIn(ctx.app, me!);
    const wrong = await client.post('/api/me/delete', { username: 'someone-else' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe(USERNAME_MISMATCH);
    const empty = await client.post('/api/me/delete', { username: '' });
    expect(empty.statusCode).toBe(422);
    expect(await db().select().from(user).where(eq(user.id, me!.id))).toHaveLength(1);
  });

  it('deletes the account, ends the session, removes the avatar; sent messages and posts stay', async () => {
    const [me, other] = await createMembers(db(), 2, 'selfdelete');
    const client = await signIn(ctx.app, me!);
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    const upload = await uploadFile(ctx.app, client, '/api/me/avatar', png);
    const avatarFile = path.join(ctx.dataDir, upload.json().avatarUrl.replace(/^\//, ''));
    expect(existsSync(avatarFile)).toBe(true);
    await client.post('/api/messages', { to: other!.username, subject: 'Bye', content: 'Leaving' });
    const [forum] = await db().insert(forums).values({ name: 'Self delete forum' }).returning();
    const [post] = await db()
      .insert(forumPosts)
      .values({ forumId: forum!.id, authorId: me!.id, title: 'Stays', content: '<p>x</p>' })
      .returning();

    const res = await client.post('/api/me/delete', { username: me!.username.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect(await db().select().from(user).where(eq(user.id, me!.id))).toHaveLength(0);
    expect(existsSync(avatarFile)).toBe(false);
    expect((await client.get('/api/me/export')).statusCode).toBe(401);
    const [kept] = await db().select().from(messages).where(eq(messages.subject, 'Bye'));
    expect(kept!.senderId).toBeNull();
    const [keptPost] = await db().select().from(forumPosts).where(eq(forumPosts.id, post!.id));
    expect(keptPost!.authorId).toBeNull();
  });

  it('refuses the last admin deleting their own account (409)', async () => {
    const only = await createAdmin(db(), 'lastadmin');
    await db().execute(sql`update profiles set is_admin = false where id <> ${only.id}`);
    const client = await signIn(ctx.app, only);
    const res = await client.post('/api/me/delete', { username: only.username });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(LAST_ADMIN);
    const [row] = await db().select().from(profiles).where(eq(profiles.id, only.id));
    expect(row!.isAdmin).toBe(true);

    // With a second admin, the first may go.
    const second = await createAdmin(db(), 'secondadmin');
    const again = await client.post('/api/me/delete', { username: only.username });
    expect(again.statusCode).toBe(200);
    const [kept] = await db().select().from(profiles).where(eq(profiles.id, second.id));
    expect(kept!.isAdmin).toBe(true);
  });
});
