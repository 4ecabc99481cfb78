import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  connections,
  emailOutbox,
  eventAttendees,
  eventCheckIns,
  eventGuests,
  morningAfterSends,
  eventFeedback,
  notificationPreferences,
  profiles,
} from '../../db/schema';
import type { Mailer } from '../../platform/mail';
import { manualClock } from '../../platform/clock';
import { readUnsubscribeToken, unsubscribeKey } from '../../platform/unsubscribe';
import { createEvent, createMembers } from '../../test/factories';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { startWorker, type Worker } from '../../test/workers';
import { saveOffersAsks } from '../members/offers-asks';
import { morningAfterAt, morningAfterSubject, sendMorningAfter } from './morning-after';
import { FEEDBACK_QUESTION } from '../../../shared/feedback';

// The morning-after e-mail: due at 9 AM on the community's clock the day after the event, once
// per member who checked in (however many sweeps and processes), none to those who turned it off
// or did not come, and what it says.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONE = 'America/New_York';

type Member = Awaited<ReturnType<typeof createMembers>>[number] & { name: string };

/** Helpers over one test database. */
function suite(ctx: () => TestContext) {
  const db = () => ctx().database.db;
  // Sorted here: the database's collation may order addresses otherwise.
  const mails = async (eventName: string) =>
    (
      await db()
        .select({
          to: emailOutbox.to,
          subject: emailOutbox.subject,
          text: emailOutbox.text,
          html: emailOutbox.html,
          headers: emailOutbox.headers,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, morningAfterSubject(eventName)))
    ).sort((a, b) => a.to.localeCompare(b.to));
  const sends = async (eventId: string) =>
    (
      await db()
        .select({ userId: morningAfterSends.userId, status: morningAfterSends.status })
        .from(morningAfterSends)
        .where(eq(morningAfterSends.eventId, eventId))
    ).sort((a, b) => a.userId.localeCompare(b.userId));
  async function members(names: string[]): Promise<Member[]> {
    const made = await createMembers(db(), names.length, 'ma');
    for (const [i, m] of made.entries()) {
      await db().update(profiles).set({ fullName: names[i] }).where(eq(profiles.id, m.id));
    }
    return made.map((m, i) => ({ ...m, name: names[i]! }));
  }
  /** Registered (attending) and, unless `came` is false, admitted at the door. */
  async function attend(eventId: string, member: Member, came = true, at = new Date()) {
    await db().insert(eventAttendees).values({ eventId, userId: member.id, status: 'attending' });
    if (came)
      await db()
        .insert(eventCheckIns)
        .values({ eventId, ticket: `member:${member.id}`, userId: member.id, checkedInAt: at, device: 'Front door' });
  }
  async function connect(a: Member, b: Member, at: Date, metAt: string | null = null) {
    await db().insert(connections).values({
      requesterId: a.id,
      recipientId: b.id,
      status: 'accepted',
      metAtEventId: metAt,
      createdAt: at,
      updatedAt: at,
    });
  }
  /** The mails of members who want the rating links alone ("How was ...?"). */
  const feedbackMails = async (eventName: string) =>
    (
      await db()
        .select({ to: emailOutbox.to, text: emailOutbox.text, html: emailOutbox.html, headers: emailOutbox.headers })
        .from(emailOutbox)
        .where(eq(emailOutbox.subject, FEEDBACK_QUESTION(eventName)))
    ).sort((a, b) => a.to.localeCompare(b.to));
  return { db, mails, feedbackMails, sends, members, attend, connect };
}

/** An evening event on `day` (YYYY-MM-DD, community time), 6 to 9 PM. */
async function eveningEvent(
  t: ReturnType<typeof suite>,
  day: string,
  overrides: { recapVideoUrl?: string; name?: string } = {},
) {
  const start = new Date(`${day}T23:00:00Z`); // 6 PM in Boston in winter
  return createEvent(t.db(), {
    name: `Harbor Lights Mixer ${day}`,
    status: 'completed',
    startTime: start,
    endTime: new Date(start.getTime() + 3 * HOUR),
    ...overrides,
  });
}

describe('when the morning after is', () => {
  it('is 9 AM on the next calendar day on the community clock, across midnight and summer time', () => {
    // Ends 9 PM on Thursday, December 3 (EST): Friday at 9 AM, 14:00 UTC.
    expect(morningAfterAt(new Date('2026-12-04T02:00:00Z'), ZONE)).toEqual(new Date('2026-12-04T14:00:00Z'));
    // Ends at 12:30 AM on Saturday: the morning after is Sunday's.
    expect(morningAfterAt(new Date('2026-12-05T05:30:00Z'), ZONE)).toEqual(new Date('2026-12-06T14:00:00Z'));
    // Ends Saturday, March 13, 2027 at 9 PM EST; clocks go forward that night: 9 AM EDT is 13:00 UTC.
    expect(morningAfterAt(new Date('2027-03-14T02:00:00Z'), ZONE)).toEqual(new Date('2027-03-14T13:00:00Z'));
    // Another community's clock.
    expect(morningAfterAt(new Date('2026-12-04T02:00:00Z'), 'Europe/Berlin')).toEqual(new Date('2026-12-05T08:00:00Z'));
  });
});

describe('the morning-after e-mail (controlled clock)', () => {
  const START = new Date('2026-12-03T12:00:00Z');
  const clock = manualClock(START);
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ JOBS_CHECK_MS: '3600000', SITE_TIMEZONE: ZONE }, { clock });
  });
  afterAll(async () => ctx?.close());
  // Each test sets the moment it needs; none leaves its clock to the next, even when it fails.
  afterEach(() => clock.set(START));
  const t = suite(() => ctx);
  const tick = () => ctx.app.services.jobs.tick();
  const people: Record<string, Member> = {};
  let event: Awaited<ReturnType<typeof eveningEvent>>;

  beforeAll(async () => {
    const names = [
      'Ana Reyes',
      'Ben Okafor',
      'Cal Moreno',
      'Dee Wallace',
      'Eve Lin',
      'Fay Brooks',
      'Gil Park',
      'Hal Stone',
    ];
    for (const m of await t.members(names)) people[m.name.split(' ')[0]!.toLowerCase()] = m;
    const { ana, ben, cal, dee, eve, fay, gil, hal } = people as Record<string, Member>;
    event = await eveningEvent(t, '2026-12-03');
    const during = new Date(event.startTime.getTime() + HOUR);
    for (const m of [ana!, ben!, cal!, eve!, fay!, gil!, hal!]) await t.attend(event.id, m, true, during);
    // Dee registered and matches Ana best, but never came.
    await t.attend(event.id, dee!, false);
    await saveOffersAsks(t.db(), ana!.id, { offers: ['commercial lending'], asks: ['a general contractor'] });
    await saveOffersAsks(t.db(), ben!.id, { offers: [], asks: ['a lender'] });
    await saveOffersAsks(t.db(), dee!.id, { offers: ['general contracting'], asks: [] });
    // Cal and Ana scanned each other's codes there; Gil accepted Ana's request during the event;
    // Fay and Ana have been connected for months.
    await t.connect(cal!, ana!, during, event.id);
    await t.connect(ana!, gil!, new Date(during.getTime() + 30 * MINUTE));
    await t.connect(fay!, ana!, new Date(event.startTime.getTime() - 90 * DAY));
    // Ana's guest came too: guests get no morning-after e-mail.
    const [guest] = await t
      .db()
      .insert(eventGuests)
      .values({ eventId: event.id, profileId: ana!.id, guestName: 'Gus Guest', guestEmail: 'gus.guest@example.com' })
      .returning({ id: eventGuests.id });
    await t
      .db()
      .insert(eventCheckIns)
      .values({
        eventId: event.id,
        ticket: `guest:${guest!.id}`,
        userId: ana!.id,
        guestId: guest!.id,
        checkedInAt: during,
        device: 'Front door',
      });
    // Eve turned off both parts of the mail: the morning-after e-mail and the rating links.
    await t.db().insert(notificationPreferences).values({ userId: eve!.id, morningAfter: false, feedback: false });
  });

  it('nothing at 8:59 AM; from 9 AM one e-mail to each member who checked in, however many sweeps', async () => {
    const nine = new Date('2026-12-04T14:00:00Z');
    clock.set(new Date(nine.getTime() - MINUTE));
    await tick();
    expect(await t.mails(event.name)).toEqual([]);
    expect(await t.sends(event.id)).toEqual([]);

    clock.set(nine);
    await Promise.all([tick(), tick()]);
    await tick();
    // Another sweep in a later period finds nothing left to do.
    clock.set(new Date(nine.getTime() + 10 * MINUTE));
    await tick();
    const sent = await t.mails(event.name);
    const { ana, ben, cal, dee, eve, fay, gil, hal } = people as Record<string, Member>;
    expect(sent.map((m) => m.to)).toEqual(
      [ana, ben, cal, fay, gil, hal].map((m) => m!.email).sort((a, b) => a.localeCompare(b)),
    );
    expect(sent.some((m) => m.to === dee!.email || m.to === 'gus.guest@example.com')).toBe(false);
    // Eve turned both parts off: recorded as skipped, so no later sweep reconsiders her.
    expect(await t.sends(event.id)).toEqual(
      [ana, ben, cal, eve, fay, gil, hal]
        .map((m) => ({ userId: m!.id, status: m === eve ? 'skipped' : 'sent' }))
        .sort((a, b) => a.userId.localeCompare(b.userId)),
    );
  });

  it('lists the people met there and the matches not met with Connect links, then the recap link', async () => {
    const { ana, ben, cal, dee, fay, gil, hal } = people as Record<string, Member>;
    const mail = (await t.mails(event.name)).find((m) => m.to === ana!.email)!;
    const url = (m: Member) => `http://localhost:3000/user/${m.username}`;
    expect(mail.subject).toBe(`After ${event.name}: the people you met`);
    expect(mail.text).toContain(`Hello Ana Reyes,\n\nThank you for coming to ${event.name}.`);
    expect(mail.text).toContain(
      `People you connected with:\n  - Cal Moreno: ${url(cal!)}\n  - Gil Park: ${url(gil!)}\n\n`,
    );
    expect(mail.text).not.toContain('Fay Brooks');
    expect(mail.text).toContain(
      `People you were matched with but did not meet:\n  - Ben Okafor, looking for a lender; you offer commercial lending. Connect: ${url(ben!)}\n\n`,
    );
    expect(mail.text).not.toContain('Dee Wallace');
    expect(mail.text).toContain(
      `The recap will be on the event page once it is posted: http://localhost:3000/events/${event.id}`,
    );
    // The HTML part says the same, with the links as links.
    expect(mail.html).toContain(`<li>Cal Moreno: <a href="${url(cal!)}">${url(cal!)}</a></li>`);
    expect(mail.html).toContain(`Connect: <a href="${url(ben!)}">`);

    // Ben connected with nobody; Ana is his match (he looks for a lender).
    const toBen = (await t.mails(event.name)).find((m) => m.to === ben!.email)!;
    expect(toBen.text).not.toContain('People you connected with');
    expect(toBen.text).toContain(`  - Ana Reyes, offers commercial lending; you are looking for a lender. Connect:`);
    // Fay met nobody new, but shares Ana as a connection with Cal and Gil.
    const toFay = (await t.mails(event.name)).find((m) => m.to === fay!.email)!;
    expect(toFay.text).toContain(`  - Cal Moreno, 1 mutual connection. Connect: ${url(cal!)}`);
    // Hal has neither: a short thank-you and the recap line.
    const toHal = (await t.mails(event.name)).find((m) => m.to === hal!.email)!;
    expect(toHal.text).not.toMatch(/People you/);
    expect(toHal.text).toContain('We hope you left with a few good conversations.');
    expect(toHal.text).toContain(`http://localhost:3000/events/${event.id}`);
    void dee;
  });

  it('carries the one-click unsubscribe, which turns the next one off', async () => {
    const { ben } = people as Record<string, Member>;
    const mail = (await t.mails(event.name)).find((m) => m.to === ben!.email)!;
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<([^>]+)>/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
    const token = new URL(oneClick).searchParams.get('token')!;
    expect(readUnsubscribeToken(await unsubscribeKey(t.db()), token)).toEqual({
      subscriber: { kind: 'member', id: ben!.id },
      topic: 'morning-after',
    });
    expect(mail.text).toContain(
      'You get this e-mail because morning-after e-mails after events you came to are on in your e-mail preferences.',
    );
    expect(mail.text).toContain(`/unsubscribe?token=${token}`);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);

    // The next evening's event, with its recap already posted: Ben gets no morning-after e-mail,
    // only the short one asking how it was (his rating links are still on).
    const next = await eveningEvent(t, '2026-12-04', { recapVideoUrl: 'https://www.youtube.com/watch?v=recap123' });
    const { ana } = people as Record<string, Member>;
    await t.attend(next.id, ana!);
    await t.attend(next.id, ben!);
    clock.set(new Date('2026-12-05T14:00:00Z'));
    await tick();
    const sent = await t.mails(next.name);
    expect(sent.map((m) => m.to)).toEqual([ana!.email]);
    expect(sent[0]!.text).toContain(`Watch the recap: http://localhost:3000/events/${next.id}`);
    expect((await t.feedbackMails(next.name)).map((m) => m.to)).toEqual([ben!.email]);
    expect(await t.sends(next.id)).toContainEqual({ userId: ben!.id, status: 'sent' });
  });

  /** The one-click address of a mail's List-Unsubscribe header, and what its token names. */
  async function oneClick(headers: Record<string, string> | null) {
    const url = /<([^>]+)>/.exec(headers!['List-Unsubscribe']!)![1]!;
    const token = new URL(url).searchParams.get('token')!;
    return { url, link: readUnsubscribeToken(await unsubscribeKey(t.db()), token) };
  }
  const RATING_LINE =
    /^ {2}- (\d) \(([A-Za-z ]+)\): (http:\/\/localhost:3000\/feedback\?token=([\w.-]+)&rating=(\d))$/gm;

  it('asks how it was with five one-tap links that record a rating (the latest tap counts)', async () => {
    const [ria, sam] = await t.members(['Ria Costa', 'Sam Idris']);
    const evening = await eveningEvent(t, '2026-12-12');
    await t.attend(evening.id, ria!);
    await t.attend(evening.id, sam!);
    // Sam keeps the morning-after e-mail but turned the rating links off.
    await t.db().insert(notificationPreferences).values({ userId: sam!.id, feedback: false });
    clock.set(new Date('2026-12-13T14:00:00Z'));
    await tick();
    const sent = await t.mails(evening.name);
    const mailToRia = sent.find((m) => m.to === ria!.email)!;
    const mailToSam = sent.find((m) => m.to === sam!.email)!;

    const lines = [...mailToRia.text.matchAll(RATING_LINE)];
    expect(lines.map((l) => [l[1], l[2], l[5]])).toEqual([
      ['1', 'Poor', '1'],
      ['2', 'Fair', '2'],
      ['3', 'Good', '3'],
      ['4', 'Very good', '4'],
      ['5', 'Excellent', '5'],
    ]);
    expect(mailToRia.text).toContain(`${FEEDBACK_QUESTION(evening.name)}\n  - 1 (Poor): `);
    // The HTML part names each link by its words.
    const five = lines[4]![3]!.replace(/&/g, '&amp;');
    expect(mailToRia.html).toContain(`<li><a href="${five}">5 (Excellent)</a></li>`);
    // The headers stop the mail's main part; the footer also offers stopping the rating links.
    expect((await oneClick(mailToRia.headers)).link).toEqual({
      subscriber: { kind: 'member', id: ria!.id },
      topic: 'morning-after',
    });
    const stop = /Stop requests to rate the events you came to: (\S+)/.exec(mailToRia.text)![1]!;
    expect(readUnsubscribeToken(await unsubscribeKey(t.db()), new URL(stop).searchParams.get('token')!)).toEqual({
      subscriber: { kind: 'member', id: ria!.id },
      topic: 'feedback',
    });
    // Sam's mail has no rating part.
    expect(mailToSam.text).not.toContain(FEEDBACK_QUESTION(evening.name));
    expect(mailToSam.text).not.toContain('/feedback?token=');
    expect(mailToSam.text).not.toContain('Stop requests to rate');

    // Ria taps "4", then "2": one answer, the latest.
    const browser = new Client(ctx.app);
    const tap = async (line: RegExpMatchArray) => {
      const url = new URL(line[3]!);
      return browser.request('PUT', '/api/feedback/link', {
        token: url.searchParams.get('token'),
        rating: Number(url.searchParams.get('rating')),
      });
    };
    const first = await tap(lines[3]!);
    expect(first.statusCode).toBe(200);
    expect(first.json().answer).toMatchObject({ rating: 4, comment: null, showName: false });
    expect((await tap(lines[1]!)).json().answer.rating).toBe(2);
    const rows = await t
      .db()
      .select({ userId: eventFeedback.userId, rating: eventFeedback.rating })
      .from(eventFeedback)
      .where(eq(eventFeedback.eventId, evening.id));
    expect(rows).toEqual([{ userId: ria!.id, rating: 2 }]);
  });

  it('with the morning-after e-mail off, a short mail asks how it was; with both off, nothing (skipped)', async () => {
    const [tia, uma] = await t.members(['Tia Novak', 'Uma Bell']);
    await t
      .db()
      .insert(notificationPreferences)
      .values([
        { userId: tia!.id, morningAfter: false },
        { userId: uma!.id, morningAfter: false, feedback: false },
      ]);
    const evening = await eveningEvent(t, '2026-12-14');
    await t.attend(evening.id, tia!);
    await t.attend(evening.id, uma!);
    clock.set(new Date('2026-12-15T14:00:00Z'));
    await tick();
    expect(await t.mails(evening.name)).toEqual([]);
    const [mail, ...others] = await t.feedbackMails(evening.name);
    expect(others).toEqual([]);
    expect(mail!.to).toBe(tia!.email);
    expect(mail!.text).toContain(`Hello Tia Novak,\n\nThank you for coming to ${evening.name}.`);
    expect([...mail!.text.matchAll(RATING_LINE)]).toHaveLength(5);
    expect(mail!.text).toContain(
      'You get this e-mail because requests to rate the events you came to are on in your e-mail preferences.',
    );
    expect(await t.sends(evening.id)).toEqual(
      [
        { userId: tia!.id, status: 'sent' },
        { userId: uma!.id, status: 'skipped' },
      ].sort((a, b) => a.userId.localeCompare(b.userId)),
    );

    // Its one-click unsubscribe stops the rating links: the next evening, Tia is skipped.
    const { url, link } = await oneClick(mail!.headers);
    expect(link).toEqual({ subscriber: { kind: 'member', id: tia!.id }, topic: 'feedback' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: url.replace('http://localhost:3000', ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const [prefs] = await t
      .db()
      .select({ feedback: notificationPreferences.feedback })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, tia!.id));
    expect(prefs).toEqual({ feedback: false });
    const next = await eveningEvent(t, '2026-12-15');
    await t.attend(next.id, tia!);
    clock.set(new Date('2026-12-16T14:00:00Z'));
    await tick();
    expect(await t.feedbackMails(next.name)).toEqual([]);
    expect(await t.sends(next.id)).toEqual([{ userId: tia!.id, status: 'skipped' }]);
  });

  it('goes to those who came: checked in, or registered attending where the door checked in nobody', async () => {
    const [vic, wes, xan, yul] = await t.members(['Vic Olsen', 'Wes Adler', 'Xan Pike', 'Yul Ortiz']);
    // No check-in at all: the members registered attending came (not those who said maybe).
    const open = await eveningEvent(t, '2026-12-17', { name: 'Porch Supper 2026-12-17' });
    await t.attend(open.id, vic!, false);
    await t.db().insert(eventAttendees).values({ eventId: open.id, userId: wes!.id, status: 'maybe' });
    // The door checked in only a guest: then the door's list is who came, and Xan did not.
    const door = await eveningEvent(t, '2026-12-17', { name: 'Door Supper 2026-12-17' });
    await t.attend(door.id, xan!, false);
    await t.attend(door.id, yul!, false);
    const [guest] = await t
      .db()
      .insert(eventGuests)
      .values({ eventId: door.id, profileId: yul!.id, guestName: 'Zed Guest', guestEmail: 'zed.guest@example.com' })
      .returning({ id: eventGuests.id });
    await t
      .db()
      .insert(eventCheckIns)
      .values({
        eventId: door.id,
        ticket: `guest:${guest!.id}`,
        userId: yul!.id,
        guestId: guest!.id,
        checkedInAt: door.startTime,
        device: 'Front door',
      });
    clock.set(new Date('2026-12-18T14:00:00Z'));
    await tick();
    expect((await t.mails(open.name)).map((m) => m.to)).toEqual([vic!.email]);
    expect(await t.mails(door.name)).toEqual([]);
    expect(await t.sends(door.id)).toEqual([]);
  });

  it('after an outage of more than a day, an event is left unsent and unrecorded', async () => {
    const { ana } = people as Record<string, Member>;
    const late = await eveningEvent(t, '2026-12-06');
    const recent = await eveningEvent(t, '2026-12-07');
    await t.attend(late.id, ana!);
    await t.attend(recent.id, ana!);
    // Its morning after was December 7 at 9 AM; every process was down until the 8th at 9:05 AM.
    clock.set(new Date('2026-12-08T14:05:00Z'));
    await tick();
    expect(await t.mails(late.name)).toEqual([]);
    expect(await t.sends(late.id)).toEqual([]);
    // The next evening's morning after is this one: the same sweep sends it.
    expect((await t.mails(recent.name)).map((m) => m.to)).toEqual([ana!.email]);
    expect(await t.sends(recent.id)).toEqual([{ userId: ana!.id, status: 'sent' }]);
  });

  it('a sweep that dies mid-way is finished by the next, and nobody gets two', async () => {
    const crowd = await t.members(Array.from({ length: 7 }, (_, i) => `Crowd Member ${i + 1}`));
    const party = await eveningEvent(t, '2026-12-09');
    for (const m of crowd) await t.attend(party.id, m);
    const now = new Date('2026-12-10T14:01:00Z');
    const mailer = ctx.app.services.mailer;
    let calls = 0;
    // The process dies while writing its third batch: that batch's transaction never commits.
    const dying: Mailer = {
      ...mailer,
      sendMany: async (messages, tx) => {
        if (++calls === 3) throw new Error('killed');
        return mailer.sendMany(messages, tx);
      },
    };
    const deps = { db: t.db(), config: ctx.app.services.config, mailer: dying };
    await expect(sendMorningAfter(deps, now, { batch: 2 })).rejects.toThrow('killed');
    expect(await t.mails(party.name)).toHaveLength(4);
    expect(await t.sends(party.id)).toHaveLength(4);

    expect(await sendMorningAfter({ ...deps, mailer }, now, { batch: 2 })).toEqual({ events: 1, sent: 3, skipped: 0 });
    expect(await sendMorningAfter({ ...deps, mailer }, now)).toEqual({ events: 0, sent: 0, skipped: 0 });
    const all = await t.mails(party.name);
    expect(all.map((m) => m.to)).toEqual(crowd.map((m) => m.email).sort((a, b) => a.localeCompare(b)));
  });
});

// Two more server processes on the same PostgreSQL database, each sweeping at the same moments.
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the morning-after e-mail from three processes (PostgreSQL)', () => {
  const clock = manualClock('2026-12-03T12:00:00Z');
  let ctx: TestContext;
  const workers: Worker[] = [];
  beforeAll(async () => {
    ctx = await createTestContext({ JOBS_CHECK_MS: '3600000', SITE_TIMEZONE: ZONE }, { clock });
    for (let i = 0; i < 2; i++) {
      workers.push(await startWorker(ctx.databaseUrl!, { clock: clock.now(), env: { SITE_TIMEZONE: ZONE } }));
    }
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await ctx?.close();
  });
  const t = suite(() => ctx);

  it('each member who checked in gets exactly one', async () => {
    const event = await eveningEvent(t, '2026-12-03');
    const crowd = await t.members(Array.from({ length: 30 }, (_, i) => `Sweeper ${i + 1}`));
    for (const m of crowd) await t.attend(event.id, m);
    const everyone = async (at: Date) => {
      clock.set(at);
      await Promise.all(workers.map((w) => w.setClock(at)));
      await Promise.all([...workers.flatMap((w) => [w.tick(), w.tick()]), ctx.app.services.jobs.tick()]);
    };
    await everyone(new Date('2026-12-04T13:59:00Z'));
    expect(await t.mails(event.name)).toEqual([]);
    await everyone(new Date('2026-12-04T14:00:00Z'));
    // A process that passed its lease (or a kill) leaves the period to a later one: run every process again.
    await everyone(new Date('2026-12-04T14:05:00Z'));
    const all = await t.mails(event.name);
    expect(all.map((m) => m.to)).toEqual(crowd.map((m) => m.email).sort((a, b) => a.localeCompare(b)));
    expect(await t.sends(event.id)).toHaveLength(30);
  });

  it('sweeps that overlap (one that passed its lease and the one that took over) still send each once', async () => {
    const event = await eveningEvent(t, '2026-12-05');
    const crowd = await t.members(Array.from({ length: 40 }, (_, i) => `Overlap ${i + 1}`));
    for (const m of crowd) await t.attend(event.id, m);
    const { db } = ctx.database;
    const deps = { db, config: ctx.app.services.config, mailer: ctx.app.services.mailer };
    const now = new Date('2026-12-06T14:02:00Z');
    const results = await Promise.all([1, 2, 3].map(() => sendMorningAfter(deps, now, { batch: 7 })));
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(40);
    const all = await t.mails(event.name);
    expect(all.map((m) => m.to)).toEqual(crowd.map((m) => m.email).sort((a, b) => a.localeCompare(b)));
  });
});
