import { and, asc, eq, exists, gte, inArray, isNotNull, notExists, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { isUuid, memberName } from '../../db/query-values';
import { eventAttendees, eventCheckIns, eventDoorStaff, eventGuests, events, profiles } from '../../db/schema';
import {
  DOOR_DUTY_AFTER_END_MS,
  shortCodeOf,
  type DoorCounts,
  type DoorDutiesResponse,
  type DoorResponse,
  type DoorTicket,
  type ScanResponse,
} from '../../../shared/check-in';
import { EVENT_CANCELLED, EVENT_CANCELLED_MESSAGE } from '../../../shared/series';
import { conflict } from '../../platform/errors';
import { readTicketCode, ticketCode, type TicketRef } from './tickets';

// The door: who holds a ticket for an event, admitting one by its code, undoing an admission.
// A ticket is `member:<user id>` or `guest:<guest id>` in `event_check_ins`, unique per event,
// so the first admission to reach the database wins and every later scan is told who won.

/** An offline scan keeps its own time when it is in the last day and not in the future. */
const OFFLINE_SCAN_MAX_AGE_MS = 24 * 60 * 60_000;

export async function isDoorStaff(db: Db, eventId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: eventDoorStaff.eventId })
    .from(eventDoorStaff)
    .where(and(eq(eventDoorStaff.eventId, eventId), eq(eventDoorStaff.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Every ticket of an event, or one (`only`: by its long code's reference or by its short code),
 * or one member's and their guests' (`holder`): members (attending or waitlisted) and guests in
 * one list, by name. */
async function ticketRows(db: Db, eventId: string, only?: TicketRef | { shortCode: string }, holder?: string) {
  const memberFilter = only
    ? 'shortCode' in only
      ? eq(eventAttendees.shortCode, only.shortCode)
      : only.kind === 'member'
        ? eq(eventAttendees.id, only.id)
        : sql`false`
    : holder
      ? eq(eventAttendees.userId, holder)
      : undefined;
  const guestFilter = only
    ? 'shortCode' in only
      ? eq(eventGuests.shortCode, only.shortCode)
      : only.kind === 'guest'
        ? eq(eventGuests.id, only.id)
        : sql`false`
    : holder
      ? eq(eventGuests.profileId, holder)
      : undefined;
  const host = alias(eventAttendees, 'host');
  const members = db
    .select({
      kind: sql<'member' | 'guest'>`'member'`.as('kind'),
      id: eventAttendees.id,
      userId: eventAttendees.userId,
      shortCode: eventAttendees.shortCode,
      name: sql<string>`${memberName}`.as('name'),
      avatarUrl: profiles.avatarUrl,
      status: sql<'attending' | 'waitlisted'>`${eventAttendees.status}`.as('status'),
      guests: sql<number>`(select count(*)::int from event_guests g
        where g.event_id = ${eventAttendees.eventId} and g.profile_id = ${eventAttendees.userId})`
        .mapWith(Number)
        .as('guests'),
      hostName: sql<string | null>`null`.as('host_name'),
      hostId: sql<string | null>`null`.as('host_id'),
      checkInId: eventCheckIns.id,
      checkedInAt: eventCheckIns.checkedInAt,
      device: eventCheckIns.device,
    })
    .from(eventAttendees)
    .innerJoin(profiles, eq(profiles.id, eventAttendees.userId))
    .leftJoin(
      eventCheckIns,
      and(
        eq(eventCheckIns.eventId, eventAttendees.eventId),
        eq(eventCheckIns.ticket, sql`'member:' || ${eventAttendees.userId}`),
      ),
    )
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        inArray(eventAttendees.status, ['attending', 'waitlisted']),
        memberFilter,
      ),
    );
  const guests = db
    .select({
      kind: sql<'member' | 'guest'>`'guest'`.as('kind'),
      id: eventGuests.id,
      userId: eventGuests.profileId,
      shortCode: eventGuests.shortCode,
      name: sql<string>`${eventGuests.guestName}`.as('name'),
      avatarUrl: sql<string | null>`null`.as('avatar_url'),
      status: sql<'attending' | 'waitlisted'>`'attending'`.as('status'),
      guests: sql<number>`0`.mapWith(Number).as('guests'),
      hostName: sql<string | null>`${memberName}`.as('host_name'),
      hostId: sql<string | null>`${host.id}`.as('host_id'),
      checkInId: eventCheckIns.id,
      checkedInAt: eventCheckIns.checkedInAt,
      device: eventCheckIns.device,
    })
    .from(eventGuests)
    .innerJoin(profiles, eq(profiles.id, eventGuests.profileId))
    .innerJoin(host, and(eq(host.eventId, eventGuests.eventId), eq(host.userId, eventGuests.profileId)))
    .leftJoin(
      eventCheckIns,
      and(eq(eventCheckIns.eventId, eventGuests.eventId), eq(eventCheckIns.ticket, sql`'guest:' || ${eventGuests.id}`)),
    )
    .where(and(eq(eventGuests.eventId, eventId), guestFilter));
  return members.unionAll(guests).orderBy(sql`name`);
}

type TicketRow = Awaited<ReturnType<typeof ticketRows>>[number];

function toTicket(key: Buffer, eventId: string, row: TicketRow): DoorTicket {
  return {
    code: ticketCode(key, { kind: row.kind, eventId, id: row.id }),
    shortCode: row.shortCode,
    kind: row.kind,
    name: row.name,
    avatarUrl: row.avatarUrl,
    status: row.status,
    guests: row.guests,
    hostName: row.hostName,
    hostCode: row.hostId ? ticketCode(key, { kind: 'member', eventId, id: row.hostId }) : null,
    checkIn:
      row.checkInId && row.checkedInAt
        ? { id: row.checkInId, at: iso(row.checkedInAt), device: row.device ?? '' }
        : null,
  };
}

export async function doorCounts(db: Db, eventId: string, now: Date): Promise<DoorCounts> {
  const [row] = await db
    .select({
      members: db.$count(
        eventAttendees,
        and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.status, 'attending')),
      ),
      guests: db.$count(eventGuests, eq(eventGuests.eventId, eventId)),
      membersIn: sql<number>`(select count(*)::int from event_check_ins c join event_attendees a
        on a.event_id = c.event_id and 'member:' || a.user_id = c.ticket and a.status = 'attending'
        where c.event_id = ${eventId})`.mapWith(Number),
      guestsIn: db.$count(eventCheckIns, and(eq(eventCheckIns.eventId, eventId), isNotNull(eventCheckIns.guestId))),
      ended: sql<boolean>`${events.endTime} < ${now.toISOString()}::timestamptz`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const registered = Number(row?.members ?? 0) + Number(row?.guests ?? 0);
  const checkedIn = Number(row?.membersIn ?? 0) + Number(row?.guestsIn ?? 0);
  const expected = Math.max(0, registered - checkedIn);
  return {
    registered,
    checkedIn,
    guestsCheckedIn: Number(row?.guestsIn ?? 0),
    expected,
    noShows: row?.ended ? expected : null,
  };
}

/** The door's list: every ticket with its code, so a door device can admit offline. */
export async function doorList(db: Db, key: Buffer, eventId: string, now: Date): Promise<DoorResponse | null> {
  const [event] = await db
    .select({
      id: events.id,
      name: events.name,
      startTime: events.startTime,
      endTime: events.endTime,
      location: events.location,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) return null;
  const [rows, counts] = await Promise.all([ticketRows(db, eventId), doorCounts(db, eventId, now)]);
  return {
    event: { ...event, startTime: iso(event.startTime), endTime: iso(event.endTime) },
    tickets: rows.map((row) => toTicket(key, eventId, row)),
    counts,
  };
}

export interface ScanRequest {
  eventId: string;
  code: string;
  device: string;
  scannedAt?: string;
  by: string;
  now: Date;
}

export interface ScanResult extends ScanResponse {
  /** For the audit log: whose ticket was admitted. */
  admittedUserId?: string;
}

/** Admits the ticket a code names, once: concurrent scans of one code (two door devices, a
 * queued offline scan) insert against one unique key, so exactly one admits and the others are
 * answered "already checked in" with the winner's time and device. */
export async function scan(db: Db, key: Buffer, request: ScanRequest): Promise<ScanResult> {
  const row = await scannedTicket(db, key, request.eventId, request.code);
  if (!('kind' in row)) return row;
  if (row.status === 'waitlisted') {
    return { outcome: 'waitlisted', ticket: toTicket(key, request.eventId, row), otherEvent: null };
  }
  const scannedAt = request.scannedAt ? new Date(request.scannedAt) : null;
  const age = scannedAt ? request.now.getTime() - scannedAt.getTime() : -1;
  const at = scannedAt && age >= 0 && age <= OFFLINE_SCAN_MAX_AGE_MS ? scannedAt : request.now;
  const ticket = row.kind === 'member' ? `member:${row.userId}` : `guest:${row.id}`;
  // Insert, or read the admission that won, in one round trip: the CTE's insert is invisible
  // to the outer select, so an existing row comes from the union's second half.
  const inserted = db.$with('inserted').as(
    db
      .insert(eventCheckIns)
      .values({
        eventId: request.eventId,
        ticket,
        userId: row.userId,
        guestId: row.kind === 'guest' ? row.id : null,
        checkedInAt: at,
        device: request.device,
        checkedInBy: request.by,
      })
      .onConflictDoNothing({ target: [eventCheckIns.eventId, eventCheckIns.ticket] })
      .returning({ id: eventCheckIns.id, checkedInAt: eventCheckIns.checkedInAt, device: eventCheckIns.device }),
  );
  const outcome = db
    .select({
      id: inserted.id,
      checkedInAt: inserted.checkedInAt,
      device: inserted.device,
      fresh: sql<boolean>`true`.as('fresh'),
    })
    .from(inserted)
    .unionAll(
      db
        .select({
          id: eventCheckIns.id,
          checkedInAt: eventCheckIns.checkedInAt,
          device: eventCheckIns.device,
          fresh: sql<boolean>`false`.as('fresh'),
        })
        .from(eventCheckIns)
        .where(
          and(
            eq(eventCheckIns.eventId, request.eventId),
            eq(eventCheckIns.ticket, ticket),
            notExists(db.select({ id: inserted.id }).from(inserted)),
          ),
        ),
    )
    .as('outcome');
  // The union is selected from as a subquery: a data-modifying WITH must stay at the top level.
  const [record] = await db.with(inserted).select().from(outcome);
  if (!record) {
    // Admitted by another device and undone again between our insert and our read: try once more.
    return scan(db, key, request);
  }
  const result = toTicket(key, request.eventId, {
    ...row,
    checkInId: record.id,
    checkedInAt: record.checkedInAt,
    device: record.device,
  });
  if (!record.fresh) return { outcome: 'already', ticket: result, otherEvent: null };
  return { outcome: 'admitted', ticket: result, otherEvent: null, admittedUserId: row.userId };
}

/** The ticket of this event a scanned or typed code names, or what the door answers when there
 * is none: the long code from the QR image, or the short code printed under it. */
async function scannedTicket(db: Db, key: Buffer, eventId: string, code: string): Promise<TicketRow | ScanResponse> {
  const invalid: ScanResponse = { outcome: 'invalid', ticket: null, otherEvent: null };
  // Short codes are unique within an event only: one that is not this event's is not valid here.
  const shortCode = shortCodeOf(code);
  if (shortCode) return (await ticketRows(db, eventId, { shortCode }))[0] ?? invalid;
  const ref = readTicketCode(key, code);
  if (!ref) return invalid;
  if (ref.eventId !== eventId) {
    const [event] = await db
      .select({ id: events.id, name: events.name })
      .from(events)
      .where(eq(events.id, ref.eventId));
    return event ? { outcome: 'other-event', ticket: null, otherEvent: { id: event.id, name: event.name } } : invalid;
  }
  // Signed by us, but no longer a ticket: the member unregistered, the guest was removed.
  return (await ticketRows(db, eventId, ref))[0] ?? invalid;
}

/** Undoes an admission; the ticket as it now stands, or null when there was none. */
export async function undoCheckIn(
  db: Db,
  key: Buffer,
  eventId: string,
  checkInId: string,
): Promise<{ ticket: DoorTicket; userId: string } | null> {
  if (!isUuid(checkInId)) return null;
  const [gone] = await db
    .delete(eventCheckIns)
    .where(and(eq(eventCheckIns.id, checkInId), eq(eventCheckIns.eventId, eventId)))
    .returning({ userId: eventCheckIns.userId, guestId: eventCheckIns.guestId });
  if (!gone) return null;
  const ref: TicketRef = gone.guestId
    ? { kind: 'guest', eventId, id: gone.guestId }
    : { kind: 'member', eventId, id: await registrationId(db, eventId, gone.userId) };
  const [row] = ref.id ? await ticketRows(db, eventId, ref) : [];
  if (!row) return null;
  return { ticket: toTicket(key, eventId, row), userId: gone.userId };
}

async function registrationId(db: Db, eventId: string, userId: string): Promise<string> {
  const [row] = await db
    .select({ id: eventAttendees.id })
    .from(eventAttendees)
    .where(and(eq(eventAttendees.eventId, eventId), eq(eventAttendees.userId, userId)));
  return row?.id ?? '';
}

/** A member's tickets for an event (their own and their guests'), or null when not attending. */
export async function memberTickets(db: Db, key: Buffer, eventId: string, userId: string) {
  const [event] = await db
    .select({
      id: events.id,
      name: events.name,
      startTime: events.startTime,
      location: events.location,
      cancelledAt: events.cancelledAt,
      registrationId: eventAttendees.id,
    })
    .from(events)
    .leftJoin(
      eventAttendees,
      and(
        eq(eventAttendees.eventId, events.id),
        eq(eventAttendees.userId, userId),
        eq(eventAttendees.status, 'attending'),
      ),
    )
    .where(eq(events.id, eventId));
  if (!event?.registrationId) return null;
  // A cancelled date of a series admits no one (its registrations go with the cancellation).
  if (event.cancelledAt) throw conflict(EVENT_CANCELLED, EVENT_CANCELLED_MESSAGE);
  const rows = await ticketRows(db, eventId, undefined, userId);
  return {
    event: { id: event.id, name: event.name, startTime: iso(event.startTime), location: event.location },
    holders: rows
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'member' ? -1 : 1))
      .map((row) => ({
        kind: row.kind,
        name: row.name,
        code: ticketCode(key, { kind: row.kind, eventId, id: row.id }),
        shortCode: row.shortCode,
        checkedInAt: row.checkedInAt ? iso(row.checkedInAt) : null,
      })),
  };
}

export async function listDoorStaff(db: Db, eventId: string) {
  return db
    .select({ id: profiles.id, username: profiles.username, fullName: profiles.fullName })
    .from(eventDoorStaff)
    .innerJoin(profiles, eq(profiles.id, eventDoorStaff.userId))
    .where(eq(eventDoorStaff.eventId, eventId))
    .orderBy(sql`lower(${memberName})`);
}

/** Replaces an event's door staff with these members (unknown ids are refused by the caller). */
export async function setDoorStaff(db: Db, eventId: string, userIds: string[]): Promise<'ok' | 'unknown-member'> {
  const unique = [...new Set(userIds)];
  return db.transaction(async (tx) => {
    if (unique.length > 0 && (await tx.$count(profiles, inArray(profiles.id, unique))) !== unique.length) {
      return 'unknown-member';
    }
    await tx
      .delete(eventDoorStaff)
      .where(
        and(
          eq(eventDoorStaff.eventId, eventId),
          unique.length > 0 ? notInArray(eventDoorStaff.userId, unique) : undefined,
        ),
      );
    if (unique.length > 0) {
      await tx
        .insert(eventDoorStaff)
        .values(unique.map((userId) => ({ eventId, userId })))
        .onConflictDoNothing();
    }
    return 'ok';
  });
}

/** Admins see every event at most this many on their door-duty list (the soonest first). */
const DOOR_DUTIES_MAX = 50;

/** The events a member may check people in at, soonest first: those they are door staff for, or
 * every event for an admin, leaving out those that ended more than a day ago. */
export async function doorDuties(
  db: Db,
  viewer: { id: string; isAdmin: boolean },
  now: Date,
): Promise<DoorDutiesResponse['events']> {
  const since = new Date(now.getTime() - DOOR_DUTY_AFTER_END_MS);
  const rows = await db
    .select({ id: events.id, name: events.name, startTime: events.startTime, endTime: events.endTime })
    .from(events)
    .where(
      and(
        gte(events.endTime, since),
        viewer.isAdmin
          ? undefined
          : exists(
              db
                .select({ userId: eventDoorStaff.userId })
                .from(eventDoorStaff)
                .where(and(eq(eventDoorStaff.eventId, events.id), eq(eventDoorStaff.userId, viewer.id))),
            ),
      ),
    )
    .orderBy(asc(events.startTime), asc(events.id))
    .limit(DOOR_DUTIES_MAX);
  return rows.map((r) => ({ ...r, startTime: iso(r.startTime), endTime: iso(r.endTime) }));
}
