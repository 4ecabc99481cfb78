import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, eventAttendees, eventCheckIns, eventGuests } from '../../db/schema';
import { createTestContext, type Client, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createMembers, signIn } from '../../test/factories';
import { formatShortCode, shortCodeOf, type DoorResponse, type ScanResponse } from '../../../shared/check-in';
import { readTicketCode, ticketCode } from './tickets';

// The door: who may admit, what each kind of code is answered, one admission per ticket
// however many devices scan it at once, undo, and the audit log's record of both.

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await adminClient(ctx.app)).client;
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

async function attendingEvent(members = 2, maxAttendees: number | null = null) {
  const event = await createEvent(db(), { maxAttendees });
  const people = await createMembers(db(), members, 'door');
  const clients: Client[] = [];
  for (const person of people) {
    const client = await signIn(ctx.app, person);
    const res = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect(res.statusCode).toBe(200);
    clients.push(client);
  }
  return { event, people, clients };
}

const door = async (client: Client, eventId: string) => {
  const res = await client.get(`/api/events/${eventId}/door`);
  expect(res.statusCode).toBe(200);
  return res.json() as DoorResponse;
};
const scan = (client: Client, eventId: string, code: string, device = 'Front door', scannedAt?: string) =>
  client.post(`/api/events/${eventId}/check-ins`, { code, device, ...(scannedAt ? { scannedAt } : {}) });
const myCode = async (client: Client, eventId: string) => {
  const res = await client.get(`/api/events/${eventId}/ticket`);
  expect(res.statusCode).toBe(200);
  return res.json().holders[0].code as string;
};

describe('tickets', () => {
  it('gives an attending member a signed code for that event, with a QR image, and nobody else one', async () => {
    const { event, clients } = await attendingEvent(1);
    const res = await clients[0]!.get(`/api/events/${event.id}/ticket`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.holders).toHaveLength(1);
    expect(body.holders[0].code).toMatch(/^T1\.[A-Za-z0-9_-]{66}$/);
    expect(body.holders[0].qrSvg).toContain('<svg');
    const [stranger] = await createMembers(db(), 1, 'nodoor');
    const other = await signIn(ctx.app, stranger!);
    const none = await other.get(`/api/events/${event.id}/ticket`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('You have no ticket for this event.');
  });

  it('carries nothing readable: two ids and a signature that any changed byte breaks', () => {
    const key = Buffer.alloc(32, 7);
    const ref = {
      kind: 'guest' as const,
      eventId: '0b6f8e4a-0000-4000-8000-000000000001',
      id: '7c1d2e3f-0000-4000-8000-000000000002',
    };
    const code = ticketCode(key, ref);
    expect(readTicketCode(key, code)).toEqual(ref);
    expect(readTicketCode(Buffer.alloc(32, 8), code)).toBeNull();
    const flipped = code.slice(0, 10) + (code[10] === 'A' ? 'B' : 'A') + code.slice(11);
    expect(readTicketCode(key, flipped)).toBeNull();
  });
});

describe('the door', () => {
  it('is for admins and the event’s door staff: other members get 403, visitors 401', async () => {
    const { event } = await attendingEvent(1);
    const [staff, outsider] = await createMembers(db(), 2, 'staff');
    const staffClient = await signIn(ctx.app, staff!);
    const outsiderClient = await signIn(ctx.app, outsider!);
    expect((await staffClient.get(`/api/events/${event.id}/door`)).statusCode).toBe(403);
    const put = await admin.request('PUT', `/api/admin/events/${event.id}/door-staff`, { userIds: [staff!.id] });
    expect(put.statusCode).toBe(200);
    expect(put.json().staff.map((s: { id: string }) => s.id)).toEqual([staff!.id]);
    expect((await staffClient.get(`/api/events/${event.id}/door`)).statusCode).toBe(200);
    const refused = await outsiderClient.get(`/api/events/${event.id}/door`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only admins and this event’s door staff can check people in.');
    expect(
      (await outsiderClient.post(`/api/events/${event.id}/check-ins`, { code: 'x', device: 'd' })).statusCode,
    ).toBe(403);
    expect(
      (await new (await import('../../test/harness')).Client(ctx.app).get(`/api/events/${event.id}/door`)).statusCode,
    ).toBe(401);
    // Staff for one event are not staff for another, nor admins.
    const other = await createEvent(db());
    expect((await staffClient.get(`/api/events/${other.id}/door`)).statusCode).toBe(403);
    expect((await staffClient.get('/api/admin/events')).statusCode).toBe(403);
    expect(
      (await staffClient.request('PUT', `/api/admin/events/${event.id}/door-staff`, { userIds: [] })).statusCode,
    ).toBe(403);
  });

  it('admits once; a second scan says when and by which device', async () => {
    const { event, clients } = await attendingEvent(1);
    const code = await myCode(clients[0]!, event.id);
    const first = await scan(admin, event.id, code, 'Front door');
    expect(first.statusCode).toBe(200);
    const admitted = first.json() as ScanResponse;
    expect(admitted.outcome).toBe('admitted');
    expect(admitted.ticket?.checkIn?.device).toBe('Front door');
    const again = (await scan(admin, event.id, code, 'Side door')).json() as ScanResponse;
    expect(again.outcome).toBe('already');
    expect(again.ticket?.checkIn).toEqual(admitted.ticket?.checkIn);
    expect((await door(admin, event.id)).counts).toMatchObject({
      registered: 1,
      checkedIn: 1,
      expected: 0,
      noShows: null,
    });
  });

  it('names the other event for its code, and refuses forged and unknown codes', async () => {
    const a = await attendingEvent(1);
    const b = await createEvent(db());
    const code = await myCode(a.clients[0]!, a.event.id);
    const other = (await scan(admin, b.id, code)).json() as ScanResponse;
    expect(other).toMatchObject({ outcome: 'other-event', otherEvent: { id: a.event.id, name: a.event.name } });
    const forged = code.slice(0, -4) + (code.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(((await scan(admin, a.event.id, forged)).json() as ScanResponse).outcome).toBe('invalid');
    expect(((await scan(admin, a.event.id, 'hello')).json() as ScanResponse).outcome).toBe('invalid');
    expect(await db().$count(eventCheckIns, inArray(eventCheckIns.eventId, [a.event.id, b.id]))).toBe(0);
  });

  it('says a waitlisted member is on the waitlist and does not admit them', async () => {
    const { event } = await attendingEvent(1, 1);
    const [late] = await createMembers(db(), 1, 'late');
    const lateClient = await signIn(ctx.app, late!);
    const reg = await lateClient.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect(reg.json().waitlisted).toBe(true);
    expect((await lateClient.get(`/api/events/${event.id}/ticket`)).statusCode).toBe(404);
    const ticket = (await door(admin, event.id)).tickets.find((t) => t.status === 'waitlisted')!;
    const res = (await scan(admin, event.id, ticket.code)).json() as ScanResponse;
    expect(res.outcome).toBe('waitlisted');
    expect(res.ticket?.checkIn).toBeNull();
  });

  it('admits guests one by one, each with their own code', async () => {
    const { event, clients } = await attendingEvent(1);
    const guests = await clients[0]!.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [
        { name: 'Ann Guest', email: 'ann.guest@example.com' },
        { name: 'Bo Guest', email: 'bo.guest@example.com' },
      ],
    });
    expect(guests.statusCode).toBe(200);
    const mine = (await clients[0]!.get(`/api/events/${event.id}/ticket`)).json();
    expect(mine.holders.map((h: { kind: string; name: string }) => `${h.kind}:${h.name}`)).toEqual(
      expect.arrayContaining(['guest:Ann Guest', 'guest:Bo Guest']),
    );
    const list = await door(admin, event.id);
    const member = list.tickets.find((t) => t.kind === 'member')!;
    expect(member.guests).toBe(2);
    const ann = list.tickets.find((t) => t.name === 'Ann Guest')!;
    expect(ann.hostCode).toBe(member.code);
    expect(((await scan(admin, event.id, ann.code)).json() as ScanResponse).outcome).toBe('admitted');
    const after = await door(admin, event.id);
    expect(after.counts).toMatchObject({ registered: 3, checkedIn: 1, guestsCheckedIn: 1, expected: 2 });
    expect(after.tickets.find((t) => t.name === 'Bo Guest')!.checkIn).toBeNull();
    expect(after.tickets.find((t) => t.kind === 'member')!.checkIn).toBeNull();
    // Changing the guest list keeps the guests who stay, with their code and admission.
    await clients[0]!.request('PUT', `/api/events/${event.id}/guests`, {
      guests: [
        { name: 'Ann Guest', email: 'ann.guest@example.com' },
        { name: 'Cy Guest', email: 'cy.guest@example.com' },
      ],
    });
    const edited = await door(admin, event.id);
    const annAgain = edited.tickets.find((t) => t.name === 'Ann Guest')!;
    expect(annAgain.code).toBe(ann.code);
    expect(annAgain.checkIn).not.toBeNull();
    expect(edited.tickets.map((t) => t.name)).not.toContain('Bo Guest');
  });

  it('lets exactly one of many simultaneous scans from two devices admit', async () => {
    const { event, clients } = await attendingEvent(1);
    const code = await myCode(clients[0]!, event.id);
    const [staff] = await createMembers(db(), 1, 'door2');
    await admin.request('PUT', `/api/admin/events/${event.id}/door-staff`, { userIds: [staff!.id] });
    const second = await signIn(ctx.app, staff!);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => scan(i % 2 ? admin : second, event.id, code, i % 2 ? 'Door A' : 'Door B')),
    );
    const outcomes = answers.map((r) => (r.json() as ScanResponse).outcome);
    expect(outcomes.filter((o) => o === 'admitted')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(9);
    expect(await db().$count(eventCheckIns, eq(eventCheckIns.eventId, event.id))).toBe(1);
  });

  it('keeps an offline scan’s own time, but not one from the future', async () => {
    const { event, clients } = await attendingEvent(2);
    const earlier = new Date(Date.now() - 10 * 60_000).toISOString();
    const a = (
      await scan(admin, event.id, await myCode(clients[0]!, event.id), 'Door A', earlier)
    ).json() as ScanResponse;
    expect(a.ticket?.checkIn?.at).toBe(earlier);
    const future = new Date(Date.now() + 60 * 60_000).toISOString();
    const b = (
      await scan(admin, event.id, await myCode(clients[1]!, event.id), 'Door A', future)
    ).json() as ScanResponse;
    expect(new Date(b.ticket!.checkIn!.at).getTime()).toBeLessThan(Date.parse(future));
  });

  it('undoes an admission, so the code admits again, and the audit log records both', async () => {
    const { event, clients, people } = await attendingEvent(1);
    const code = await myCode(clients[0]!, event.id);
    const admitted = (await scan(admin, event.id, code)).json() as ScanResponse;
    const undo = await admin.request('DELETE', `/api/events/${event.id}/check-ins/${admitted.ticket!.checkIn!.id}`);
    expect(undo.statusCode).toBe(200);
    expect(undo.json().ticket.checkIn).toBeNull();
    expect(
      (await admin.request('DELETE', `/api/events/${event.id}/check-ins/${admitted.ticket!.checkIn!.id}`)).statusCode,
    ).toBe(404);
    expect(((await scan(admin, event.id, code)).json() as ScanResponse).outcome).toBe('admitted');
    const log = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, people[0]!.id))
      .orderBy(asc(auditLog.createdAt));
    expect(log.map((r) => r.action)).toEqual([
      'postEventsByIdCheckIns',
      'deleteEventsByIdCheckInsByCheckInId',
      'postEventsByIdCheckIns',
    ]);
  });

  it('counts no-shows once the event has ended', async () => {
    const start = new Date(Date.now() - 5 * 60 * 60_000);
    const event = await createEvent(db(), { startTime: start, endTime: new Date(start.getTime() + 2 * 60 * 60_000) });
    const people = await createMembers(db(), 3, 'past');
    await db()
      .insert(eventAttendees)
      .values(people.map((p) => ({ eventId: event.id, userId: p.id, status: 'attending' })));
    const list = await door(admin, event.id);
    await scan(admin, event.id, list.tickets[0]!.code);
    expect((await door(admin, event.id)).counts).toEqual({
      registered: 3,
      checkedIn: 1,
      guestsCheckedIn: 0,
      expected: 2,
      noShows: 2,
    });
  });
});

describe('short codes', () => {
  const SHORT = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;
  const guestList = {
    guests: [
      { name: 'Ann Guest', email: 'ann.short@example.com' },
      { name: 'Bo Guest', email: 'bo.short@example.com' },
    ],
  };

  it('reads a short code typed in any case, with spaces or a dash, and nothing else as one', () => {
    expect(shortCodeOf('k7mw3qxp')).toBe('K7MW3QXP');
    expect(shortCodeOf(' K7MW-3QXP ')).toBe('K7MW3QXP');
    expect(shortCodeOf('k7 mw 3q xp')).toBe('K7MW3QXP');
    expect(formatShortCode('K7MW3QXP')).toBe('K7MW-3QXP');
    // Look-alikes are never drawn (0/O, 1/I/L), so a code with them is no code; nor a long one.
    expect(shortCodeOf('K7MW3QX0')).toBeNull();
    expect(shortCodeOf('K7MW3QXL')).toBeNull();
    expect(shortCodeOf('K7MW3QX')).toBeNull();
    expect(shortCodeOf('K7MW3QXPP')).toBeNull();
    expect(shortCodeOf(`T1.${'A'.repeat(66)}`)).toBeNull();
  });

  it('prints one under every ticket, the member’s and each guest’s, different within the event', async () => {
    const { event, clients } = await attendingEvent(2);
    expect((await clients[0]!.request('PUT', `/api/events/${event.id}/guests`, guestList)).statusCode).toBe(200);
    const mine = (await clients[0]!.get(`/api/events/${event.id}/ticket`)).json() as {
      holders: { name: string; code: string; shortCode: string }[];
    };
    expect(mine.holders).toHaveLength(3);
    for (const holder of mine.holders) expect(holder.shortCode).toMatch(SHORT);
    // The door's list has the same codes, so a door device can match a typed one offline.
    const list = await door(admin, event.id);
    expect(list.tickets).toHaveLength(4);
    for (const holder of mine.holders) {
      expect(list.tickets.find((t) => t.code === holder.code)?.shortCode).toBe(holder.shortCode);
    }
    expect(new Set(list.tickets.map((t) => t.shortCode)).size).toBe(4);
    // A guest who stays on an edited list keeps their code.
    await clients[0]!.request('PUT', `/api/events/${event.id}/guests`, { guests: [guestList.guests[0]] });
    const ann = (await door(admin, event.id)).tickets.find((t) => t.name === 'Ann Guest');
    expect(ann?.shortCode).toBe(list.tickets.find((t) => t.name === 'Ann Guest')?.shortCode);
  });

  it('admits by the short code typed by hand in any case, once, a guest on their own', async () => {
    const { event, clients } = await attendingEvent(1);
    expect((await clients[0]!.request('PUT', `/api/events/${event.id}/guests`, guestList)).statusCode).toBe(200);
    const list = await door(admin, event.id);
    const member = list.tickets.find((t) => t.kind === 'member')!;
    const ann = list.tickets.find((t) => t.name === 'Ann Guest')!;
    const typed = formatShortCode(member.shortCode).toLowerCase().replace('-', ' ');
    const first = (await scan(admin, event.id, typed)).json() as ScanResponse;
    expect(first.outcome).toBe('admitted');
    expect(first.ticket).toMatchObject({ code: member.code, shortCode: member.shortCode, name: member.name });
    // Again with the dash, or by the long code: the same ticket, already in.
    expect(((await scan(admin, event.id, formatShortCode(member.shortCode))).json() as ScanResponse).outcome).toBe(
      'already',
    );
    expect(((await scan(admin, event.id, member.code)).json() as ScanResponse).outcome).toBe('already');
    const guest = (await scan(admin, event.id, ann.shortCode.toLowerCase())).json() as ScanResponse;
    expect(guest).toMatchObject({ outcome: 'admitted', ticket: { kind: 'guest', name: 'Ann Guest' } });
    expect((await door(admin, event.id)).counts).toMatchObject({ checkedIn: 2, guestsCheckedIn: 1, expected: 1 });
  });

  it('refuses another event’s short code and a made-up one, admitting nobody', async () => {
    const a = await attendingEvent(1);
    const b = await attendingEvent(1);
    const code = (await door(admin, a.event.id)).tickets[0]!.shortCode;
    const others = new Set((await door(admin, b.event.id)).tickets.map((t) => t.shortCode));
    expect(others.has(code)).toBe(false);
    expect(((await scan(admin, b.event.id, code)).json() as ScanResponse).outcome).toBe('invalid');
    const madeUp = code === 'ZZZZZZZZ' ? 'YYYYYYYY' : 'ZZZZZZZZ';
    expect(((await scan(admin, a.event.id, madeUp)).json() as ScanResponse).outcome).toBe('invalid');
    expect(await db().$count(eventCheckIns, inArray(eventCheckIns.eventId, [a.event.id, b.event.id]))).toBe(0);
  });

  it('is drawn again by the database when another ticket of the event holds it, member’s or guest’s', async () => {
    const { event, people } = await attendingEvent(3);
    const other = await attendingEvent(1);
    const taken = (await door(admin, event.id)).tickets[0]!.shortCode;
    // The same code at another event is fine: unique within an event only.
    await db().update(eventAttendees).set({ shortCode: taken }).where(eq(eventAttendees.eventId, other.event.id));
    const [kept] = await db()
      .select({ shortCode: eventAttendees.shortCode })
      .from(eventAttendees)
      .where(eq(eventAttendees.eventId, other.event.id));
    expect(kept?.shortCode).toBe(taken);
    // Within the event, a guest given a member's code gets another (as the migration's backfill
    // relies on), and so do members all set to one code in one statement.
    const [guest] = await db()
      .insert(eventGuests)
      .values({
        eventId: event.id,
        profileId: people[0]!.id,
        guestName: 'Cy Guest',
        guestEmail: 'cy.short@example.com',
        shortCode: taken,
      })
      .returning({ shortCode: eventGuests.shortCode });
    expect(guest?.shortCode).toMatch(SHORT);
    expect(guest?.shortCode).not.toBe(taken);
    await db()
      .update(eventAttendees)
      .set({ shortCode: sql`'ABCDEFGH'` })
      .where(eq(eventAttendees.eventId, event.id));
    const codes = await db()
      .select({ shortCode: eventAttendees.shortCode })
      .from(eventAttendees)
      .where(eq(eventAttendees.eventId, event.id));
    expect(codes).toHaveLength(3);
    expect(new Set(codes.map((c) => c.shortCode)).size).toBe(3);
    for (const c of codes) expect(c.shortCode).toMatch(SHORT);
  });
});
