import { asc, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../platform/clock';
import { readUnsubscribeToken, unsubscribeKey } from '../../platform/unsubscribe';
import { emailOutbox, eventAttendees, eventReminders, events, notificationPreferences } from '../../db/schema';
import { createEvent } from '../../test/factories';
import { createTestContext, registeredClient, type Client, type TestContext } from '../../test/harness';
import { startWorker, type Worker } from '../../test/workers';
import { eventUid } from './ics';
import { DEFAULT_WHAT_TO_BRING, startsIn } from './reminders';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A scenario per test: its own event, people and clock, on one database. */
function reminderSuite(ctx: () => TestContext) {
  const db = () => ctx().database.db;
  const mails = (eventName: string) =>
    db()
      .select({
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        headers: emailOutbox.headers,
        attachments: emailOutbox.attachments,
      })
      .from(emailOutbox)
      .where(like(emailOutbox.text, `%${eventName} starts%`))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.to));
  const tick = () => ctx().app.services.jobs.tick();
  async function member(name: string) {
    return registeredClient(ctx().app, { fullName: name });
  }
  const register = (client: Client, eventId: string) =>
    client.request('PUT', `/api/events/${eventId}/registration`, { status: 'attending' });
  return { db, mails, tick, member, register };
}

describe('event reminders (controlled clock)', () => {
  const clock = manualClock(new Date());
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ JOBS_CHECK_MS: '3600000', REMINDER_OFFSETS: '24h,1h' }, { clock });
  });
  afterAll(async () => ctx?.close());
  const t = reminderSuite(() => ctx);

  it('attending members and their guests get each reminder once; the waitlist, the unregistered and those who turned reminders off get none', async () => {
    clock.set(new Date());
    const start = new Date(Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR);
    const event = await createEvent(t.db(), {
      startTime: start,
      maxAttendees: 4,
      location: '101 Seaport Blvd, Boston',
      whatToBring: 'Business cards and a question for the panel.',
    });
    const ana = await t.member('Ana Reyes');
    const ben = await t.member('Ben Okafor');
    const cal = await t.member('Cal Moreno');
    const dee = await t.member('Dee Wallace');
    const eli = await t.member('Eli Stone');
    for (const m of [ana, ben, cal]) expect((await t.register(m.client, event.id)).statusCode).toBe(200);
    const guests = await ana.client.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [{ name: 'Gus Guest', email: 'gus.guest@example.com' }],
    });
    expect(guests.statusCode).toBe(200);
    // The guest took the last seat: Dee and Eli wait.
    expect((await t.register(dee.client, event.id)).json().waitlisted).toBe(true);
    expect((await t.register(eli.client, event.id)).json().waitlisted).toBe(true);
    await t.db().insert(notificationPreferences).values({ userId: ben.user.id, eventReminders: false });

    clock.set(new Date(start.getTime() - 24 * HOUR - MINUTE));
    await t.tick();
    expect(await t.mails(event.name)).toEqual([]);

    clock.set(new Date(start.getTime() - 24 * HOUR));
    await Promise.all([t.tick(), t.tick()]);
    await t.tick();
    const first = await t.mails(event.name);
    expect(first.map((m) => m.to).sort()).toEqual([ana.input.email, cal.input.email, 'gus.guest@example.com'].sort());
    const toAna = first.find((m) => m.to === ana.input.email)!;
    expect(toAna.subject).toBe(`Tomorrow: ${event.name}`);
    expect(toAna.text).toContain('Where: 101 Seaport Blvd, Boston');
    expect(toAna.text).toContain(
      'Map: https://www.google.com/maps/search/?api=1&query=101%20Seaport%20Blvd%2C%20Boston',
    );
    expect(toAna.text).toContain('What to bring: Business cards and a question for the panel.');
    expect(toAna.text).toContain('Your guests:\n  - Gus Guest');
    const ics = toAna.attachments![0]!.content;
    expect(ics).toContain(`UID:${eventUid(event.id)}`);
    expect(ics).toContain('SEQUENCE:0');
    // One click stops reminders for Ana alone.
    expect(toAna.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = /token=([^>]+)>/.exec(toAna.headers!['List-Unsubscribe']!)![1]!;
    expect(readUnsubscribeToken(await unsubscribeKey(t.db()), token)).toEqual({
      subscriber: { kind: 'member', id: ana.user.id },
      topic: 'event-reminders',
    });
    const toGus = first.find((m) => m.to === 'gus.guest@example.com')!;
    expect(toGus.text).toContain('Ana Reyes registered you as their guest.');

    // Cal unregisters: Dee, first on the waitlist, takes the seat and gets the reminder still due.
    await cal.client.request('DELETE', `/api/events/${event.id}/registration`);
    clock.set(new Date(start.getTime() - 20 * HOUR));
    await t.tick();
    const promoted = (await t.mails(event.name)).filter((m) => m.to === dee.input.email);
    expect(promoted).toHaveLength(1);
    expect(promoted[0]!.subject).toMatch(/^(Today|Tomorrow): /);

    clock.set(new Date(start.getTime() - HOUR));
    await t.tick();
    await t.tick();
    const all = await t.mails(event.name);
    const count = (to: string) => all.filter((m) => m.to === to).length;
    expect(count(ana.input.email)).toBe(2);
    expect(count('gus.guest@example.com')).toBe(2);
    expect(count(dee.input.email)).toBe(2);
    expect(count(cal.input.email)).toBe(1);
    expect(count(ben.input.email)).toBe(0);
    expect(count(eli.input.email)).toBe(0);
    expect(all.filter((m) => m.to === ana.input.email)[1]!.subject).toBe(`Starting soon: ${event.name}`);

    // Nothing once it has started.
    clock.set(new Date(start.getTime() + MINUTE));
    await t.tick();
    expect(await t.mails(event.name)).toHaveLength(all.length);
  });

  it('a moved event is reminded at its new time; a deleted one not at all', async () => {
    const start = new Date(Math.ceil((Date.now() + 4 * 24 * HOUR) / HOUR) * HOUR);
    const moved = await createEvent(t.db(), { startTime: start });
    const deleted = await createEvent(t.db(), { startTime: start });
    const fay = await t.member('Fay Lin');
    await t.register(fay.client, moved.id);
    await t.register(fay.client, deleted.id);

    clock.set(new Date(start.getTime() - 24 * HOUR));
    await t.tick();
    expect(await t.mails(moved.name)).toHaveLength(1);

    // Two days later, and the other one is cancelled, before the 1-hour reminders.
    const later = new Date(start.getTime() + 2 * 24 * HOUR);
    await t
      .db()
      .update(events)
      .set({ startTime: later, endTime: new Date(later.getTime() + 3 * HOUR), sequence: sql`${events.sequence} + 1` })
      .where(eq(events.id, moved.id));
    await t.db().delete(events).where(eq(events.id, deleted.id));
    clock.set(new Date(start.getTime() - HOUR));
    await t.tick();
    expect(await t.mails(moved.name)).toHaveLength(1);
    expect(await t.mails(deleted.name)).toHaveLength(1);

    clock.set(new Date(later.getTime() - 24 * HOUR));
    await t.tick();
    const again = await t.mails(moved.name);
    expect(again).toHaveLength(2);
    expect(again[1]!.attachments![0]!.content).toContain('SEQUENCE:1');
    clock.set(new Date(later.getTime() - HOUR));
    await t.tick();
    expect(await t.mails(moved.name)).toHaveLength(3);
  });

  it('after downtime only the nearest reminder goes out, late, and only before the start; a late registrant gets only what comes after', async () => {
    // Times of its own: a recurring job runs once per minute of the clock, and this clock only moves forward.
    const start = new Date(Math.ceil((Date.now() + 10 * 24 * HOUR) / HOUR) * HOUR);
    const event = await createEvent(t.db(), { startTime: start });
    const gil = await t.member('Gil Park');
    await t.register(gil.client, event.id);

    // Every process was down from two days before until 40 minutes before.
    clock.set(new Date(start.getTime() - 40 * MINUTE));
    await t.tick();
    const sent = await t.mails(event.name);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('starts in 40 minutes');
    const recorded = await t
      .db()
      .select({ offsetMinutes: eventReminders.offsetMinutes, status: eventReminders.status })
      .from(eventReminders)
      .where(eq(eventReminders.eventId, event.id))
      .orderBy(desc(eventReminders.offsetMinutes));
    expect(recorded).toEqual([
      { offsetMinutes: 1440, status: 'skipped' },
      { offsetMinutes: 60, status: 'sent' },
    ]);

    const other = await createEvent(t.db(), { startTime: new Date(start.getTime() + 24 * HOUR) });
    clock.set(new Date(other.startTime.getTime() - 3 * HOUR));
    // Registered three hours before (the real registration time stands in: move the row's time).
    const hal = await t.member('Hal Jones');
    await t.register(hal.client, other.id);
    await t.db().update(eventAttendees).set({ createdAt: clock.now() }).where(eq(eventAttendees.eventId, other.id));
    await t.tick();
    expect(await t.mails(other.name)).toEqual([]);
    clock.set(new Date(other.startTime.getTime() - HOUR));
    await t.tick();
    expect(await t.mails(other.name)).toHaveLength(1);

    const third = await createEvent(t.db(), { startTime: new Date(start.getTime() + 48 * HOUR) });
    await t.register(gil.client, third.id);
    clock.set(new Date(third.startTime.getTime() + MINUTE));
    await t.tick();
    expect(await t.mails(third.name)).toEqual([]);
  });

  it('says when in words on the community clock', () => {
    const tz = 'America/New_York';
    const start = new Date('2026-11-25T23:00:00Z'); // 6:00 PM in Boston
    expect(startsIn(start, new Date('2026-11-24T23:00:00Z'), tz)).toBe('tomorrow at 6:00 PM');
    expect(startsIn(start, new Date('2026-11-25T14:00:00Z'), tz)).toBe('today at 6:00 PM');
    expect(startsIn(start, new Date('2026-11-25T22:15:00Z'), tz)).toBe('in 45 minutes (6:00 PM)');
    expect(startsIn(start, new Date('2026-11-23T12:00:00Z'), tz)).toBe('on Wednesday, November 25 at 6:00 PM');
    expect(DEFAULT_WHAT_TO_BRING).toMatch(/business cards/i);
  });
});

// Two more server processes on the same PostgreSQL database, each sweeping at the same moments.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('event reminders from three processes (PostgreSQL)', () => {
  const clock = manualClock(new Date());
  let ctx: TestContext;
  const workers: Worker[] = [];
  beforeAll(async () => {
    ctx = await createTestContext({ JOBS_CHECK_MS: '3600000' }, { clock });
    for (let i = 0; i < 2; i++) workers.push(await startWorker(ctx.databaseUrl!, { clock: clock.now() }));
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await ctx?.close();
  });
  const t = reminderSuite(() => ctx);

  it('each member gets each reminder exactly once; none after unregistering or cancellation', async () => {
    const start = new Date(Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR);
    const event = await createEvent(t.db(), { startTime: start });
    const cancelled = await createEvent(t.db(), { startTime: start });
    const people = await Promise.all(Array.from({ length: 12 }, (_, i) => t.member(`Sweeper ${i}`)));
    for (const p of people) {
      await t.register(p.client, event.id);
      await t.register(p.client, cancelled.id);
    }
    const everyone = async (at: Date) => {
      clock.set(at);
      await Promise.all(workers.map((w) => w.setClock(at)));
      await Promise.all([...workers.flatMap((w) => [w.tick(), w.tick()]), t.tick()]);
    };
    await everyone(new Date(start.getTime() - 24 * HOUR));
    expect(await t.mails(event.name)).toHaveLength(12);
    expect(await t.mails(cancelled.name)).toHaveLength(12);

    await people[0]!.client.request('DELETE', `/api/events/${event.id}/registration`);
    await t.db().delete(events).where(eq(events.id, cancelled.id));
    await everyone(new Date(start.getTime() - 23 * HOUR));
    await everyone(new Date(start.getTime() - HOUR));
    await everyone(new Date(start.getTime() - 30 * MINUTE));

    const all = await t.mails(event.name);
    expect(all).toHaveLength(23);
    const perPerson = new Map<string, number>();
    for (const m of all) perPerson.set(m.to, (perPerson.get(m.to) ?? 0) + 1);
    expect(perPerson.get(people[0]!.input.email)).toBe(1);
    for (const p of people.slice(1)) expect(perPerson.get(p.input.email)).toBe(2);
    expect(await t.mails(cancelled.name)).toHaveLength(12);
  });
});
