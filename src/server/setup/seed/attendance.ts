import { randomUUID } from 'node:crypto';
import type { eventAttendees, eventGuests } from '../../db/schema';
import { DAY, MINUTE, type DemoCalendar } from './calendar';
import type { EventPlan } from './events';
import type { DemoPeople } from './people';
import type { Random } from './random';

// Who registered for each event and the guests they bring; the admin goes to the next mixer and
// the event under way. Nobody registers before they joined, and no event is over capacity.

const GUEST_NAMES = [
  'Morgan Ellis',
  'Taylor Brooks',
  'Casey Morgan',
  'Riley Chen',
  'Jamie Foster',
  'Drew Patterson',
  'Quinn Alvarado',
  'Avery Stone',
  'Parker Hayes',
  'Reese Donovan',
];

export function demoAttendance(input: {
  events: EventPlan[];
  people: DemoPeople;
  calendar: DemoCalendar;
  rand: Random;
}): {
  attendees: (typeof eventAttendees.$inferInsert)[];
  guests: (typeof eventGuests.$inferInsert & { id: string })[];
} {
  const { people, rand } = input;
  const { nowMs } = input.calendar;
  const attendees: (typeof eventAttendees.$inferInsert)[] = [];
  const guests: (typeof eventGuests.$inferInsert & { id: string })[] = [];
  let guestCursor = 0;
  input.events.forEach((e, i) => {
    const registeredBefore = Math.min(e.startTime.getTime(), nowMs);
    // Only members who had joined by then (a profile's events never predate its 'Joined').
    const joined = people.members.filter((m) => m.createdAt.getTime() < registeredBefore - 21 * DAY);
    const chosen = rand.sample(joined, Math.min(joined.length, e.attendeeCount - (i === 0 || i === 3 ? 1 : 0)));
    if (i === 0 || i === 3) chosen.unshift(people.admin);
    const going: string[] = [];
    chosen.forEach((p, k) => {
      const status = k === 0 || rand.next() < 0.85 ? 'attending' : 'maybe';
      if (status === 'attending') going.push(p.id);
      attendees.push({
        eventId: e.id,
        userId: p.id,
        status,
        createdAt: new Date(registeredBefore - rand.int(1, 20) * DAY - rand.int(0, 600) * MINUTE),
      });
    });
    for (let g = 0; g < e.guestCount && going.length > 0; g++) {
      const name = GUEST_NAMES[guestCursor++ % GUEST_NAMES.length]!;
      guests.push({
        id: randomUUID(),
        eventId: e.id,
        profileId: going[g % going.length]!,
        guestName: name,
        guestEmail: `${name.replace(' ', '.')}@example.com`.toLowerCase(),
        createdAt: new Date(registeredBefore - rand.int(1, 5) * DAY),
      });
    }
    const total = going.length + guests.filter((r) => r.eventId === e.id).length;
    if (e.maxAttendees != null && total > e.maxAttendees) {
      throw new Error(`Seed data over capacity for ${e.name}: ${total} > ${e.maxAttendees}`);
    }
  });
  return { attendees, guests };
}
