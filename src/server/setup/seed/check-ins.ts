import type { eventAttendees, eventCheckIns, eventDoorStaff, eventGuests, events } from '../../db/schema';
import { MINUTE } from './calendar';

// The demo's door: who came to each past event and when. Most attending members arrive within
// the first hour after the start, a few early; about one in eight never comes (and their
// guests with them, mostly). Two devices admitted them: the admin at the front door, a door-staff
// member at the side door. The same two members are door staff for the next event to come.

/** The demo's door-staff members (usernames from data.ts). */
export const DEMO_DOOR_STAFF = ['tashagreene', 'andremitchell'] as const;

type EventRow = typeof events.$inferInsert & { id: string; startTime: Date; endTime: Date };
type AttendeeRow = typeof eventAttendees.$inferInsert;
type GuestRow = typeof eventGuests.$inferInsert & { id: string };

export function demoCheckIns(input: {
  events: EventRow[];
  attendees: AttendeeRow[];
  guests: GuestRow[];
  adminId: string;
  /** The members of DEMO_DOOR_STAFF, in that order, with when they joined. */
  doorStaffMembers: readonly { id: string; createdAt: Date }[];
  now: Date;
  /** 0 ≤ n < 1, the seed's own sequence. */
  random: () => number;
}): { checkIns: (typeof eventCheckIns.$inferInsert)[]; doorStaff: (typeof eventDoorStaff.$inferInsert)[] } {
  const { now, random } = input;
  const minutes = (min: number, max: number) => (min + Math.floor(random() * (max - min + 1))) * MINUTE;
  const [side] = input.doorStaffMembers;
  const checkIns: (typeof eventCheckIns.$inferInsert)[] = [];
  const doorStaff: (typeof eventDoorStaff.$inferInsert)[] = [];
  const past = input.events.filter((e) => e.endTime <= now).sort((a, b) => +a.startTime - +b.startTime);

  for (const event of past) {
    const start = event.startTime.getTime();
    // The side door is staffed once the door-staff member had joined (a week before the event at least).
    const staffed = side && side.createdAt.getTime() < start - 7 * 24 * 60 * MINUTE ? side.id : null;
    const door = (i: number) =>
      i % 3 === 2 && staffed
        ? { device: 'Side door', checkedInBy: staffed }
        : { device: 'Front door', checkedInBy: input.adminId };
    if (staffed)
      doorStaff.push({ eventId: event.id, userId: staffed, createdAt: new Date(start - 3 * 24 * 60 * MINUTE) });
    const going = input.attendees.filter((a) => a.eventId === event.id && a.status === 'attending');
    going.forEach((a, i) => {
      const guests = input.guests.filter((g) => g.eventId === event.id && g.profileId === a.userId);
      // About one in eight never came; their guests stay away too.
      if (random() < 0.125) return;
      // One in ten is early (up to 15 minutes before the doors officially open), the rest within the hour.
      const arrived = start + (random() < 0.1 ? -minutes(1, 15) : minutes(0, 59)) + Math.floor(random() * 60) * 1000;
      const at = Math.min(arrived, event.endTime.getTime() - MINUTE);
      checkIns.push({
        eventId: event.id,
        ticket: `member:${a.userId}`,
        userId: a.userId,
        checkedInAt: new Date(at),
        ...door(i),
        createdAt: new Date(at),
      });
      guests.forEach((g, k) => {
        // A guest now and then does not make it though their member does.
        if (random() < 0.1) return;
        const guestAt = new Date(Math.min(at + (k + 1) * minutes(0, 2) + 5_000, event.endTime.getTime() - MINUTE));
        checkIns.push({
          eventId: event.id,
          ticket: `guest:${g.id}`,
          userId: a.userId,
          guestId: g.id,
          checkedInAt: guestAt,
          ...door(i),
          createdAt: guestAt,
        });
      });
    });
  }

  const next = input.events.filter((e) => e.startTime > now).sort((a, b) => +a.startTime - +b.startTime)[0];
  if (next) {
    for (const { id } of input.doorStaffMembers) {
      doorStaff.push({ eventId: next.id, userId: id, createdAt: new Date(now.getTime() - 2 * 24 * 60 * MINUTE) });
    }
  }
  return { checkIns, doorStaff };
}
