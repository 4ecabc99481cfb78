import type { connections, eventCheckIns } from '../../db/schema';
import { MINUTE } from './calendar';

// The demo's "met at": at the last few past events, a few pairs of members who both came scanned
// each other's connect codes and were connected at once, tagged with that event. Each is a new
// connection made during the evening (pairs already connected keep their own row), so the
// connections list and the profiles read "met at {event}" with believable dates.

/** How many past events, the latest first, and how many pairs met at each. */
const EVENTS_BACK = 3;
const PAIRS_PER_EVENT = 3;
/** A focus member meets someone at this many of the latest events they came to, however far back. */
const FOCUS_MEETINGS = 2;

type ConnectionRow = typeof connections.$inferInsert;
type CheckInRow = typeof eventCheckIns.$inferInsert;
type EventRow = { id: string; startTime: Date; endTime: Date };

export function demoMetAt(input: {
  events: EventRow[];
  checkIns: CheckInRow[];
  /** The connections made so far: a pair in here is left alone. */
  connections: ConnectionRow[];
  /** Members who should have met someone so (the demo member who signs in first). */
  focus: string[];
  now: Date;
}): ConnectionRow[] {
  const { now, focus } = input;
  const taken = new Set(input.connections.map((c) => [c.requesterId, c.recipientId].sort().join('|')));
  const out: ConnectionRow[] = [];
  const past = input.events.filter((e) => e.endTime <= now).sort((a, b) => +b.startTime - +a.startTime);
  const metByFocus = new Map<string, number>();

  for (const [index, event] of past.entries()) {
    // Members (not guests) admitted at this event, in the order they arrived.
    const came = input.checkIns
      .filter((c) => c.eventId === event.id && !c.guestId && c.ticket.startsWith('member:'))
      .sort((a, b) => +a.checkedInAt - +b.checkedInAt);
    const arrived = new Map(came.map((c) => [c.userId, c.checkedInAt.getTime()]));
    const ids = came.map((c) => c.userId);
    const free = (a: string, b: string) => a !== b && !taken.has([a, b].sort().join('|'));
    // Each focus member who came meets the first arrival they were not connected with, then
    // others pair up in the order they came.
    const candidates: [string, string][] = [];
    for (const f of focus.filter((id) => arrived.has(id) && (metByFocus.get(id) ?? 0) < FOCUS_MEETINGS)) {
      const other = ids.find((id) => free(id, f));
      if (!other) continue;
      candidates.push([other, f]);
      metByFocus.set(f, (metByFocus.get(f) ?? 0) + 1);
    }
    if (index < EVENTS_BACK) for (let i = 0; i + 1 < ids.length; i += 2) candidates.push([ids[i]!, ids[i + 1]!]);

    let made = 0;
    for (const [requesterId, recipientId] of candidates) {
      if (made >= PAIRS_PER_EVENT) break;
      if (!free(requesterId, recipientId)) continue;
      taken.add([requesterId, recipientId].sort().join('|'));
      // The scan: some twenty minutes after the later of the two arrived, before the end.
      const later = Math.max(arrived.get(requesterId)!, arrived.get(recipientId)!);
      const at = new Date(Math.min(later + (20 + made * 7) * MINUTE, event.endTime.getTime() - MINUTE));
      out.push({ requesterId, recipientId, status: 'accepted', metAtEventId: event.id, createdAt: at, updatedAt: at });
      made++;
    }
  }
  return out;
}
