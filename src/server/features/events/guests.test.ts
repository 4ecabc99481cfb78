import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventGuests } from '../../db/schema';
import { createTestContext, type Client, type TestContext } from '../../test/harness';
import { createEvent, createMembers, signIn } from '../../test/factories';
import { GUEST_EMAIL_TAKEN, GUEST_IS_YOU, GUESTS_MAX, guestSeatsText, guestsInput } from '../../../shared/events';
import { setGuests } from './registration';

// Each guest is a different person: no two guests of one registration share an e-mail, and
// the member is not their own guest. Refused with 422, and nothing changes.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const db = () => ctx.database.db;

/** A member attending a new event with capacity to spare, and their client. */
async function attending(maxAttendees: number | null = 20) {
  const event = await createEvent(db(), { maxAttendees });
  const [member] = await createMembers(db(), 1, 'guesthost');
  const client = await signIn(ctx.app, member!);
  const res = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
  expect(res.statusCode).toBe(200);
  return { event, member: member!, client };
}

const putGuests = (client: Client, eventId: string, guests: { name: string; email: string }[]) =>
  client.request('PUT', `/api/events/${eventId}/guests`, { guests });

async function storedGuests(eventId: string) {
  const rows = await db().select().from(eventGuests).where(eq(eventGuests.eventId, eventId));
  return rows.map((r) => r.guestEmail).sort();
}

async function seatsTaken(client: Client, eventId: string) {
  const res = await client.get(`/api/events/${eventId}`);
  return res.json().event.seatsTaken as number;
}

describe('PUT /api/events/:id/guests: one seat per person', () => {
  it('refuses two guests with one e-mail, whatever its case and spaces, and keeps the guests saved before', async () => {
    const { event, client } = await attending();
    const saved = await putGuests(client, event.id, [{ name: 'Ann', email: 'ann@example.com' }]);
    expect(saved.statusCode).toBe(200);
    const seats = await seatsTaken(client, event.id);

    const res = await putGuests(client, event.id, [
      { name: 'Bob', email: 'bob@example.com' },
      { name: 'Ann', email: 'ann@example.com' },
      { name: 'Ann again', email: '  ANN@Example.com ' },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: GUEST_EMAIL_TAKEN,
      fields: { 'guests.2.email': GUEST_EMAIL_TAKEN },
    });
    expect(await storedGuests(event.id)).toEqual(['ann@example.com']);
    expect(await seatsTaken(client, event.id)).toBe(seats);
  });

  it('refuses ten copies of one guest (the 11 seats the issue saw)', async () => {
    const { event, client } = await attending(null);
    const copies = Array.from({ length: 10 }, () => ({ name: 'Fake Guest', email: 'fake@example.com' }));
    const res = await putGuests(client, event.id, copies);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toContain(GUEST_EMAIL_TAKEN);
    expect(await storedGuests(event.id)).toEqual([]);
    expect(await seatsTaken(client, event.id)).toBe(1);
  });

  it("refuses the member's own e-mail as a guest's, whatever its case and spaces, and changes nothing", async () => {
    const { event, member, client } = await attending();
    await putGuests(client, event.id, [{ name: 'Cy', email: 'cy@example.com' }]);

    for (const email of [member.email, ` ${member.email.toUpperCase()} `]) {
      const res = await putGuests(client, event.id, [
        { name: 'Dee', email: 'dee@example.com' },
        { name: 'Me again', email },
      ]);
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ code: 'GUEST_IS_MEMBER', message: GUEST_IS_YOU });
    }
    expect(await storedGuests(event.id)).toEqual(['cy@example.com']);
  });

  it('takes different people, another member among them, and zero guests', async () => {
    const { event, client } = await attending();
    const [other] = await createMembers(db(), 1, 'otherguest');
    const res = await putGuests(client, event.id, [
      { name: 'Eve', email: 'eve@example.com' },
      { name: 'Eve Two', email: 'eve2@example.com' },
      { name: 'A member', email: other!.email },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().registration.guests).toHaveLength(3);
    expect(await seatsTaken(client, event.id)).toBe(4);
    expect((await putGuests(client, event.id, [])).statusCode).toBe(200);
    expect(await storedGuests(event.id)).toEqual([]);
  });

  it('two members may each bring the same guest (each guest list is checked on its own)', async () => {
    const first = await attending();
    const [second] = await createMembers(db(), 1, 'secondhost');
    const secondClient = await signIn(ctx.app, second!);
    await secondClient.request('PUT', `/api/events/${first.event.id}/registration`, { status: 'attending' });
    const guest = [{ name: 'Shared Friend', email: 'friend@example.com' }];
    expect((await putGuests(first.client, first.event.id, guest)).statusCode).toBe(200);
    expect((await putGuests(secondClient, first.event.id, guest)).statusCode).toBe(200);
  });
});

describe('guestsAllowed: the guest picker offers what the server accepts', () => {
  const guestList = (n: number, tag = 'g') =>
    Array.from({ length: n }, (_, i) => ({ name: `Guest ${tag}${i}`, email: `${tag}${i}@example.com` }));
  const allowed = async (client: Client, eventId: string) =>
    (await client.get(`/api/events/${eventId}`)).json().registration.guestsAllowed as number;

  it('is 10 without a limit or with seats to spare, and 0 for a member who is only a maybe', async () => {
    const open = await attending(null);
    expect(await allowed(open.client, open.event.id)).toBe(GUESTS_MAX);
    const roomy = await attending(50);
    expect(await allowed(roomy.client, roomy.event.id)).toBe(GUESTS_MAX);
    await roomy.client.request('PUT', `/api/events/${roomy.event.id}/registration`, { status: 'maybe' });
    expect(await allowed(roomy.client, roomy.event.id)).toBe(0);
  });

  it('counts the seats left, the member’s own guests as theirs; one more is refused in the same words', async () => {
    // Five seats: the member, and another member with one guest, leave two.
    const { event, client } = await attending(5);
    const [other] = await createMembers(db(), 1, 'seatmate');
    const otherClient = await signIn(ctx.app, other!);
    await otherClient.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect((await putGuests(otherClient, event.id, guestList(1, 'o'))).statusCode).toBe(200);

    // The answer to registering says it at once (the guest dialog opens with it).
    const again = await client.request('PUT', `/api/events/${event.id}/registration`, { status: 'attending' });
    expect(again.json().registration.guestsAllowed).toBe(2);
    expect(await allowed(client, event.id)).toBe(2);

    const refused = await putGuests(client, event.id, guestList(3));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'NOT_ENOUGH_SEATS', message: guestSeatsText(2) });
    expect(guestSeatsText(2)).toBe('Only 2 seats are left for guests at this event.');

    const saved = await putGuests(client, event.id, guestList(2));
    expect(saved.statusCode).toBe(200);
    // Their two guests' seats stay theirs: still 2 allowed, the event full for anyone else.
    expect(saved.json().registration.guestsAllowed).toBe(2);
    expect(await allowed(otherClient, event.id)).toBe(1);
    const more = await putGuests(otherClient, event.id, guestList(2, 'o'));
    expect(more.json().error.message).toBe(guestSeatsText(1));
    expect(guestSeatsText(1)).toBe('Only 1 seat is left for guests at this event.');
  });

  it('is 0 on a full event, and the refusal says there are no seats left', async () => {
    const { event, client } = await attending(1);
    expect(await allowed(client, event.id)).toBe(0);
    const res = await putGuests(client, event.id, guestList(1));
    expect(res.json().error.message).toBe('There are no seats left for guests at this event.');
  });
});

describe('setGuests (the service, for callers other than the route)', () => {
  it('applies the same rules without the route validating first', async () => {
    const { event, member } = await attending();
    const twice = [
      { name: 'Fay', email: 'fay@example.com' },
      { name: 'Fay', email: 'FAY@example.com' },
    ];
    await expect(setGuests(db(), event.id, member.id, { guests: twice })).rejects.toMatchObject({
      statusCode: 422,
      code: 'GUEST_EMAIL_TAKEN',
      message: GUEST_EMAIL_TAKEN,
    });
    await expect(
      setGuests(db(), event.id, member.id, { guests: [{ name: 'Me', email: member.email.toUpperCase() }] }),
    ).rejects.toMatchObject({ statusCode: 422, code: 'GUEST_IS_MEMBER' });
    expect(await storedGuests(event.id)).toEqual([]);
  });
});

describe('guestsInput (shared with the guest form)', () => {
  it('points at each repeated e-mail after the first', () => {
    const result = guestsInput.safeParse({
      guests: [
        { name: 'A', email: 'a@example.com' },
        { name: 'B', email: 'b@example.com' },
        { name: 'A2', email: ' A@EXAMPLE.COM' },
        { name: 'B2', email: 'b@example.com' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['guests.2.email', GUEST_EMAIL_TAKEN],
      ['guests.3.email', GUEST_EMAIL_TAKEN],
    ]);
  });
});
