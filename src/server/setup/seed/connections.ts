import type { connections } from '../../db/schema';
import { DAY, HOUR, MINUTE, type DemoCalendar } from './calendar';
import type { DemoPeople } from './people';
import type { Random } from './random';

// Who is connected to whom: the admin with a handful of members (and requests waiting both
// ways), then members among themselves, a few pending or turned down. One row per pair
// whichever side asked, never with oneself.

const ADMIN_CONNECTIONS = [
  'jordanlee',
  'mayapatel',
  'marcusbennett',
  'carlosrivera',
  'derrickcoleman',
  'brandonortiz',
  'jasminecarter',
];
const TARGET_CONNECTIONS = 62;

export function demoConnections(input: {
  people: DemoPeople;
  calendar: DemoCalendar;
  rand: Random;
}): (typeof connections.$inferInsert)[] {
  const { people, rand } = input;
  const { admin, members, idOf } = people;
  const { ago, nowMs } = input.calendar;
  const rows: (typeof connections.$inferInsert)[] = [];
  const pairs = new Set<string>();
  const connect = (
    requesterId: string,
    recipientId: string,
    status: 'pending' | 'accepted' | 'rejected',
    daysAgo: number,
  ) => {
    const key = [requesterId, recipientId].sort().join('|');
    if (requesterId === recipientId || pairs.has(key)) return false;
    pairs.add(key);
    const createdAt = ago(daysAgo * DAY + rand.int(0, 600) * MINUTE);
    const updatedAt =
      status === 'pending' ? createdAt : new Date(Math.min(createdAt.getTime() + rand.int(1, 48) * HOUR, nowMs));
    rows.push({ requesterId, recipientId, status, createdAt, updatedAt });
    return true;
  };
  for (const [i, username] of ADMIN_CONNECTIONS.entries()) {
    // Alternate who asked, so the admin's list has both directions.
    if (i % 2 === 0) connect(admin.id, idOf(username), 'accepted', rand.int(30, 300));
    else connect(idOf(username), admin.id, 'accepted', rand.int(30, 300));
  }
  connect(idOf('gracesullivan'), admin.id, 'pending', 2);
  connect(idOf('victoralvarez'), admin.id, 'pending', 1);
  connect(admin.id, idOf('samuelokafor'), 'pending', 3);
  let memberPairs = 0;
  while (rows.length < TARGET_CONNECTIONS) {
    const a = rand.pick(members);
    const b = rand.pick(members);
    const status = memberPairs < 2 ? 'rejected' : memberPairs < 10 ? 'pending' : 'accepted';
    if (connect(a.id, b.id, status, status === 'pending' ? rand.int(1, 14) : rand.int(5, 200))) memberPairs++;
  }
  return rows;
}
