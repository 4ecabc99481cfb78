import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../db/rows';
import { eventAttendees, eventCheckIns, eventGuests, events } from '../../db/schema';
import type { Attendance, AttendeeStatus, EventStatus, MyEvent, MyEventsResponse } from '../../../shared/events';

/** Past registrations listed at most (the dashboard's history; the account export has them all). */
const PAST_MAX = 100;

/**
 * The viewer's own registrations for the dashboard: those still to come (the first attending one
 * is their next event) and those over, with whether they came. "Over" is what the profile's Events
 * Attended counts as over (members/service.ts): completed, or ended. Whether they came follows the
 * same rule as that count: checked in at the door; or attending an event whose door checked nobody
 * in (an event run without check-in), since the door is then no witness either way.
 */
export async function listMyEvents(db: Db, userId: string, now: Date): Promise<MyEventsResponse> {
  const checkIns = (memberOnly: boolean) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(eventCheckIns)
        .where(
          and(
            eq(eventCheckIns.eventId, events.id),
            memberOnly ? eq(eventCheckIns.ticket, sql`'member:' || ${eventAttendees.userId}`) : undefined,
          ),
        ),
    );
  const rows = await db
    .select({
      id: events.id,
      name: events.name,
      startTime: events.startTime,
      endTime: events.endTime,
      location: events.location,
      status: events.status,
      registration: eventAttendees.status,
      guests: db.$count(eventGuests, and(eq(eventGuests.eventId, events.id), eq(eventGuests.profileId, userId))),
      checkedIn: checkIns(true).mapWith(Boolean),
      doorUsed: checkIns(false).mapWith(Boolean),
    })
    .from(eventAttendees)
    .innerJoin(events, eq(events.id, eventAttendees.eventId))
    .where(eq(eventAttendees.userId, userId))
    .orderBy(asc(events.startTime), asc(events.id));

  const upcoming: MyEvent[] = [];
  const past: MyEvent[] = [];
  for (const row of rows) {
    const over = row.status === 'completed' || row.endTime < now;
    const registration = row.registration as AttendeeStatus;
    let attendance: Attendance | null = null;
    if (over) {
      if (row.checkedIn || (registration === 'attending' && !row.doorUsed)) attendance = 'attended';
      else if (registration === 'attending') attendance = 'missed';
    }
    (over ? past : upcoming).push({
      id: row.id,
      name: row.name,
      startTime: iso(row.startTime),
      endTime: iso(row.endTime),
      location: row.location,
      status: row.status as EventStatus,
      registration,
      guests: Number(row.guests),
      attendance,
    });
  }
  return { upcoming, past: past.reverse().slice(0, PAST_MAX) };
}
