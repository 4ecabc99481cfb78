import type { PeopleToMeetResponse, PersonToMeet } from '../../../shared/people-to-meet';
import { plural } from '../../../shared/plural';
import type { RoomData, RoomItem, RoomMember } from './room';
import { presentMemberSummary } from '../../platform/presenters';

// How People to meet ranks the others in the room for one viewer (see README, People to meet):
// first by how many of their asks your offers meet plus how many of your asks their offers
// meet, then by skills you both list, then by ended events you both attended, then by mutual
// connections, then by name. People already connected with the viewer come last, ranked the
// same way among themselves; nobody else is listed without a reason.
// Never listed: the viewer, members registered "maybe", members who hid themselves, and
// anyone who blocked the viewer or whom the viewer blocked.

export const PEOPLE_TO_MEET_PAGE = 50;

/** What a room answers every viewer alike, made once per loaded room. */
interface Prepared {
  byId: Map<string, RoomMember>;
  /** Each item's terms with their near words. */
  reach: Map<RoomItem, Set<string>>;
  blocked: Set<string>;
  pairs: Map<string, RoomData['pairs'][number]>;
}

const prepared = new WeakMap<RoomData, Prepared>();
/** One collator for every comparison: String.localeCompare makes one per call. */
const collator = new Intl.Collator('en');
const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

function prepare(room: RoomData): Prepared {
  let p = prepared.get(room);
  if (p) return p;
  const near = new Map<string, string[]>();
  const link = (a: string, b: string) => (near.get(a) ?? near.set(a, []).get(a)!).push(b);
  for (const [a, b] of room.near) {
    link(a, b);
    link(b, a);
  }
  const reach = new Map<RoomItem, Set<string>>();
  for (const member of room.members) {
    for (const item of [...member.offers, ...member.asks]) {
      reach.set(item, new Set(item.terms.flatMap((term) => [term, ...(near.get(term) ?? [])])));
    }
  }
  p = {
    byId: new Map(room.members.map((m) => [m.id, m])),
    reach,
    blocked: new Set(room.blocks.map(([a, b]) => pairKey(a, b))),
    pairs: new Map(room.pairs.map((pair) => [pairKey(pair.requesterId, pair.recipientId), pair])),
  };
  prepared.set(room, p);
  return p;
}

const covered = (terms: string[], reach: Set<string>) => {
  let n = 0;
  for (const term of terms) if (reach.has(term)) n++;
  return n;
};

/** An ask is met by an offer when more than half of the ask's terms are in the offer, or all of
 * the offer's terms are in the ask, each the same stem or a near one: "a lender" is met by
 * "commercial lending", "event photography" by "headshots" (both fold to one photography token),
 * "social media marketing" by "marketing"; "event photography" is not met by "event planning". */
export function meets(ask: RoomItem, offer: RoomItem, reach: Map<RoomItem, Set<string>>): boolean {
  if (ask.terms.length === 0 || offer.terms.length === 0) return false;
  if (covered(ask.terms, reach.get(offer)!) * 2 > ask.terms.length) return true;
  return covered(offer.terms, reach.get(ask)!) === offer.terms.length;
}

/** "A", "A and B", "A, B and C". */
export function listInWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const theEvent = (name: string) => (/^the\s/i.test(name) ? name : `the ${name}`);

/** The viewer's ranking, or null when the viewer is not registered (attending or maybe). */
export function rankPeople(room: RoomData, viewerId: string, limit = PEOPLE_TO_MEET_PAGE): PeopleToMeetResponse | null {
  const p = prepare(room);
  const me = p.byId.get(viewerId);
  if (!me) return null;
  const mySkills = new Set(me.skillIds);
  const myEvents = new Set(me.pastEventIds);
  const myConnections = new Set(me.connectedIds);

  // First only the counts, for everyone; the words are written for the page shown.
  const ranked: { other: RoomMember; counts: number[]; connected: boolean; sortName: string }[] = [];
  for (const other of room.members) {
    if (other.id === viewerId || other.status !== 'attending' || !other.visible) continue;
    if (p.blocked.has(pairKey(viewerId, other.id))) continue;
    let matches = 0;
    for (const ask of other.asks) if (me.offers.some((o) => meets(ask, o, p.reach))) matches++;
    for (const ask of me.asks) if (other.offers.some((o) => meets(ask, o, p.reach))) matches++;
    let skills = 0;
    for (const id of other.skillIds) if (mySkills.has(id) && room.skillNames[id]) skills++;
    let events = 0;
    for (const id of other.pastEventIds) if (myEvents.has(id) && room.pastEvents[id]) events++;
    let mutual = 0;
    for (const id of other.connectedIds) if (myConnections.has(id)) mutual++;
    const pair = p.pairs.get(pairKey(viewerId, other.id));
    const connected = pair?.status === 'accepted';
    if (!connected && matches + skills + events + mutual === 0) continue;
    ranked.push({
      other,
      counts: [matches, skills, events, mutual],
      connected,
      sortName: (other.fullName ?? other.username).toLowerCase(),
    });
  }
  const byCounts = (a: number[], b: number[]) => a.reduce((d, n, i) => d || b[i]! - n, 0);
  ranked.sort(
    (a, b) =>
      Number(a.connected) - Number(b.connected) ||
      byCounts(a.counts, b.counts) ||
      collator.compare(a.sortName, b.sortName),
  );

  const person = ({ other }: (typeof ranked)[number]): PersonToMeet => {
    const reasons: string[] = [];
    for (const ask of other.asks) {
      const offer = me.offers.find((o) => meets(ask, o, p.reach));
      if (offer) reasons.push(`looking for ${ask.text}; you offer ${offer.text}`);
    }
    for (const ask of me.asks) {
      const offer = other.offers.find((o) => meets(ask, o, p.reach));
      if (offer) reasons.push(`offers ${offer.text}; you are looking for ${ask.text}`);
    }
    const skills = other.skillIds
      .filter((id) => mySkills.has(id) && room.skillNames[id])
      .map((id) => room.skillNames[id]!)
      .sort(collator.compare);
    if (skills.length > 0) {
      const shown =
        skills.length > 3 ? [...skills.slice(0, 2), plural(skills.length - 2, 'more skill', 'more skills')] : skills;
      reasons.push(`you both list ${listInWords(shown)}`);
    }
    const events = other.pastEventIds
      .filter((id) => myEvents.has(id) && room.pastEvents[id])
      .map((id) => room.pastEvents[id]!)
      .sort((a, b) => (a.startTime < b.startTime ? 1 : a.startTime > b.startTime ? -1 : 0));
    if (events.length > 0) {
      const more = events.length - 1;
      reasons.push(
        `you were both at ${theEvent(events[0]!.name)}${more > 0 ? ` and ${plural(more, 'other event', 'other events')}` : ''}`,
      );
    }
    const mutual = other.connectedIds.filter((id) => myConnections.has(id)).length;
    if (mutual > 0) reasons.push(plural(mutual, 'mutual connection', 'mutual connections'));
    const pair = p.pairs.get(pairKey(viewerId, other.id));
    const relation: PersonToMeet['relation'] =
      !pair || pair.status === 'rejected'
        ? 'none'
        : pair.status === 'accepted'
          ? 'connected'
          : pair.requesterId === viewerId
            ? 'pending-outgoing'
            : 'pending-incoming';
    if (relation === 'connected') reasons.push('already connected');
    return {
      ...presentMemberSummary(other),
      company: other.company,
      position: other.position,
      reasons,
      relation,
      connectionId: pair?.id ?? null,
    };
  };
  return {
    people: ranked.slice(0, limit).map(person),
    total: ranked.length,
    viewerHasOffersOrAsks: me.offers.length + me.asks.length > 0,
  };
}
