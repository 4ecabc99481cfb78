import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { emailOutbox, eventAttendees, eventGuests } from '../../db/schema';
import { Client, createTestContext, registeredClient, type TestContext } from '../../test/harness';
import { createEvent, createMembers, createSponsor } from '../../test/factories';
import { EVENT_NOT_FOUND, REGISTRATION_CLOSED } from '../../../shared/events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;
const HOUR = 3_600_000;

async function attendeeRow(eventId: string, userId: string) {
  const [row] = await db()
    .select()
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  return row;
}

async function mailsTo(email: string) {
  return db().select().from(emailOutbox).where(eq(emailOutbox.to, email));
}

const waitFor = async (check: () => Promise<boolean>, ms = 3000) => {
  const until = Date.now() + ms;
  while (!(await check()) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
};

describe('GET /api/events', () => {
  it('lists newest start first, searches name, summary and location ignoring case, filters and pages', async () => {
    const tag = `zx${Date.now().toString(36)}`;
    const base = Date.now() + 100 * 24 * HOUR;
    const a = await createEvent(db(), {
      name: `Rooftop ${tag} Social`,
      startTime: new Date(base),
      category: `Cat-${tag}`,
    });
    const b = await createEvent(db(), {
      summary: `Meet ${tag.toUpperCase()} founders`,
      startTime: new Date(base + HOUR),
    });
    const c = await createEvent(db(), {
      location: `The ${tag} Loft`,
      startTime: new Date(base + 2 * HOUR),
      status: 'completed',
    });
    await createEvent(db(), { name: 'Unrelated', startTime: new Date(base + 3 * HOUR) });

    const all = await new Client(ctx.app).get(`/api/events?q=${tag.toUpperCase()}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().events.map((e: { id: string }) => e.id)).toEqual([c.id, b.id, a.id]);
    expect(all.json().total).toBe(3);

    const completed = await new Client(ctx.app).get(`/api/events?q=${tag}&status=completed`);
    expect(completed.json().events.map((e: { id: string }) => e.id)).toEqual([c.id]);

    const category = await new Client(ctx.app).get(`/api/events?category=Cat-${tag}`);
    expect(category.json().events.map((e: { id: string }) => e.id)).toEqual([a.id]);
    expect(category.json().categories).toContain(`Cat-${tag}`);

    const page2 = await new Client(ctx.app).get(`/api/events?q=${tag}&pageSize=2&page=2`);
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json().events.map((e: { id: string }) => e.id)).toEqual([a.id]);

    const literal = await new Client(ctx.app).get(`/api/events?q=${encodeURIComponent('%')}`);
    expect(literal.json().total).toBe(0);
  });

  it('answers 304 to a browser that already has the same list', async () => {
    const first = await ctx.app.inject('/api/events');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ url: '/api/events', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 422 for a status that does not exist', async () => {
    const res = await ctx.app.inject('/api/events?status=cancelled');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBeTruthy();
  });
});

describe('GET /api/events/:id', () => {
  it('returns the event with Title Sponsors first and attendees in registration order', async () => {
    const event = await createEvent(db());
    await createSponsor(db(), event.id, { name: 'Acme Event', level: 'Event Sponsor' });
    await createSponsor(db(), event.id, { name: 'Zeta Title', level: 'Title Sponsor' });
    const alice = await registeredClient(ctx.app);
    const bob = await registeredClient(ctx.app);
    await alice.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    await bob.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'maybe' });

    const res = await new Client(ctx.app).get(`/api/events/${event.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.registration).toBeNull();
    expect(body.event.sponsors.map((s: { name: string }) => s.name)).toEqual(['Zeta Title', 'Acme Event']);
    expect(
      body.event.attendees.map((a: { user: { username: string }; status: string }) => [a.user.username, a.status]),
    ).toEqual([
      [alice.user.username, 'attending'],
      [bob.user.username, 'maybe'],
    ]);
    expect(body.event.attendeeCount).toBe(1);

    const mine = await alice.client.get(`/api/events/${event.id}`);
    expect(mine.json().registration).toEqual({ status: 'attending', guests: [], guestsAllowed: 10 });
    expect(mine.headers['cache-control']).toContain('private');
  });

  it("answers a visitor's repeat read before routing, never a member's, and a registration refreshes it", async () => {
    const event = await createEvent(db());
    const visitor = new Client(ctx.app);
    const first = await visitor.get(`/api/events/${event.id}`);
    expect(first.headers['x-cache']).toBeUndefined();
    const again = await visitor.get(`/api/events/${event.id}`);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);

    const alice = await registeredClient(ctx.app);
    const mine = await alice.client.get(`/api/events/${event.id}`);
    expect(mine.headers['x-cache']).toBeUndefined();
    expect(mine.json().registration).toBeNull();
    await alice.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect((await alice.client.get(`/api/events/${event.id}`)).json().registration.status).toBe('attending');

    const fresh = await visitor.get(`/api/events/${event.id}`);
    expect(fresh.headers['x-cache']).toBeUndefined();
    expect(fresh.json().event.attendeeCount).toBe(1);
    expect(fresh.json().registration).toBeNull();
  });

  it('sends the first 8 attendees per status with the counts, and everyone from /attendees', async () => {
    const event = await createEvent(db());
    const members = await createMembers(db(), 11, 'grp');
    for (const [i, m] of members.entries()) {
      await db().execute(sql`insert into event_attendees (event_id, user_id, status, created_at)
        values (${event.id}, ${m.id}, ${i < 10 ? 'attending' : 'maybe'}, now() + make_interval(secs => ${i}))`);
    }
    const detail = (await new Client(ctx.app).get(`/api/events/${event.id}`)).json().event;
    expect(detail.attendeeCounts).toEqual({ attending: 10, maybe: 1, waitlisted: 0 });
    expect(detail.attendees.filter((a: { status: string }) => a.status === 'attending')).toHaveLength(8);
    expect(detail.attendees.map((a: { user: { id: string } }) => a.user.id)).toEqual([
      ...members.slice(0, 8).map((m) => m.id),
      members[10]!.id,
    ]);
    const all = await new Client(ctx.app).get(`/api/events/${event.id}/attendees`);
    expect(all.statusCode).toBe(200);
    expect(all.json().attendees.map((a: { user: { id: string } }) => a.user.id)).toEqual(members.map((m) => m.id));
    expect((await new Client(ctx.app).get('/api/events/not-an-id/attendees')).statusCode).toBe(404);
  });

  it('sends large event pages compressed (brotli first, else gzip) to clients that accept it', async () => {
    const event = await createEvent(db(), { description: 'x'.repeat(5000) });
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const res = await ctx.app.inject({ url: `/api/events/${event.id}`, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).event.description).toHaveLength(5000);
    const gz = await ctx.app.inject({ url: `/api/events/${event.id}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).event.description).toHaveLength(5000);
    const plain = await ctx.app.inject(`/api/events/${event.id}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().event.id).toBe(event.id);
  });

  it("answers 404 'Event Not Found' for a missing or malformed id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await ctx.app.inject(`/api/events/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(EVENT_NOT_FOUND);
    }
  });
});

describe('registration', () => {
  it('refuses a visitor with 401 and changes nothing', async () => {
    const event = await createEvent(db());
    const res = await new Client(ctx.app).request('PUT', `/api/events/${event.id}/registration`, {
      status: 'attending',
    });
    expect(res.statusCode).toBe(401);
    const count = await db().execute(sql`select count(*)::int as n from event_attendees where event_id = ${event.id}`);
    expect(Number(count.rows[0]!.n)).toBe(0);
  });

  it('registers, changes the choice, unregisters, and e-mails the registration with a calendar file', async () => {
    const event = await createEvent(db(), { name: 'Spring Gala' });
    const { client, user, input } = await registeredClient(ctx.app);

    const attend = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect(attend.statusCode).toBe(200);
    expect(attend.json()).toEqual({
      registration: { status: 'attending', guests: [], guestsAllowed: 10 },
      waitlisted: false,
    });
    expect((await attendeeRow(event.id, user.id))?.status).toBe('attending');

    await waitFor(async () => (await mailsTo(input.email)).length > 0);
    const [mail] = await mailsTo(input.email);
    expect(mail?.subject).toContain('Spring Gala');
    expect(mail?.attachments?.[0]?.filename).toBe('spring_gala.ics');
    expect(mail?.attachments?.[0]?.content).toContain('BEGIN:VEVENT');

    const maybe = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'maybe' });
    expect(maybe.json().registration.status).toBe('maybe');
    expect((await attendeeRow(event.id, user.id))?.status).toBe('maybe');

    const list = await new Client(ctx.app).get(`/api/events/${event.id}`);
    expect(list.json().event.attendees).toHaveLength(1);

    const gone = await client.request('DELETE', `/api/events/${event.id}/registration`);
    expect(gone.statusCode).toBe(200);
    expect(await attendeeRow(event.id, user.id)).toBeUndefined();
  });

  it('accepts registrations only for upcoming events', async () => {
    const { client } = await registeredClient(ctx.app);
    for (const status of ['completed', 'ongoing'] as const) {
      const event = await createEvent(db(), {
        status,
        startTime: new Date(Date.now() - 2 * HOUR),
        endTime: new Date(Date.now() - HOUR),
      });
      const res = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'REGISTRATION_CLOSED', message: REGISTRATION_CLOSED });
    }
  });

  it('answers 422 for an unknown status and 404 for a missing event', async () => {
    const { client } = await registeredClient(ctx.app);
    const event = await createEvent(db());
    const bad = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'waitlisted' });
    expect(bad.statusCode).toBe(422);
    const missing = await client.request('PUT', '/api/events/00000000-0000-4000-8000-000000000000/registration', {
      status: 'maybe',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("does not let a member change another member's registration", async () => {
    const event = await createEvent(db());
    const alice = await registeredClient(ctx.app);
    const bob = await registeredClient(ctx.app);
    await alice.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    // Every registration route acts on the caller only: Bob has nothing to delete.
    const res = await bob.client.request('DELETE', `/api/events/${event.id}/registration`);
    expect(res.statusCode).toBe(404);
    expect((await attendeeRow(event.id, alice.user.id))?.status).toBe('attending');
  });

  it('puts members on the waitlist when full and promotes the earliest when a seat frees', async () => {
    const event = await createEvent(db(), { maxAttendees: 2 });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => registeredClient(ctx.app)));
    for (const m of [a!, b!])
      await m.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    const third = await c!.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect(third.json()).toMatchObject({ waitlisted: true, registration: { status: 'waitlisted' } });
    await d!.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });

    await a!.client.request('DELETE', `/api/events/${event.id}/registration`);
    expect((await attendeeRow(event.id, c!.user.id))?.status).toBe('attending');
    expect((await attendeeRow(event.id, d!.user.id))?.status).toBe('waitlisted');
    await waitFor(async () => (await mailsTo(c!.input.email)).some((m) => m.subject.startsWith('A seat opened up')));
    expect((await mailsTo(c!.input.email)).some((m) => m.subject.startsWith('A seat opened up'))).toBe(true);

    const detail = await new Client(ctx.app).get(`/api/events/${event.id}`);
    expect(detail.json().event.seatsTaken).toBe(2);
  });
});

describe('a registration change', () => {
  // Each statement of a write waits its turn behind the readers on the event loop: a change is
  // read in one statement (the event, the member's status and what their e-mail says), written in
  // one, and answered from what it read and wrote, with nothing read after the commit.
  async function statementsOf(send: () => Promise<{ statusCode: number }>) {
    const seen: string[] = [];
    // Statements only: PGlite's transactions begin and commit outside the query log.
    ctx.database.observer = (query) => void (/^(begin|commit)\b/i.test(query.trim()) || seen.push(query.trim()));
    try {
      expect((await send()).statusCode).toBe(200);
    } finally {
      ctx.database.observer = null;
    }
    return seen;
  }

  it('answers what the event page then says, from the rows it read, with its mail and no read after', async () => {
    const event = await createEvent(db(), { name: 'Harvest Social', maxAttendees: 4 });
    const [host, member] = await Promise.all([registeredClient(ctx.app), registeredClient(ctx.app)]);
    await host.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    await host.client.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [{ name: 'Rae Guest', email: 'rae@example.com' }],
    });
    await member.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'maybe' });

    let answer: { registration: unknown; waitlisted: boolean } | undefined;
    const statements = await statementsOf(async () => {
      const res = await member.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
      answer = res.json();
      return res;
    });
    // The event with the member, its seats lock, the member's status again with the seats, the
    // registration, its mail: the last.
    expect(statements).toHaveLength(5);
    expect(statements.at(-1)).toMatch(/^insert into "email_outbox"/);
    expect(statements.filter((q) => /pg_notify/.test(q))).toEqual([]);
    // Four seats: the host, their guest and the member taken, one left for the member's guests.
    expect(answer).toEqual({ registration: { status: 'attending', guests: [], guestsAllowed: 1 }, waitlisted: false });
    expect((await member.client.get(`/api/events/${event.id}`)).json().registration).toEqual(answer!.registration);

    await waitFor(async () => (await mailsTo(member.input.email)).length > 0);
    const [mail] = await mailsTo(member.input.email);
    expect(mail?.subject).toBe("You're registered: Harvest Social");
    expect(mail?.to).toBe(member.input.email);
    expect(mail?.text).toContain(`Hello ${member.input.fullName},`);
    expect(mail?.text).toContain('If the door cannot scan it, give them this code:');
    const [row] = await db()
      .select({ id: eventAttendees.id, shortCode: eventAttendees.shortCode })
      .from(eventAttendees)
      .where(and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.userId, member.user.id)));
    expect(mail?.attachments?.find((a) => a.filename === 'ticket.png')?.cid).toBe(`ticket-${row!.id}@power-mixer`);
    expect(mail?.text).toContain(row!.shortCode.slice(0, 4));

    // Leaving the seat takes the host's guest with it, and answers what the page says.
    const left = await host.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'maybe' });
    expect(left.json()).toEqual({ registration: { status: 'maybe', guests: [], guestsAllowed: 0 }, waitlisted: false });
    expect((await host.client.get(`/api/events/${event.id}`)).json().registration).toEqual(left.json().registration);
    expect(await db().$count(eventGuests, eq(eventGuests.eventId, event.id))).toBe(0);
  });

  it('on an event without a limit: three statements, and no seats counted', async () => {
    const event = await createEvent(db());
    const { client } = await registeredClient(ctx.app);
    await client.get('/api/forums'); // its session read and kept
    const statements = await statementsOf(() =>
      client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' }),
    );
    expect(statements, statements.join('\n')).toHaveLength(3);
    expect(statements.filter((q) => /count\(/.test(q))).toEqual([]);
  });
});

describe('PUT /api/events/:id/guests', () => {
  it('saves guests with lowercased e-mails for an attending member', async () => {
    const event = await createEvent(db());
    const { client, user } = await registeredClient(ctx.app);
    await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    const res = await client.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [
        { name: 'Dana Guest', email: 'Dana.Guest@Example.COM' },
        { name: 'Eli Guest', email: 'eli@example.com' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().registration.guests).toEqual([
      { name: 'Dana Guest', email: 'dana.guest@example.com' },
      { name: 'Eli Guest', email: 'eli@example.com' },
    ]);
    const rows = await db().select().from(eventGuests).where(eq(eventGuests.profileId, user.id));
    expect(rows.map((r) => r.guestEmail).sort()).toEqual(['dana.guest@example.com', 'eli@example.com']);

    // Zero guests clears them.
    await client.request('PUT', `/api/events/${event.id}/guests`, { guests: [] });
    expect(await db().select().from(eventGuests).where(eq(eventGuests.profileId, user.id))).toHaveLength(0);
  });

  it('refuses more than 10 guests, an invalid e-mail, a missing name, and members not attending', async () => {
    const event = await createEvent(db());
    const { client } = await registeredClient(ctx.app);
    const notYet = await client.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [{ name: 'A', email: 'a@example.com' }],
    });
    expect(notYet.statusCode).toBe(409);

    await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `G${i}`, email: `g${i}@example.com` }));
    expect((await client.request('PUT', `/api/events/${event.id}/guests`, { guests: eleven })).statusCode).toBe(422);
    expect(
      (await client.request('PUT', `/api/events/${event.id}/guests`, { guests: [{ name: 'A', email: 'nope' }] }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await client.request('PUT', `/api/events/${event.id}/guests`, {
          guests: [{ name: ' ', email: 'a@example.com' }],
        })
      ).statusCode,
    ).toBe(422);
    expect(await db().select().from(eventGuests).where(eq(eventGuests.eventId, event.id))).toHaveLength(0);
  });

  it('counts guests toward capacity', async () => {
    const event = await createEvent(db(), { maxAttendees: 3 });
    const { client } = await registeredClient(ctx.app);
    await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    const tooMany = await client.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [1, 2, 3].map((i) => ({ name: `G${i}`, email: `g${i}@example.com` })),
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('NOT_ENOUGH_SEATS');
    const two = await client.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [1, 2].map((i) => ({ name: `G${i}`, email: `g${i}@example.com` })),
    });
    expect(two.statusCode).toBe(200);
    const other = await registeredClient(ctx.app);
    const full = await other.client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect(full.json().registration.status).toBe('waitlisted');
  });
});

describe('calendar files', () => {
  it('serves one event as .ics and a feed of upcoming events', async () => {
    const event = await createEvent(db(), { name: 'Calendar; Test, Mixer' });
    const one = await ctx.app.inject(`/api/events/${event.id}/calendar.ics`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('text/calendar');
    expect(one.body).toContain('SUMMARY:Calendar\\; Test\\, Mixer');
    expect(one.body).toContain(`UID:${event.id}@`);
    expect(one.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const feed = await ctx.app.inject('/calendar.ics');
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(`UID:${event.id}@`);
    expect(feed.body.startsWith('BEGIN:VCALENDAR')).toBe(true);
  });
});
