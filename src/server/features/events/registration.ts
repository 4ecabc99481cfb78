import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventAttendees, eventGuests, events, user } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../platform/errors';
import {
  EVENT_NOT_FOUND,
  GUEST_EMAIL_TAKEN,
  GUEST_IS_YOU,
  GUESTS_MAX,
  REGISTRATION_CLOSED,
  guestSeatsText,
  repeatedGuestEmails,
  type AttendeeStatus,
  type GuestsInput,
  type MyRegistration,
  type RegistrationInput,
} from '../../../shared/events';
import { EVENT_CANCELLED, EVENT_CANCELLED_MESSAGE } from '../../../shared/series';
import { isUuid } from '../../db/query-values';
import type { IcsEvent } from './ics';

// The registration rules, decided here and nowhere else: only upcoming events accept
// registrations; attending members plus their guests never exceed max_attendees; a member
// who asks to attend a full event waits on the list, and the earliest waiting member is
// promoted when a seat frees; a cancelled date of a series accepts none (its registrations were
// removed with the cancellation). Each change holds the event row shared (an organiser's edit of
// it waits, and it for them), and on an event with a capacity also the event's seats lock, so
// changes that count seats run one after another and the count they see is the count that is
// true. Without a capacity nothing is counted: members' changes to one event do not wait for
// each other (eight members switching at once each waited for the seven before them).

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// `max_attendees` as the column is named: users/service.ts hands promoteWaitlisted its raw rows.
type LockedEvent = {
  id: string;
  status: string;
  max_attendees: number | null;
  cancelled_at: Date | null;
};

export interface RegistrationOutcome {
  status: AttendeeStatus | null;
  waitlisted: boolean;
  /** Members moved from the waitlist to attending by this change (to be told by e-mail). */
  promoted: string[];
}

const guestsOf = (eventId: string, userId: string) =>
  and(eq(eventGuests.eventId, eventId), eq(eventGuests.profileId, userId));

/** The advisory lock space of an event's seats (two-key form: its own space beside the one-key
 * locks of users/service.ts). */
const SEATS_LOCK = 4301;

async function lockEvent(tx: Tx, eventId: string): Promise<LockedEvent> {
  if (!isUuid(eventId)) throw notFound(EVENT_NOT_FOUND);
  const [event] = await tx
    .select({
      id: events.id,
      status: events.status,
      max_attendees: events.maxAttendees,
      cancelled_at: events.cancelledAt,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for('share');
  if (!event) throw notFound(EVENT_NOT_FOUND);
  // Taken after the row, by every change alike: no two wait for each other the other way round.
  // Raw: an advisory lock is a function call, not a table the builder knows.
  if (event.max_attendees !== null)
    await tx.execute(sql`select pg_advisory_xact_lock(${SEATS_LOCK}, hashtext(${eventId}))`);
  return event;
}

/** Registrations and guests change only on an upcoming date that is not cancelled. */
function assertOpen(event: LockedEvent) {
  if (event.cancelled_at !== null) throw conflict(EVENT_CANCELLED, EVENT_CANCELLED_MESSAGE);
  if (event.status !== 'upcoming') throw conflict('REGISTRATION_CLOSED', REGISTRATION_CLOSED);
}

/** The two counts of the seats taken, as columns of a select over the event's row. */
const seatCounts = (tx: Pick<Tx, '$count'>, eventId: string) => ({
  attending: tx.$count(
    eventAttendees,
    and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'attending')),
  ),
  guests: tx.$count(eventGuests, eq(eventGuests.eventId, eventId)),
});
const takenOf = (row: { attending: number; guests: number } | undefined) =>
  row ? Number(row.attending) + Number(row.guests) : 0;

/** Seats counted against capacity: attending members and every guest, in one round trip (0 when
 * the event does not exist). */
export async function seatsTaken(tx: Pick<Tx, 'select' | '$count'>, eventId: string): Promise<number> {
  const [row] = await tx.select(seatCounts(tx, eventId)).from(events).where(eq(events.id, eventId));
  return takenOf(row);
}

/** The member's status and the seats taken, in one round trip (under the seats lock). */
async function statusAndSeats(
  tx: Tx,
  eventId: string,
  userId: string,
): Promise<{ previous: AttendeeStatus | null; taken: number }> {
  const [row] = await tx
    .select({
      previous: sql<AttendeeStatus | null>`(select a.status from event_attendees a
        where a.event_id = ${eventId} and a.user_id = ${userId})`,
      ...seatCounts(tx, eventId),
    })
    .from(events)
    .where(eq(events.id, eventId));
  return { previous: row?.previous ?? null, taken: takenOf(row) };
}

/** Seats left for a member's guests: capacity less everyone else's seats (their own and their
 * guests' count as free for them); null when the event has no limit. */
const guestSeats = (maxAttendees: number | null, taken: number, ownGuests: number) =>
  maxAttendees === null ? null : maxAttendees - (taken - ownGuests);

/** How many guests an attending member may have now: GUESTS_MAX, or fewer when fewer seats are
 * left. The guest picker offers this many (MyRegistration.guestsAllowed) and setGuests refuses one
 * more, so the two always agree. */
export function guestsAllowed(maxAttendees: number | null, taken: number, ownGuests: number): number {
  const free = guestSeats(maxAttendees, taken, ownGuests);
  return free === null ? GUESTS_MAX : Math.max(0, Math.min(GUESTS_MAX, free));
}

async function currentStatus(tx: Tx, eventId: string, userId: string): Promise<AttendeeStatus | null> {
  const [row] = await tx
    .select({ status: eventAttendees.status })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  return (row?.status as AttendeeStatus | undefined) ?? null;
}

/** Fills free seats from the waitlist, earliest first (also when an admin raises capacity). */
export async function promoteWaitlisted(tx: Tx, event: Pick<LockedEvent, 'id' | 'max_attendees'>): Promise<string[]> {
  const waiting = and(eq(eventAttendees.eventId, event.id), eq(eventAttendees.status, 'waitlisted'));
  if (event.max_attendees === null) {
    const all = await tx
      .update(eventAttendees)
      .set({ status: 'attending' })
      .where(waiting)
      .returning({ userId: eventAttendees.userId });
    return all.map((r) => r.userId);
  }
  const free = event.max_attendees - (await seatsTaken(tx, event.id));
  if (free <= 0) return [];
  const earliest = tx
    .select({ id: eventAttendees.id })
    .from(eventAttendees)
    .where(waiting)
    .orderBy(asc(eventAttendees.createdAt), asc(eventAttendees.id))
    .limit(free);
  const promoted = await tx
    .update(eventAttendees)
    .set({ status: 'attending' })
    .where(inArray(eventAttendees.id, earliest))
    .returning({ userId: eventAttendees.userId });
  return promoted.map((r) => r.userId);
}

/** The event's details as a registration change read them (in the statement that holds the
 * event's row): what the confirmation e-mail and its calendar file say, with no read of their own. */
export type RegisteredEvent = Required<
  Pick<IcsEvent, 'id' | 'name' | 'summary' | 'location' | 'startTime' | 'endTime' | 'sequence'>
>;

export interface RegistrationChange extends RegistrationOutcome {
  event: RegisteredEvent;
  /** Null for an account without a profile (no mail is written for it). */
  member: { email: string; name: string } | null;
  /** The member's attendee row now: its id is their ticket's, with the short code the door types. */
  attendee: { id: string; shortCode: string };
  /** Where the member stands now, as GET /events/:id shows it: a change leaves no guests (they
   * come only with a seat the member already held, and leaving it took them). */
  registration: MyRegistration;
}

/** lockEvent, the member's status and the facts of their confirmation in one round trip: a
 * member's write waits behind every reader's turn of the event loop once per statement. */
async function lockForRegistration(tx: Tx, eventId: string, userId: string) {
  if (!isUuid(eventId)) throw notFound(EVENT_NOT_FOUND);
  const [row] = await tx
    .select({
      id: events.id,
      status: events.status,
      max_attendees: events.maxAttendees,
      cancelled_at: events.cancelledAt,
      name: events.name,
      summary: events.summary,
      location: events.location,
      startTime: events.startTime,
      endTime: events.endTime,
      sequence: events.sequence,
      // Raw: scalar subqueries in the select list, one row each, which the builder cannot nest.
      previous: sql<AttendeeStatus | null>`(select a.status from event_attendees a
        where a.event_id = ${eventId} and a.user_id = ${userId})`,
      memberName: sql<string | null>`(select coalesce(nullif(p.full_name, ''), p.username) from profiles p
        where p.id = ${userId})`,
      memberEmail: sql<string | null>`(select u.email from "user" u where u.id = ${userId})`,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for('share');
  if (!row) throw notFound(EVENT_NOT_FOUND);
  if (row.max_attendees !== null)
    await tx.execute(sql`select pg_advisory_xact_lock(${SEATS_LOCK}, hashtext(${eventId}))`);
  return row;
}

export async function setRegistration(
  db: Db,
  eventId: string,
  userId: string,
  input: RegistrationInput,
  /** Runs inside the transaction once the registration changed (the confirmation e-mail goes into
   * the outbox here: a registration is never stored without it, nor it without the registration). */
  withChange?: (tx: Db, change: RegistrationChange) => Promise<void>,
): Promise<RegistrationOutcome & { registration?: MyRegistration }> {
  return db.transaction(async (tx) => {
    const { previous: firstRead, memberName, memberEmail, ...event } = await lockForRegistration(tx, eventId, userId);
    assertOpen(event);
    let previous = firstRead;

    let taken = 0;
    if (event.max_attendees !== null) {
      // Read again under the seats lock: the first read saw the table as it was before the lock,
      // and the member's own change in another tab may have committed since (a seat taken twice,
      // a member sent to the waitlist behind themselves).
      ({ previous, taken } = await statusAndSeats(tx, eventId, userId));
    }
    let next: AttendeeStatus = input.status;
    if (input.status === 'attending' && previous !== 'attending' && event.max_attendees !== null) {
      if (taken + 1 > event.max_attendees) next = 'waitlisted';
    }
    // Unchanged: the answer reads the registration as it stands (with its guests).
    if (next === previous) return { status: next, waitlisted: next === 'waitlisted', promoted: [] };

    // Guests come with an attending member; without the seat they have none.
    if (previous === 'attending') await tx.delete(eventGuests).where(guestsOf(eventId, userId));
    // Joining the waitlist takes a place at its end.
    const [attendee] = await tx
      .insert(eventAttendees)
      .values({ eventId, userId, status: next })
      .onConflictDoUpdate({
        target: [eventAttendees.eventId, eventAttendees.userId],
        set: {
          status: sql`excluded.status`,
          createdAt: sql`case when excluded.status = 'waitlisted' then now() else event_attendees.created_at end`,
        },
      })
      .returning({ id: eventAttendees.id, shortCode: eventAttendees.shortCode });

    // Without a capacity nobody waits (a full event is what puts a member on the list, and an
    // edit that lifts the limit promotes everyone: admin-events.ts), so a seat given up promotes no one.
    const promoted = previous === 'attending' && event.max_attendees !== null ? await promoteWaitlisted(tx, event) : [];
    const registration: MyRegistration = {
      status: next,
      guests: [],
      guestsAllowed: next === 'attending' ? guestsAllowed(event.max_attendees, taken + 1, 0) : 0,
    };
    const outcome = { status: next, waitlisted: next === 'waitlisted', promoted };
    await withChange?.(tx as unknown as Db, {
      ...outcome,
      event,
      member: memberEmail !== null && memberName !== null ? { email: memberEmail, name: memberName } : null,
      attendee: attendee!,
      registration,
    });
    return { ...outcome, registration };
  });
}

export async function unregister(db: Db, eventId: string, userId: string): Promise<RegistrationOutcome> {
  return db.transaction(async (tx) => {
    const left = await leaveEvent(tx, eventId, userId);
    if (!left.previous) throw notFound('You are not registered for this event.');
    return { status: null, waitlisted: false, promoted: left.promoted };
  });
}

/** Takes the member (and their guests) off the event, inside the caller's transaction; a freed
 * seat goes to the waitlist. `previous` is null when they were not registered (nothing changed). */
export async function leaveEvent(
  tx: Tx,
  eventId: string,
  userId: string,
): Promise<{ previous: AttendeeStatus | null; promoted: string[] }> {
  const event = await lockEvent(tx, eventId);
  const previous = await currentStatus(tx, eventId, userId);
  if (!previous) return { previous, promoted: [] };
  await tx.delete(eventGuests).where(guestsOf(eventId, userId));
  await tx.delete(eventAttendees).where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  // Seats freed on a completed or cancelled event help nobody.
  const open = previous === 'attending' && event.status === 'upcoming' && event.cancelled_at === null;
  return { previous, promoted: open ? await promoteWaitlisted(tx, event) : [] };
}

/** "Register for every date" on one date, inside the caller's transaction: attending, or the
 * waitlist when full, as setRegistration decides; a member already on the date (attending, maybe or
 * waiting) stays as they are, and a date closed to registration is passed over. Answers where the
 * member stands on the date afterwards (null: not registered). */
export async function joinEvent(tx: Tx, eventId: string, userId: string): Promise<AttendeeStatus | null> {
  const event = await lockEvent(tx, eventId);
  const previous = await currentStatus(tx, eventId, userId);
  if (previous) return previous;
  if (event.status !== 'upcoming' || event.cancelled_at !== null) return null;
  const full = event.max_attendees !== null && (await seatsTaken(tx, eventId)) + 1 > event.max_attendees;
  const status: AttendeeStatus = full ? 'waitlisted' : 'attending';
  await tx.insert(eventAttendees).values({ eventId, userId, status });
  return status;
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
    const [me] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    const own = me?.email.trim().toLowerCase();
    if (own && input.guests.some((g) => g.email.trim().toLowerCase() === own)) {
      throw unprocessable('GUEST_IS_MEMBER', GUEST_IS_YOU);
    }
  }
  return db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    assertOpen(event);
    const status = await currentStatus(tx, eventId, userId);
    if (status !== 'attending') {
      throw conflict('NOT_ATTENDING', 'Register as attending before adding guests.');
    }
    const ownGuests = await tx.$count(eventGuests, guestsOf(eventId, userId));
    if (event.max_attendees !== null) {
      const free = guestSeats(event.max_attendees, await seatsTaken(tx, eventId), ownGuests)!;
      if (input.guests.length > free) throw conflict('NOT_ENOUGH_SEATS', guestSeatsText(free));
    }
    // Guests who stay keep their row (and so their ticket and any check-in); the others go.
    const emails = input.guests.map((g) => g.email.toLowerCase());
    await tx
      .delete(eventGuests)
      .where(
        and(guestsOf(eventId, userId), emails.length > 0 ? notInArray(eventGuests.guestEmail, emails) : undefined),
      );
    const kept = await tx
      .select({ guestEmail: eventGuests.guestEmail })
      .from(eventGuests)
      .where(guestsOf(eventId, userId));
    const keptEmails = new Set(kept.map((r) => r.guestEmail));
    for (const g of input.guests.filter((g) => keptEmails.has(g.email.toLowerCase()))) {
      await tx
        .update(eventGuests)
        .set({ guestName: g.name })
        .where(and(guestsOf(eventId, userId), eq(eventGuests.guestEmail, g.email.toLowerCase())));
    }
    const added = input.guests.filter((g) => !keptEmails.has(g.email.toLowerCase()));
    if (added.length > 0) {
      await tx.insert(eventGuests).values(
        added.map((g, i) => ({
          eventId,
          profileId: userId,
          guestName: g.name,
          guestEmail: g.email.toLowerCase(),
          // A microsecond apart, so they list in the order the member entered them.
          createdAt: sql`now() + make_interval(secs => ${i / 1_000_000})`,
        })),
      );
    }
    const promoted = input.guests.length < ownGuests ? await promoteWaitlisted(tx, event) : [];
    return { promoted };
  });
}
