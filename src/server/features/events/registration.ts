import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import {
  EVENT_NOT_FOUND,
  GUEST_EMAIL_TAKEN,
  GUEST_IS_YOU,
  REGISTRATION_CLOSED,
  repeatedGuestEmails,
  type AttendeeStatus,
  type GuestsInput,
  type RegistrationInput,
} from '../../../shared/events';
import { isUuid } from '../../db/query-values';

// The registration rules, decided here and nowhere else: only upcoming events accept
// registrations; attending members plus their guests never exceed max_attendees; a member
// who asks to attend a full event waits on the list, and the earliest waiting member is
// promoted when a seat frees. Each change locks the event row, so concurrent requests for
// one event run one after another and the count they see is the count that is true.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type LockedEvent = {
  id: string;
  status: string;
  max_attendees: number | null;
};

export interface RegistrationOutcome {
  status: AttendeeStatus | null;
  waitlisted: boolean;
  /** Members moved from the waitlist to attending by this change (to be told by e-mail). */
  promoted: string[];
}

async function lockEvent(tx: Tx, eventId: string): Promise<LockedEvent> {
  if (!isUuid(eventId)) throw notFound(EVENT_NOT_FOUND);
  const result = await tx.execute<LockedEvent>(
    sql`select id, status, max_attendees from events where id = ${eventId} for update`,
  );
  const event = result.rows[0];
  if (!event) throw notFound(EVENT_NOT_FOUND);
  return event;
}

/** Seats counted against capacity: attending members and every guest. */
export async function seatsTaken(tx: Pick<Tx, 'execute'>, eventId: string): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`select
      (select count(*) from event_attendees where event_id = ${eventId} and status = 'attending')
      + (select count(*) from event_guests where event_id = ${eventId}) as n`);
  return Number(result.rows[0]!.n);
}

async function currentStatus(tx: Tx, eventId: string, userId: string): Promise<AttendeeStatus | null> {
  const result = await tx.execute<{ status: AttendeeStatus }>(
    sql`select status from event_attendees where event_id = ${eventId} and user_id = ${userId}`,
  );
  return result.rows[0]?.status ?? null;
}

/** Fills free seats from the waitlist, earliest first (also when an admin raises capacity). */
export async function promoteWaitlisted(tx: Tx, event: Pick<LockedEvent, 'id' | 'max_attendees'>): Promise<string[]> {
  if (event.max_attendees === null) {
    const all = await tx.execute<{ user_id: string }>(sql`update event_attendees set status = 'attending'
      where event_id = ${event.id} and status = 'waitlisted' returning user_id`);
    return all.rows.map((r) => r.user_id);
  }
  const free = event.max_attendees - (await seatsTaken(tx, event.id));
  if (free <= 0) return [];
  const promoted = await tx.execute<{ user_id: string }>(sql`update event_attendees set status = 'attending'
    where id in (select id from event_attendees where event_id = ${event.id} and status = 'waitlisted'
      order by created_at, id limit ${free})
    returning user_id`);
  return promoted.rows.map((r) => r.user_id);
}

export async function setRegistration(
  db: Db,
  eventId: string,
  userId: string,
  input: RegistrationInput,
  /** Runs inside the transaction once the registration changed (the confirmation e-mail goes into
   * the outbox here: a registration is never stored without it, nor it without the registration). */
  withChange?: (tx: Db, outcome: RegistrationOutcome) => Promise<void>,
): Promise<RegistrationOutcome> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (event.status !== 'upcoming') throw conflict('REGISTRATION_CLOSED', REGISTRATION_CLOSED);
    const previous = await currentStatus(tx, eventId, userId);

    let next: AttendeeStatus = input.status;
    if (input.status === 'attending' && previous !== 'attending') {
      const full = event.max_attendees !== null && (await seatsTaken(tx, eventId)) + 1 > event.max_attendees;
      if (full) next = 'waitlisted';
    }
    if (next === previous) return { status: next, waitlisted: next === 'waitlisted', promoted: [] };

    if (next !== 'attending') {
      // Guests come with an attending member; without the seat they have none.
      await tx.execute(sql`delete from event_guests where event_id = ${eventId} and profile_id = ${userId}`);
    }
    // Joining the waitlist takes a place at its end.
    await tx.execute(sql`insert into event_attendees (event_id, user_id, status)
      values (${eventId}, ${userId}, ${next})
      on conflict (event_id, user_id) do update set status = excluded.status,
        created_at = case when excluded.status = 'waitlisted' then now() else event_attendees.created_at end`);

    const promoted = previous === 'attending' ? await promoteWaitlisted(tx, event) : [];
    const outcome = { status: next, waitlisted: next === 'waitlisted', promoted };
    await withChange?.(tx as unknown as Db, outcome);
    return outcome;
  });
}

export async function unregister(db: Db, eventId: string, userId: string): Promise<RegistrationOutcome> {
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    const previous = await currentStatus(tx, eventId, userId);
    if (!previous) throw notFound('You are not registered for this event.');
    await tx.execute(sql`delete from event_guests where event_id = ${eventId} and profile_id = ${userId}`);
    await tx.execute(sql`delete from event_attendees where event_id = ${eventId} and user_id = ${userId}`);
    // Seats freed on a completed event help nobody.
    const promoted = previous === 'attending' && event.status === 'upcoming' ? await promoteWaitlisted(tx, event) : [];
    return { status: null, waitlisted: false, promoted };
  });
}

/** Replaces the member's guests for the event (0 to 10; all of them need a seat). Each guest is a
 * different person: no two share an e-mail, and none has the member's own (one seat per person,
 * not one member taking eleven with copies of one guest). Refused with 422, changing nothing. */
export async function setGuests(
  db: Db,
  eventId: string,
  userId: string,
  input: GuestsInput,
): Promise<{ promoted: string[] }> {
  // Checked before the event is locked. The route validated with the same shared schema;
  // other callers get the same answer here.
  if (repeatedGuestEmails(input.guests).length > 0) throw unprocessable('GUEST_EMAIL_TAKEN', GUEST_EMAIL_TAKEN);
  if (input.guests.length > 0) {
    const me = await db.execute<{ email: string }>(sql`select email from "user" where id = ${userId}`);
    const own = me.rows[0]?.email.trim().toLowerCase();
    if (own && input.guests.some((g) => g.email.trim().toLowerCase() === own)) {
      throw unprocessable('GUEST_IS_MEMBER', GUEST_IS_YOU);
    }
  }
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (event.status !== 'upcoming') throw conflict('REGISTRATION_CLOSED', REGISTRATION_CLOSED);
    const status = await currentStatus(tx, eventId, userId);
    if (status !== 'attending') {
      throw conflict('NOT_ATTENDING', 'Register as attending before adding guests.');
    }
    const own = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from event_guests where event_id = ${eventId} and profile_id = ${userId}`,
    );
    const ownGuests = Number(own.rows[0]!.n);
    if (event.max_attendees !== null) {
      const othersTaken = (await seatsTaken(tx, eventId)) - ownGuests;
      const free = event.max_attendees - othersTaken;
      if (input.guests.length > free) {
        throw conflict(
          'NOT_ENOUGH_SEATS',
          free <= 0
            ? 'There are no seats left for guests at this event.'
            : `Only ${free} ${free === 1 ? 'seat is' : 'seats are'} left for guests at this event.`,
        );
      }
    }
    // Guests who stay keep their row (and so their ticket and any check-in); the others go.
    const emails = input.guests.map((g) => g.email.toLowerCase());
    await tx.execute(sql`delete from event_guests where event_id = ${eventId} and profile_id = ${userId}
      ${
        emails.length > 0
          ? sql`and guest_email not in (${sql.join(
              emails.map((e) => sql`${e}`),
              sql`, `,
            )})`
          : sql``
      }`);
    const kept = await tx.execute<{ guest_email: string }>(
      sql`select guest_email from event_guests where event_id = ${eventId} and profile_id = ${userId}`,
    );
    const keptEmails = new Set(kept.rows.map((r) => r.guest_email));
    for (const g of input.guests.filter((g) => keptEmails.has(g.email.toLowerCase()))) {
      await tx.execute(sql`update event_guests set guest_name = ${g.name}
        where event_id = ${eventId} and profile_id = ${userId} and guest_email = ${g.email.toLowerCase()}`);
    }
    const added = input.guests.filter((g) => !keptEmails.has(g.email.toLowerCase()));
    if (added.length > 0) {
      // A microsecond apart, so they list in the order the member entered them.
      const rows = added.map(
        (g, i) =>
          sql`(${eventId}, ${userId}, ${g.name}, ${g.email.toLowerCase()}, now() + make_interval(secs => ${i / 1_000_000}))`,
      );
      await tx.execute(sql`insert into event_guests (event_id, profile_id, guest_name, guest_email, created_at)
        values ${sql.join(rows, sql`, `)}`);
    }
    const promoted = input.guests.length < ownGuests ? await promoteWaitlisted(tx, event) : [];
    return { promoted };
  });
}
