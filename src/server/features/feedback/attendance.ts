import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventAttendees, eventCheckIns } from '../../db/schema';

// Who "came" to an event (issue 34), for its rating and its morning-after mail: the members the
// door admitted (their own ticket, not a guest's), or, where the event used no check-in at all
// (not one row, guests included), the members registered attending.

/** The members who came to `eventId` (one `user_id` column), as a CTE named `came`; with
 * `userId`, only that member (empty when they did not come). */
export function cameTo(db: Db, eventId: string, userId?: string) {
  const admitted = db
    .select({ userId: eventCheckIns.userId })
    .from(eventCheckIns)
    .where(
      and(
        eq(eventCheckIns.eventId, eventId),
        isNull(eventCheckIns.guestId),
        eq(eventCheckIns.ticket, sql`'member:' || ${eventCheckIns.userId}`),
        userId === undefined ? undefined : eq(eventCheckIns.userId, userId),
      ),
    );
  const registered = db
    .select({ userId: eventAttendees.userId })
    .from(eventAttendees)
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        eq(eventAttendees.status, 'attending'),
        userId === undefined ? undefined : eq(eventAttendees.userId, userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(eventCheckIns)
            .where(eq(eventCheckIns.eventId, eventId)),
        ),
      ),
    );
  return db.$with('came').as(admitted.union(registered));
}

/** Whether `userId` came to `eventId` (see above). */
export async function came(db: Db, eventId: string, userId: string): Promise<boolean> {
  const cte = cameTo(db, eventId, userId);
  const rows = await db.with(cte).select({ userId: cte.userId }).from(cte).limit(1);
  return rows.length > 0;
}
