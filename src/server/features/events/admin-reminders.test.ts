import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventReminders } from '../../db/schema';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createMembers, signIn } from '../../test/factories';
import { EVENT_NOT_FOUND } from '../../../shared/events';
import { reminderOffsetLabel } from '../../../shared/event-admin';

// The admin's event page: how many reminders went out per configured offset, and when.

const MISSING = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;
const START = new Date('2030-03-10T22:00:00Z');

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await adminClient(ctx.app)).client;
});
afterAll(async () => ctx?.close());

describe('GET /api/admin/events/:id/reminders', () => {
  it('refuses a visitor (401) and a member (403)', async () => {
    const url = `/api/admin/events/${MISSING}/reminders`;
    expect((await new Client(ctx.app).get(url)).statusCode).toBe(401);
    const [m] = await createMembers(ctx.database.db, 1, 'remindermember');
    expect((await (await signIn(ctx.app, m!)).get(url)).statusCode).toBe(403);
  });

  it('answers 404 with a message for a missing event or an id that cannot be one', async () => {
    for (const id of [MISSING, 'not-a-uuid']) {
      const res = await admin.get(`/api/admin/events/${id}/reminders`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(EVENT_NOT_FOUND);
    }
  });

  it('counts sent and skipped reminders per offset for the current start, with first and last sent', async () => {
    const db = ctx.database.db;
    const event = await createEvent(db, { startTime: START, endTime: new Date(START.getTime() + 3 * HOUR) });
    const dayBefore = new Date(START.getTime() - 24 * HOUR);
    const row = (recipient: string, status: string, sentAt: Date, startsAt = START) => ({
      eventId: event.id,
      recipient,
      offsetMinutes: 1440,
      startsAt,
      status,
      sentAt,
    });
    await db.insert(eventReminders).values([
      row('member:a', 'sent', dayBefore),
      row('member:b', 'sent', new Date(dayBefore.getTime() + 90_000)),
      row('guest:c', 'sent', new Date(dayBefore.getTime() + 30_000)),
      row('member:d', 'skipped', new Date(dayBefore.getTime() + 120_000)),
      // Sent for the time the event had before it was moved: not this start's reminders.
      row('member:e', 'sent', new Date(dayBefore.getTime() - 7 * 24 * HOUR), new Date(START.getTime() - 7 * 24 * HOUR)),
    ]);

    const res = await admin.get(`/api/admin/events/${event.id}/reminders`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      startsAt: START.toISOString(),
      timeZone: 'America/New_York',
      reminders: [
        {
          offsetMinutes: 1440,
          label: '24 hours before',
          dueAt: dayBefore.toISOString(),
          sent: 3,
          skipped: 1,
          firstSentAt: dayBefore.toISOString(),
          lastSentAt: new Date(dayBefore.getTime() + 90_000).toISOString(),
        },
        {
          offsetMinutes: 60,
          label: '1 hour before',
          dueAt: new Date(START.getTime() - HOUR).toISOString(),
          sent: 0,
          skipped: 0,
          firstSentAt: null,
          lastSentAt: null,
        },
      ],
    });
  });

  it('follows REMINDER_OFFSETS', async () => {
    const other = await createTestContext({ REMINDER_OFFSETS: '2d,90m' });
    try {
      const event = await createEvent(other.database.db, { startTime: START });
      const { client } = await adminClient(other.app);
      const body = (await client.get(`/api/admin/events/${event.id}/reminders`)).json();
      expect(body.reminders.map((r: { label: string; dueAt: string }) => [r.label, r.dueAt])).toEqual([
        ['2 days before', new Date(START.getTime() - 48 * HOUR).toISOString()],
        ['90 minutes before', new Date(START.getTime() - 90 * 60_000).toISOString()],
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('reminderOffsetLabel', () => {
  it.each([
    [1440, '24 hours before'],
    [60, '1 hour before'],
    [120, '2 hours before'],
    [90, '90 minutes before'],
    [1, '1 minute before'],
    [2880, '2 days before'],
  ])('%i minutes -> %s', (minutes, label) => expect(reminderOffsetLabel(minutes)).toBe(label));
});
