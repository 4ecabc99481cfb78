import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { json } from '../../db/rows';
import { connections, eventAttendees, events, memberBlocks, profiles, skills } from '../../db/schema';
import { eventExists } from '../events/service';

// One event's room, as People to meet ranks it: every registered member's public card, what
// they offer and look for, skills, past events and connections, loaded in a few statements and
// kept per process (routes.ts) until one of the tables it reads changes. Each viewer's ranking
// is then computed from it in memory (rank.ts), so 500 attendees cost one load, not one per view.

export interface RoomItem {
  text: string;
  terms: string[];
}

export interface RoomMember {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
  company: string | null;
  position: string | null;
  /** The member's "Show me in People to meet". */
  visible: boolean;
  status: 'attending' | 'maybe';
  offers: RoomItem[];
  asks: RoomItem[];
  skillIds: string[];
  /** Events that have ended which the member attended (not this one). */
  pastEventIds: string[];
  /** Everyone the member is connected with, in the room or not (for mutual connections). */
  connectedIds: string[];
}

export interface RoomPair {
  id: string;
  requesterId: string;
  recipientId: string;
  status: 'pending' | 'accepted' | 'rejected';
}

export interface RoomData {
  eventId: string;
  /** False for an event id that names no event (then the room is empty). */
  exists: boolean;
  members: RoomMember[];
  skillNames: Record<string, string>;
  pastEvents: Record<string, { name: string; startTime: string }>;
  /** Connection rows between two members of the room, whatever their state. */
  pairs: RoomPair[];
  /** Blocks between two members of the room, either way: [blocker, blocked]. */
  blocks: [string, string][];
  /** Terms used in the room that are near each other (same first three letters, trigram
   * similarity at least NEAR_SIMILARITY): "consult" and "consultant", "therapi" and "therapist". */
  near: [string, string][];
}

/** pg_trgm similarity from which two stems count as the same word. */
export const NEAR_SIMILARITY = 0.5;

type ItemRow = { kind: 'offer' | 'ask'; text: string; terms: string[] };

const ids = (value: string[] | string | null): string[] => json(value) ?? [];

/** The ids of a JSON array parameter, as one bound value however long the list. */
const anyOf = (ids: Set<string>) => sql`(select jsonb_array_elements_text(${JSON.stringify([...ids])}::jsonb)::uuid)`;

/** The room of `eventId` at `now`: registered members (attending or maybe) and what ranking needs. */
export async function loadRoom(db: Db, eventId: string, now: Date): Promise<RoomData> {
  const inRoom = and(eq(eventAttendees.eventId, eventId), inArray(eventAttendees.status, ['attending', 'maybe']));
  const room = db.select({ userId: eventAttendees.userId }).from(eventAttendees).where(inRoom);
  const [exists, members, pairs, blocks, near] = await Promise.all([
    eventExists(db, eventId),
    db
      .select({
        id: profiles.id,
        username: profiles.username,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
        company: profiles.company,
        position: profiles.position,
        visible: profiles.inPeopleToMeet,
        status: eventAttendees.status,
        items: sql<ItemRow[] | string | null>`(select json_agg(json_build_object('kind', o.kind, 'text', o.text,
            'terms', o.terms) order by o.kind, o.position)
          from offers_and_asks o where o.user_id = ${profiles.id})`,
        skillIds: sql<string[] | string | null>`(select json_agg(us.skill_id) from user_skills us
          where us.user_id = ${profiles.id})`,
        pastEventIds: sql<string[] | string | null>`(select json_agg(a.event_id) from event_attendees a
          join events e on e.id = a.event_id
          where a.user_id = ${profiles.id} and a.status = 'attending' and e.end_time < ${now.toISOString()}::timestamptz
            and e.id <> ${eventId})`,
        connectedIds: sql<string[] | string | null>`(select json_agg(case when c.requester_id = ${profiles.id}
            then c.recipient_id else c.requester_id end)
          from connections c where (c.requester_id = ${profiles.id} or c.recipient_id = ${profiles.id})
            and c.status = 'accepted')`,
      })
      .from(eventAttendees)
      .innerJoin(profiles, eq(profiles.id, eventAttendees.userId))
      .where(inRoom),
    db
      .select({
        id: connections.id,
        requesterId: connections.requesterId,
        recipientId: connections.recipientId,
        status: connections.status,
      })
      .from(connections)
      .where(and(inArray(connections.requesterId, room), inArray(connections.recipientId, room))),
    db
      .select({ blockerId: memberBlocks.blockerId, blockedId: memberBlocks.blockedId })
      .from(memberBlocks)
      .where(and(inArray(memberBlocks.blockerId, room), inArray(memberBlocks.blockedId, room))),
    // Raw SQL: a self-join of the room's terms unnested from their arrays, by trigram similarity.
    db.execute<{ a: string; b: string }>(sql`
      with t as (select distinct unnest(o.terms) as term from offers_and_asks o where o.user_id in (${room}))
      select x.term as a, y.term as b from t x join t y
        on x.term < y.term and left(x.term, 3) = left(y.term, 3) and similarity(x.term, y.term) >= ${NEAR_SIMILARITY}`),
  ]);

  const skillIds = new Set<string>();
  const eventIds = new Set<string>();
  const roomMembers: RoomMember[] = members.map((r) => {
    const items = json(r.items) ?? [];
    const member: RoomMember = {
      id: r.id,
      username: r.username,
      fullName: r.fullName,
      avatarUrl: r.avatarUrl,
      company: r.company,
      position: r.position,
      visible: r.visible,
      status: r.status as RoomMember['status'],
      offers: items.filter((i) => i.kind === 'offer').map(({ text, terms }) => ({ text, terms })),
      asks: items.filter((i) => i.kind === 'ask').map(({ text, terms }) => ({ text, terms })),
      skillIds: ids(r.skillIds),
      pastEventIds: ids(r.pastEventIds),
      connectedIds: ids(r.connectedIds),
    };
    member.skillIds.forEach((id) => skillIds.add(id));
    member.pastEventIds.forEach((id) => eventIds.add(id));
    return member;
  });

  const [skillRows, eventRows] = await Promise.all([
    skillIds.size
      ? db
          .select({ id: skills.id, name: skills.name })
          .from(skills)
          .where(inArray(skills.id, anyOf(skillIds)))
      : [],
    eventIds.size
      ? db
          .select({ id: events.id, name: events.name, startTime: events.startTime })
          .from(events)
          .where(inArray(events.id, anyOf(eventIds)))
      : [],
  ]);

  return {
    eventId,
    exists,
    members: roomMembers,
    skillNames: Object.fromEntries(skillRows.map((s) => [s.id, s.name])),
    pastEvents: Object.fromEntries(
      eventRows.map((e) => [e.id, { name: e.name, startTime: e.startTime.toISOString() }]),
    ),
    pairs: pairs.map((p) => ({ ...p, status: p.status as RoomPair['status'] })),
    blocks: blocks.map((b) => [b.blockerId, b.blockedId]),
    near: near.rows.map((n) => [n.a, n.b]),
  };
}
