import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import {
  DOOR_DUTY_AFTER_END_MS,
  type DoorCounts,
  type DoorDutiesResponse,
  type DoorResponse,
  type DoorTicket,
  type ScanResponse,
} from '../../../shared/check-in';
import { readTicketCode, ticketCode, type TicketRef } from './tickets';

// The door: who holds a ticket for an event, admitting one by its code, undoing an admission.
// A ticket is `member:<user id>` or `guest:<guest id>` in `event_check_ins`, unique per event,
// so the first admission to reach the database wins and every later scan is told who won.

/** An offline scan keeps its own time when it is in the last day and not in the future. */
const OFFLINE_SCAN_MAX_AGE_MS = 24 * 60 * 60_000;

export async function isDoorStaff(db: Db, eventId: string, userId: string): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from event_door_staff where event_id = ${eventId} and user_id = ${userId} limit 1`,
  );
  return result.rows.length > 0;
}

type TicketRow = {
  kind: 'member' | 'guest';
  id: string;
  user_id: string;
  name: string;
  avatar_url: string | null;
  status: 'attending' | 'waitlisted';
  guests: number;
  host_name: string | null;
  host_id: string | null;
  check_in_id: string | null;
  checked_in_at: Date | string | null;
  device: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** Every ticket of an event, or one (`only`), or one member's and their guests' (`holder`). */
async function ticketRows(db: Db, eventId: string, only?: TicketRef, holder?: string): Promise<TicketRow[]> {
  const memberFilter = only
    ? only.kind === 'member'
      ? sql`and a.id = ${only.id}`
      : sql`and false`
    : holder
      ? sql`and a.user_id = ${holder}`
      : sql``;
  const guestFilter = only
    ? only.kind === 'guest'
      ? sql`and g.id = ${only.id}`
      : sql`and false`
    : holder
      ? sql`and g.profile_id = ${holder}`
      : sql``;
  const result = await db.execute<TicketRow>(sql`
    select 'member' as kind, a.id, a.user_id, coalesce(nullif(p.full_name, ''), p.username) as name, p.avatar_url,
        a.status, (select count(*)::int from event_guests g where g.event_id = a.event_id and g.profile_id = a.user_id) as guests,
        null as host_name, null as host_id, c.id as check_in_id, c.checked_in_at, c.device
      from event_attendees a join profiles p on p.id = a.user_id
      left join event_check_ins c on c.event_id = a.event_id and c.ticket = 'member:' || a.user_id
      where a.event_id = ${eventId} and a.status in ('attending', 'waitlisted') ${memberFilter}
    union all
    select 'guest', g.id, g.profile_id, g.guest_name, null, 'attending', 0,
        coalesce(nullif(p.full_name, ''), p.username), h.id, c.id, c.checked_in_at, c.device
      from event_guests g join profiles p on p.id = g.profile_id
      join event_attendees h on h.event_id = g.event_id and h.user_id = g.profile_id
      left join event_check_ins c on c.event_id = g.event_id and c.ticket = 'guest:' || g.id
      where g.event_id = ${eventId} ${guestFilter}
    order by name`);
  return result.rows;
}

function toTicket(key: Buffer, eventId: string, row: TicketRow): DoorTicket {
  return {
    code: ticketCode(key, { kind: row.kind, eventId, id: row.id }),
    kind: row.kind,
    name: row.name,
    avatarUrl: row.avatar_url,
    status: row.status,
    guests: Number(row.guests),
    hostName: row.host_name,
    hostCode: row.host_id ? ticketCode(key, { kind: 'member', eventId, id: row.host_id }) : null,
    checkIn:
      row.check_in_id && row.checked_in_at
        ? { id: row.check_in_id, at: iso(row.checked_in_at), device: row.device ?? '' }
        : null,
  };
}

export async function doorCounts(db: Db, eventId: string, now: Date): Promise<DoorCounts> {
  const result = await db.execute<{
    members: number;
    guests: number;
    members_in: number;
    guests_in: number;
    ended: boolean;
  }>(sql`
    select (select count(*)::int from event_attendees where event_id = ${eventId} and status = 'attending') as members,
      (select count(*)::int from event_guests where event_id = ${eventId}) as guests,
      (select count(*)::int from event_check_ins c join event_attendees a
        on a.event_id = c.event_id and 'member:' || a.user_id = c.ticket and a.status = 'attending'
        where c.event_id = ${eventId}) as members_in,
      (select count(*)::int from event_check_ins where event_id = ${eventId} and guest_id is not null) as guests_in,
      (select end_time < ${now.toISOString()}::timestamptz from events where id = ${eventId}) as ended`);
  const row = result.rows[0]!;
  const registered = Number(row.members) + Number(row.guests);
  const checkedIn = Number(row.members_in) + Number(row.guests_in);
  const expected = Math.max(0, registered - checkedIn);
  return {
    registered,
    checkedIn,
    guestsCheckedIn: Number(row.guests_in),
    expected,
    noShows: row.ended ? expected : null,
  };
}

/** The door's list: every ticket with its code, so a door device can admit offline. */
export async function doorList(db: Db, key: Buffer, eventId: string, now: Date): Promise<DoorResponse | null> {
  const found = await db.execute<{
    id: string;
    name: string;
    start_time: Date | string;
    end_time: Date | string;
    location: string | null;
  }>(sql`select id, name, start_time, end_time, location from events where id = ${eventId}`);
  const event = found.rows[0];
  if (!event) return null;
  const [rows, counts] = await Promise.all([ticketRows(db, eventId), doorCounts(db, eventId, now)]);
  return {
    event: {
      id: event.id,
      name: event.name,
      startTime: iso(event.start_time),
      endTime: iso(event.end_time),
      location: event.location,
    },
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
  const ref = readTicketCode(key, request.code);
  if (!ref) return { outcome: 'invalid', ticket: null, otherEvent: null };
  if (ref.eventId !== request.eventId) {
    const other = await db.execute<{ id: string; name: string }>(
      sql`select id, name from events where id = ${ref.eventId}`,
    );
    const event = other.rows[0];
    return event
      ? { outcome: 'other-event', ticket: null, otherEvent: { id: event.id, name: event.name } }
      : { outcome: 'invalid', ticket: null, otherEvent: null };
  }
  const [row] = await ticketRows(db, request.eventId, ref);
  // Signed by us, but no longer a ticket: the member unregistered, the guest was removed.
  if (!row) return { outcome: 'invalid', ticket: null, otherEvent: null };
  if (row.status === 'waitlisted') {
    return { outcome: 'waitlisted', ticket: toTicket(key, request.eventId, row), otherEvent: null };
  }
  const scannedAt = request.scannedAt ? new Date(request.scannedAt) : null;
  const age = scannedAt ? request.now.getTime() - scannedAt.getTime() : -1;
  const at = scannedAt && age >= 0 && age <= OFFLINE_SCAN_MAX_AGE_MS ? scannedAt : request.now;
  const ticket = row.kind === 'member' ? `member:${row.user_id}` : `guest:${row.id}`;
  // Insert, or read the admission that won, in one round trip: the CTE's insert is invisible
  // to the outer select, so an existing row comes from the union's second half.
  const written = await db.execute<{ id: string; checked_in_at: Date | string; device: string; fresh: boolean }>(sql`
    with inserted as (
      insert into event_check_ins (event_id, ticket, user_id, guest_id, checked_in_at, device, checked_in_by)
      values (${request.eventId}, ${ticket}, ${row.user_id}, ${row.kind === 'guest' ? row.id : null},
        ${at.toISOString()}, ${request.device}, ${request.by})
      on conflict (event_id, ticket) do nothing
      returning id, checked_in_at, device)
    select id, checked_in_at, device, true as fresh from inserted
    union all
    select id, checked_in_at, device, false from event_check_ins
      where event_id = ${request.eventId} and ticket = ${ticket} and not exists (select 1 from inserted)`);
  const record = written.rows[0];
  if (!record) {
    // Admitted by another device and undone again between our insert and our read: try once more.
    return scan(db, key, request);
  }
  const result = toTicket(key, request.eventId, {
    ...row,
    check_in_id: record.id,
    checked_in_at: record.checked_in_at,
    device: record.device,
  });
  if (!record.fresh) return { outcome: 'already', ticket: result, otherEvent: null };
  return { outcome: 'admitted', ticket: result, otherEvent: null, admittedUserId: row.user_id };
}

/** Undoes an admission; the ticket as it now stands, or null when there was none. */
export async function undoCheckIn(
  db: Db,
  key: Buffer,
  eventId: string,
  checkInId: string,
): Promise<{ ticket: DoorTicket; userId: string } | null> {
  if (!isUuid(checkInId)) return null;
  const deleted = await db.execute<{ ticket: string; user_id: string; guest_id: string | null }>(
    sql`delete from event_check_ins where id = ${checkInId} and event_id = ${eventId} returning ticket, user_id, guest_id`,
  );
  const gone = deleted.rows[0];
  if (!gone) return null;
  const ref: TicketRef = gone.guest_id
    ? { kind: 'guest', eventId, id: gone.guest_id }
    : { kind: 'member', eventId, id: await registrationId(db, eventId, gone.user_id) };
  const [row] = ref.id ? await ticketRows(db, eventId, ref) : [];
  if (!row) return null;
  return { ticket: toTicket(key, eventId, row), userId: gone.user_id };
}

async function registrationId(db: Db, eventId: string, userId: string): Promise<string> {
  const result = await db.execute<{ id: string }>(
    sql`select id from event_attendees where event_id = ${eventId} and user_id = ${userId}`,
  );
  return result.rows[0]?.id ?? '';
}

/** A member's tickets for an event (their own and their guests'), or null when not attending. */
export async function memberTickets(db: Db, key: Buffer, eventId: string, userId: string) {
  const result = await db.execute<{
    id: string;
    name: string;
    start_time: Date | string;
    location: string | null;
    registration_id: string | null;
  }>(sql`
    select e.id, e.name, e.start_time, e.location, a.id as registration_id
      from events e left join event_attendees a on a.event_id = e.id and a.user_id = ${userId} and a.status = 'attending'
      where e.id = ${eventId}`);
  const event = result.rows[0];
  if (!event?.registration_id) return null;
  const rows = await ticketRows(db, eventId, undefined, userId);
  return {
    event: { id: event.id, name: event.name, startTime: iso(event.start_time), location: event.location },
    holders: rows
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'member' ? -1 : 1))
      .map((row) => ({
        kind: row.kind,
        name: row.name,
        code: ticketCode(key, { kind: row.kind, eventId, id: row.id }),
        checkedInAt: row.checked_in_at ? iso(row.checked_in_at) : null,
      })),
  };
}

export async function listDoorStaff(db: Db, eventId: string) {
  const result = await db.execute<{ id: string; username: string; full_name: string | null }>(sql`
    select p.id, p.username, p.full_name from event_door_staff s join profiles p on p.id = s.user_id
      where s.event_id = ${eventId} order by lower(coalesce(nullif(p.full_name, ''), p.username))`);
  return result.rows.map((r) => ({ id: r.id, username: r.username, fullName: r.full_name }));
}

/** Replaces an event's door staff with these members (unknown ids are refused by the caller). */
export async function setDoorStaff(db: Db, eventId: string, userIds: string[]): Promise<'ok' | 'unknown-member'> {
  const unique = [...new Set(userIds)];
  return db.transaction(async (tx) => {
    if (unique.length > 0) {
      const found = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from profiles where id in (${sql.join(
          unique.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      if (Number(found.rows[0]!.n) !== unique.length) return 'unknown-member';
    }
    await tx.execute(sql`delete from event_door_staff where event_id = ${eventId}
      ${
        unique.length > 0
          ? sql`and user_id not in (${sql.join(
              unique.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }`);
    if (unique.length > 0) {
      await tx.execute(sql`insert into event_door_staff (event_id, user_id)
        values ${sql.join(
          unique.map((id) => sql`(${eventId}, ${id})`),
          sql`, `,
        )} on conflict do nothing`);
    }
    return 'ok';
  });
}

export async function eventExists(db: Db, eventId: string): Promise<boolean> {
  return (await db.execute(sql`select 1 from events where id = ${eventId}`)).rows.length > 0;
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
  const since = new Date(now.getTime() - DOOR_DUTY_AFTER_END_MS).toISOString();
  const whose = viewer.isAdmin
    ? sql``
    : sql`and exists (select 1 from event_door_staff s where s.event_id = e.id and s.user_id = ${viewer.id})`;
  const result = await db.execute<{ id: string; name: string; start_time: Date | string; end_time: Date | string }>(
    sql`select e.id, e.name, e.start_time, e.end_time from events e
      where e.end_time >= ${since}::timestamptz ${whose}
      order by e.start_time, e.id limit ${DOOR_DUTIES_MAX}`,
  );
  return result.rows.map((r) => ({ id: r.id, name: r.name, startTime: iso(r.start_time), endTime: iso(r.end_time) }));
}
