import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso, json } from '../../db/rows';

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

type MemberRow = {
  id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  company: string | null;
  position: string | null;
  in_people_to_meet: boolean;
  status: 'attending' | 'maybe';
  items: { kind: 'offer' | 'ask'; text: string; terms: string[] }[] | string | null;
  skill_ids: string[] | string | null;
  past_event_ids: string[] | string | null;
  connected_ids: string[] | string | null;
};

const ids = (value: string[] | string | null): string[] => json(value) ?? [];

/** The room of `eventId` at `now`: registered members (attending or maybe) and what ranking needs. */
export async function loadRoom(db: Db, eventId: string, now: Date): Promise<RoomData> {
  const at = now.toISOString();
  const room = sql`select user_id, status from event_attendees where event_id = ${eventId} and status in ('attending', 'maybe')`;
  const [event, members, pairs, blocks, near] = await Promise.all([
    db.execute(sql`select 1 from events where id = ${eventId}`),
    db.execute<MemberRow>(sql`select p.id, p.username, p.full_name, p.avatar_url, p.company, p.position,
        p.in_people_to_meet, r.status,
        (select json_agg(json_build_object('kind', o.kind, 'text', o.text, 'terms', o.terms) order by o.kind, o.position)
          from offers_and_asks o where o.user_id = p.id) as items,
        (select json_agg(us.skill_id) from user_skills us where us.user_id = p.id) as skill_ids,
        (select json_agg(a.event_id) from event_attendees a join events e on e.id = a.event_id
          where a.user_id = p.id and a.status = 'attending' and e.end_time < ${at}::timestamptz and e.id <> ${eventId})
          as past_event_ids,
        (select json_agg(case when c.requester_id = p.id then c.recipient_id else c.requester_id end)
          from connections c where (c.requester_id = p.id or c.recipient_id = p.id) and c.status = 'accepted')
          as connected_ids
      from (${room}) r join profiles p on p.id = r.user_id`),
    db.execute<{ id: string; requester_id: string; recipient_id: string; status: RoomPair['status'] }>(sql`
      select c.id, c.requester_id, c.recipient_id, c.status from connections c
      where c.requester_id in (select user_id from (${room}) r) and c.recipient_id in (select user_id from (${room}) r)`),
    db.execute<{ blocker_id: string; blocked_id: string }>(sql`
      select b.blocker_id, b.blocked_id from member_blocks b
      where b.blocker_id in (select user_id from (${room}) r) and b.blocked_id in (select user_id from (${room}) r)`),
    db.execute<{ a: string; b: string }>(sql`
      with t as (select distinct unnest(o.terms) as term from offers_and_asks o where o.user_id in (select user_id from (${room}) r))
      select x.term as a, y.term as b from t x join t y
        on x.term < y.term and left(x.term, 3) = left(y.term, 3) and similarity(x.term, y.term) >= ${NEAR_SIMILARITY}`),
  ]);

  const skillIds = new Set<string>();
  const eventIds = new Set<string>();
  const roomMembers: RoomMember[] = members.rows.map((r) => {
    const items = json(r.items) ?? [];
    const member: RoomMember = {
      id: r.id,
      username: r.username,
      fullName: r.full_name,
      avatarUrl: r.avatar_url,
      company: r.company,
      position: r.position,
      visible: r.in_people_to_meet,
      status: r.status,
      offers: items.filter((i) => i.kind === 'offer').map(({ text, terms }) => ({ text, terms })),
      asks: items.filter((i) => i.kind === 'ask').map(({ text, terms }) => ({ text, terms })),
      skillIds: ids(r.skill_ids),
      pastEventIds: ids(r.past_event_ids),
      connectedIds: ids(r.connected_ids),
    };
    member.skillIds.forEach((id) => skillIds.add(id));
    member.pastEventIds.forEach((id) => eventIds.add(id));
    return member;
  });

  const [skills, events] = await Promise.all([
    skillIds.size
      ? db.execute<{ id: string; name: string }>(
          sql`select id, name from skills where id in (select jsonb_array_elements_text(${JSON.stringify([...skillIds])}::jsonb)::uuid)`,
        )
      : { rows: [] },
    eventIds.size
      ? db.execute<{ id: string; name: string; start_time: Date | string }>(
          sql`select id, name, start_time from events where id in (select jsonb_array_elements_text(${JSON.stringify([...eventIds])}::jsonb)::uuid)`,
        )
      : { rows: [] },
  ]);

  return {
    eventId,
    exists: event.rows.length > 0,
    members: roomMembers,
    skillNames: Object.fromEntries(skills.rows.map((s) => [s.id, s.name])),
    pastEvents: Object.fromEntries(events.rows.map((e) => [e.id, { name: e.name, startTime: iso(e.start_time) }])),
    pairs: pairs.rows.map((p) => ({
      id: p.id,
      requesterId: p.requester_id,
      recipientId: p.recipient_id,
      status: p.status,
    })),
    blocks: blocks.rows.map((b) => [b.blocker_id, b.blocked_id]),
    near: near.rows.map((n) => [n.a, n.b]),
  };
}
