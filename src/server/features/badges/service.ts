import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/query-values';
import { eventAttendees, eventCheckIns, eventGuests, events, offersAndAsks, profiles } from '../../db/schema';
import { BADGE_TEXTS, type BadgeAudience } from '../../../shared/badges';
import { connectUrls } from '../connections/connect-codes';
import type { Badge } from './pdf';

// Who gets a badge: the event's attending members and their guests (or only those checked in,
// or the one person whose ticket code is given), in name order as a badge table lays them out.

const displayName = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${profiles.username})`;

/** "Maya" of "Maya Patel"; a name in one word (张伟) is all first name. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export async function findBadgeEvent(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [event] = await db
    .select({ id: events.id, name: events.name, startTime: events.startTime })
    .from(events)
    .where(eq(events.id, id));
  return event ?? null;
}

export async function badgePeople(
  db: Db,
  input: { eventId: string; who: BadgeAudience; ticket?: string; publicUrl: string; now: Date },
): Promise<Badge[]> {
  const { eventId } = input;
  const checkedIn = (ticket: ReturnType<typeof sql>) =>
    sql`exists (select 1 from ${eventCheckIns} where ${eventCheckIns.eventId} = ${eventId} and ${eventCheckIns.ticket} = ${ticket})`;
  const onlyChecked = input.who === 'checked-in';

  const members = await db
    .select({
      userId: profiles.id,
      name: displayName,
      position: profiles.position,
      company: profiles.company,
      inPeopleToMeet: profiles.inPeopleToMeet,
    })
    .from(eventAttendees)
    .innerJoin(profiles, eq(profiles.id, eventAttendees.userId))
    .where(
      and(
        eq(eventAttendees.eventId, eventId),
        eq(eventAttendees.status, 'attending'),
        input.ticket ? eq(eventAttendees.shortCode, input.ticket) : undefined,
        onlyChecked ? checkedIn(sql`'member:' || ${eventAttendees.userId}`) : undefined,
      ),
    );
  // A guest comes with a member who is attending.
  const host = sql`(select 1 from ${eventAttendees} h where h.event_id = ${eventGuests.eventId} and h.user_id = ${eventGuests.profileId} and h.status = 'attending')`;
  const guests = await db
    .select({ name: eventGuests.guestName, hostName: displayName })
    .from(eventGuests)
    .innerJoin(profiles, eq(profiles.id, eventGuests.profileId))
    .where(
      and(
        eq(eventGuests.eventId, eventId),
        sql`exists ${host}`,
        input.ticket ? eq(eventGuests.shortCode, input.ticket) : undefined,
        onlyChecked ? checkedIn(sql`'guest:' || ${eventGuests.id}`) : undefined,
      ),
    );

  // What they offer and look for: the first of each, unless they left People to meet.
  const shown = members.filter((m) => m.inPeopleToMeet).map((m) => m.userId);
  const items = shown.length
    ? await db
        .select({ userId: offersAndAsks.userId, kind: offersAndAsks.kind, text: offersAndAsks.text })
        .from(offersAndAsks)
        .where(inArray(offersAndAsks.userId, shown))
        .orderBy(asc(offersAndAsks.position))
    : [];
  const first = (userId: string, kind: string) => items.find((i) => i.userId === userId && i.kind === kind)?.text;
  const urls = await connectUrls(
    db,
    input.publicUrl,
    members.map((m) => m.userId),
    input.now,
  );

  const badges: Badge[] = [
    ...members.map((m): Badge => {
      const offer = first(m.userId, 'offer');
      const ask = first(m.userId, 'ask');
      const work = [m.position?.trim(), m.company?.trim()].filter(Boolean).join(' at ');
      return {
        kind: 'member',
        firstName: firstName(m.name),
        fullName: m.name,
        work: work || null,
        offer: offer ? BADGE_TEXTS.askMeAbout(offer) : null,
        ask: ask ? BADGE_TEXTS.lookingFor(ask) : null,
        connectUrl: urls.get(m.userId) ?? null,
        guestOf: null,
      };
    }),
    ...guests.map((g): Badge => ({
      kind: 'guest',
      firstName: firstName(g.name),
      fullName: g.name.trim(),
      work: null,
      offer: null,
      ask: null,
      connectUrl: null,
      guestOf: g.hostName,
    })),
  ];
  return badges.sort((a, b) => a.fullName.localeCompare(b.fullName, 'en', { sensitivity: 'base' }));
}
