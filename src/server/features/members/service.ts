import { and, count, desc, eq, exists, like, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { iso, json } from '../../db/rows';
import { connections, eventAttendees, events, profiles, skills, userSkills } from '../../db/schema';
import {
  memberSummaryColumns,
  memberSummaryColumnsOf,
  memberSummaryJson,
  presentMemberSummary,
  type MemberSummaryRow,
} from '../../platform/presenters';
import { conflict, isUniqueViolation, unprocessable } from '../../platform/errors';
import { USERNAME_TAKEN } from '../../../shared/auth';
import {
  MEMBERS_PAGE_SIZE,
  SOCIAL_HOSTS,
  type AddSkillInput,
  type MemberCard,
  type MemberFilters,
  type MembersQuery,
  type MembersResponse,
  type ProfileResponse,
  type Relation,
  type Skill,
} from '../../../shared/members';
import { containsPattern, isUuid } from '../../db/query-values';
import { pairOf } from '../connections/service';
import { termsOf } from './offers-asks';

type CardRow = {
  id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  company: string | null;
  position: string | null;
  is_sponsor: boolean;
  is_panelist: boolean;
  skills: string[] | string | null;
  items: { kind: 'offer' | 'ask'; text: string }[] | string | null;
};

/** Offers and asks from a json_agg of {kind, text} in order. */
function splitItems(value: { kind: 'offer' | 'ask'; text: string }[] | string | null) {
  const items = json(value) ?? [];
  return {
    offers: items.filter((i) => i.kind === 'offer').map((i) => i.text),
    asks: items.filter((i) => i.kind === 'ask').map((i) => i.text),
  };
}

const ITEMS_OF = (alias: string) =>
  sql.raw(`(select json_agg(json_build_object('kind', o.kind, 'text', o.text) order by o.kind, o.position)
        from offers_and_asks o where o.user_id = ${alias}.id) as items`);

/** A text[] literal, passed as one text parameter (the same on pg and PGlite). */
const textArray = (items: string[]) => `{${items.map((i) => `"${i.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** The directory: search, event, skill, offers and asks filters, count and page all in SQL.
 * The page is chosen first and only its 12 rows get their skills; the total is counted by the
 * cheapest route for the filters at hand (see docs/architecture.md, Members). */
export async function listMembers(
  db: Db,
  query: MembersQuery,
  countAll: () => Promise<number> = () => countProfiles(db),
): Promise<MembersResponse> {
  const empty = { members: [], total: 0, page: query.page, pageSize: MEMBERS_PAGE_SIZE };
  if ((query.event && !isUuid(query.event)) || (query.skill && !isUuid(query.skill))) return empty;
  // The offers and asks filters compare terms, made as when an item is saved ("a lender" and
  // "commercial lending" share one; "GC" is "general contractor"); words without any (only
  // "the", "someone") match nobody.
  const [offerTerms = [], askTerms = []] =
    query.offers || query.asks ? await termsOf(db, [query.offers ?? '', query.asks ?? '']) : [];
  if ((query.offers && offerTerms.length === 0) || (query.asks && askTerms.length === 0)) return empty;
  const filters = [sql`true`];
  // The search's two sources, each through its own trigram indexes (same expressions): names on
  // profiles, words of offers and asks. Each is one branch of a union below: an OR across the
  // two tables would read every profile.
  const pattern = query.q ? containsPattern(query.q) : '';
  const byName = sql`(lower(p.username) like ${pattern} or lower(coalesce(p.full_name, '')) like ${pattern})`;
  const byItem = sql`p.id in (select o.user_id from offers_and_asks o where lower(o.text) like ${pattern})`;
  // One item must carry every typed term (GIN index on terms).
  for (const [kind, terms] of [
    ['offer', query.offers ? offerTerms : null],
    ['ask', query.asks ? askTerms : null],
  ] as const) {
    if (!terms) continue;
    filters.push(
      sql`p.id in (select o.user_id from offers_and_asks o where o.terms @> ${textArray(terms)}::text[] and o.kind = ${kind})`,
    );
  }
  if (query.event) {
    filters.push(sql`exists (select 1 from event_attendees a where a.event_id = ${query.event} and a.user_id = p.id)`);
  }
  if (query.skill) {
    filters.push(sql`exists (select 1 from user_skills us where us.skill_id = ${query.skill} and us.user_id = p.id)`);
  }
  const where = sql.join(filters, sql` and `);
  // Raw: the page is chosen in a sub-select (or a materialized CTE of the matches) before the
  // cards' correlated aggregates run, an order of work the planner keeps only as written here.
  const offset = (query.page - 1) * MEMBERS_PAGE_SIZE;
  // Only the page's 12 rows get their skills, through the join below.
  const cards = sql`select p.id, p.username, p.full_name, p.avatar_url, p.company, p.position,
      p.is_sponsor, p.is_panelist,
      (select json_agg(s.name order by s.name) from (select s.name from user_skills us join skills s on s.id = us.skill_id
        where us.user_id = p.id order by s.name limit 4) s) as skills,
      ${ITEMS_OF('p')}`;
  let rows: (CardRow & { total?: number })[];
  let total: number;
  if (isNarrow(query)) {
    // A text search or an offers/asks filter matches few members: collect them once through
    // their indexes, then sort, page and count that small set in the same statement. (Walking
    // the username order and filtering, the planner's choice, reads thousands of rows for a
    // rare name.)
    const matched = query.q
      ? sql`select p.id, lower(p.username) as sort from profiles p where ${byName} and ${where}
        union select p.id, lower(p.username) from profiles p where ${byItem} and ${where}`
      : sql`select p.id, lower(p.username) as sort from profiles p where ${where}`;
    const result = await db.execute<CardRow & { total: number }>(sql`with m as materialized (${matched})
      ${cards}, (select count(*)::int from m) as total
      from (select id, sort from m order by sort limit ${MEMBERS_PAGE_SIZE} offset ${offset}) pg
      join profiles p on p.id = pg.id
      order by pg.sort`);
    rows = result.rows;
    const all = query.q ? sql`${where} and (${byName} or ${byItem})` : where;
    total = rows[0]?.total ?? (offset === 0 ? 0 : await countMembers(db, query, all, countAll));
  } else {
    const page = db.execute<CardRow>(sql`${cards}
      from (select p.id from profiles p where ${where} order by lower(p.username) limit ${MEMBERS_PAGE_SIZE} offset ${offset}) pg
      join profiles p on p.id = pg.id
      order by lower(p.username)`);
    [rows, total] = await Promise.all([page.then((r) => r.rows), countMembers(db, query, where, countAll)]);
  }
  const members: MemberCard[] = rows.map((r) => ({
    ...presentMemberSummary({ id: r.id, username: r.username, fullName: r.full_name, avatarUrl: r.avatar_url }),
    company: r.company,
    position: r.position,
    isSponsor: r.is_sponsor,
    isPanelist: r.is_panelist,
    skills: json(r.skills) ?? [],
    ...splitItems(r.items),
  }));
  return { members, total, page: query.page, pageSize: MEMBERS_PAGE_SIZE };
}

/** Filters that select few members through their own indexes. */
const isNarrow = (query: MembersQuery) => Boolean(query.q || query.offers || query.asks);

async function countMembers(db: Db, query: MembersQuery, where: SQL, countAll: () => Promise<number>): Promise<number> {
  const one = async (rows: Promise<{ n: number }[]>) => (await rows)[0]!.n;
  // Every attendee and member-skill row references a profile, so counting them directly is
  // exact and avoids joining the whole profiles table.
  if (!isNarrow(query) && query.event && !query.skill) {
    return one(db.select({ n: count() }).from(eventAttendees).where(eq(eventAttendees.eventId, query.event)));
  }
  if (!isNarrow(query) && query.skill && !query.event) {
    return one(db.select({ n: count() }).from(userSkills).where(eq(userSkills.skillId, query.skill)));
  }
  if (!isNarrow(query) && !query.event && !query.skill) return countAll();
  // The filters above are written against the alias p.
  return one(
    db
      .select({ n: count() })
      .from(sql`${profiles} p`)
      .where(where),
  );
}

export async function countProfiles(db: Db): Promise<number> {
  return db.$count(profiles);
}

const skillColumns = { id: skills.id, name: skills.name, category: skills.category };

export async function listSkills(db: Db): Promise<Skill[]> {
  return db
    .select(skillColumns)
    .from(skills)
    .orderBy(sql`lower(${skills.name})`);
}

/** Options for the directory's filters: events that have registrations, newest first, and skills. */
export async function memberFilters(db: Db): Promise<MemberFilters> {
  const [withRegistrations, skillList] = await Promise.all([
    db
      .select({ id: events.id, name: events.name, startTime: events.startTime })
      .from(events)
      .where(
        exists(
          db
            .select({ one: sql`1` })
            .from(eventAttendees)
            .where(eq(eventAttendees.eventId, events.id)),
        ),
      )
      .orderBy(desc(events.startTime))
      .limit(100),
    listSkills(db),
  ]);
  return { events: withRegistrations.map((e) => ({ ...e, startTime: iso(e.startTime) })), skills: skillList };
}

export type PublicProfile = Omit<ProfileResponse, 'relation'>;

type ProfileEvent = { id: string; name: string; startTime: string; status: string; attendeeStatus: string };
type ProfileConnection = { member: MemberSummaryRow; metAt: { id: string; name: string } | null };

const p = alias(profiles, 'p');
const other = alias(profiles, 'o');

/** Everything a profile page shows, the same for every viewer, in one query: the profile's
 * columns through the builder, its lists as correlated json aggregates (one round trip). */
export async function findPublicProfile(db: Db, username: string): Promise<PublicProfile | null> {
  const [row] = await db
    .select({
      ...memberSummaryColumnsOf(p),
      bio: p.bio,
      company: p.company,
      position: p.position,
      website: p.website,
      instagramUrl: p.instagramUrl,
      facebookUrl: p.facebookUrl,
      linkedinUrl: p.linkedinUrl,
      isAdmin: p.isAdmin,
      isSponsor: p.isSponsor,
      isPanelist: p.isPanelist,
      createdAt: p.createdAt,
      skills: sql<
        Skill[] | string
      >`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'category', s.category) order by lower(s.name))
        from user_skills us join skills s on s.id = us.skill_id where us.user_id = p.id), '[]')`,
      items: sql<CardRow['items']>`${ITEMS_OF('p')}`,
      events: sql<
        ProfileEvent[] | string
      >`coalesce((select json_agg(json_build_object('id', e.id, 'name', e.name, 'startTime', e.start_time, 'status', e.status,
          'attendeeStatus', a.status) order by e.start_time desc)
        from event_attendees a join events e on e.id = a.event_id where a.user_id = p.id), '[]')`,
      eventsAttended: sql<number>`(select count(*)::int from event_attendees a join events e on e.id = a.event_id
        where a.user_id = p.id and a.status = 'attending' and (e.status = 'completed' or e.end_time < now())
          and (exists (select 1 from event_check_ins c where c.event_id = e.id and c.ticket = 'member:' || p.id)
            or not exists (select 1 from event_check_ins c where c.event_id = e.id)))`,
      connections: sql<
        ProfileConnection[] | string
      >`coalesce((select json_agg(json_build_object('member', ${memberSummaryJson(other)},
          'metAt', case when m.id is null then null else json_build_object('id', m.id, 'name', m.name) end)
          order by lower(o.username))
        from connections c join profiles o on o.id = case when c.requester_id = p.id then c.recipient_id else c.requester_id end
          left join events m on m.id = c.met_at_event_id
        where (c.requester_id = p.id or c.recipient_id = p.id) and c.status = 'accepted'), '[]')`,
    })
    .from(p)
    .where(sql`lower(${p.username}) = lower(${username})`);
  if (!row) return null;
  const skillList = json(row.skills);
  const profileEvents = json(row.events).map((e) => ({ ...e, startTime: iso(e.startTime) }));
  const connections = json(row.connections).map((c) => ({ ...presentMemberSummary(c.member), metAt: c.metAt }));
  return {
    profile: {
      ...presentMemberSummary(row),
      bio: row.bio,
      company: row.company,
      position: row.position,
      website: row.website,
      instagramUrl: row.instagramUrl,
      facebookUrl: row.facebookUrl,
      linkedinUrl: row.linkedinUrl,
      isAdmin: row.isAdmin,
      isSponsor: row.isSponsor,
      isPanelist: row.isPanelist,
      createdAt: iso(row.createdAt),
    },
    skills: skillList,
    ...splitItems(row.items),
    events: profileEvents,
    connections,
    stats: {
      skills: skillList.length,
      // Attended means it happened: registrations for events still to come do not count yet. Where the
      // door checked people in (one check-in or more), only the member's own check-in counts.
      eventsAttended: Number(row.eventsAttended),
      connections: connections.length,
    },
  };
}

/** The viewer's relation to a member: the one row of their pair, whoever asked. */
export async function findRelation(db: Db, profileId: string, viewerId: string | null): Promise<Relation> {
  if (!viewerId) return { state: 'visitor', connectionId: null, metAt: null };
  if (viewerId === profileId) return { state: 'self', connectionId: null, metAt: null };
  const [row] = await db
    .select({
      id: connections.id,
      status: connections.status,
      requesterId: connections.requesterId,
      metAtId: events.id,
      metAtName: events.name,
    })
    .from(connections)
    .leftJoin(events, eq(events.id, connections.metAtEventId))
    .where(pairOf(profileId, viewerId));
  if (!row || row.status === 'rejected') {
    // After a rejection the requester may ask again; the pair's row is reused.
    return { state: 'none', connectionId: row?.id ?? null, metAt: null };
  }
  if (row.status === 'accepted') {
    const metAt = row.metAtId && row.metAtName !== null ? { id: row.metAtId, name: row.metAtName } : null;
    return { state: 'connected', connectionId: row.id, metAt };
  }
  return {
    state: row.requesterId === viewerId ? 'pending-outgoing' : 'pending-incoming',
    connectionId: row.id,
    metAt: null,
  };
}

/** A profile page as one viewer sees it. */
export async function findProfile(db: Db, username: string, viewerId: string | null): Promise<ProfileResponse | null> {
  const found = await findPublicProfile(db, username);
  return found && { ...found, relation: await findRelation(db, found.profile.id, viewerId) };
}

/** Turns what the member typed into what is stored: social usernames become full addresses,
 * a website becomes an https address, empty input stores empty. */
export function normaliseProfile(input: {
  fullName: string;
  bio: string;
  company: string;
  position: string;
  website: string;
  instagram: string;
  facebook: string;
  linkedin: string;
}) {
  const orNull = (v: string) => (v === '' ? null : v);
  const website = input.website === '' ? null : `https://${input.website.replace(/^https?:\/\//i, '')}`;
  return {
    fullName: orNull(input.fullName),
    bio: orNull(input.bio),
    company: orNull(input.company),
    position: orNull(input.position),
    website,
    instagramUrl: input.instagram ? `${SOCIAL_HOSTS.instagram}${input.instagram}` : null,
    facebookUrl: input.facebook ? `${SOCIAL_HOSTS.facebook}${input.facebook}` : null,
    linkedinUrl: input.linkedin ? `${SOCIAL_HOSTS.linkedin}${input.linkedin}` : null,
  };
}

export async function updateProfile(
  db: Db,
  userId: string,
  input: Parameters<typeof normaliseProfile>[0] & { username: string },
): Promise<void> {
  const values = normaliseProfile(input);
  try {
    await db
      .update(profiles)
      .set({ username: input.username, ...values })
      .where(eq(profiles.id, userId));
  } catch (error) {
    if (isUniqueViolation(error, 'profiles_username_lower_idx'))
      throw conflict('USERNAME_TAKEN', USERNAME_TAKEN, 'username');
    throw error;
  }
}

/** Adds a catalogue skill, or a custom one (reusing a skill whose name matches ignoring case). */
export async function addSkill(db: Db, userId: string, input: AddSkillInput): Promise<Skill> {
  return db.transaction(async (tx) => {
    let skill: Skill | undefined;
    if ('skillId' in input) {
      [skill] = await tx.select(skillColumns).from(skills).where(eq(skills.id, input.skillId));
      if (!skill) throw unprocessable('SKILL_NOT_FOUND', 'That skill does not exist.');
    } else {
      // Raw: the conflict target is the expression index lower(name), which the builder's
      // onConflictDoUpdate cannot name (it takes columns).
      const created = await tx.execute<Skill>(sql`insert into skills (name, category)
        values (${input.name}, ${input.category || null})
        on conflict ((lower(name))) do update set name = skills.name
        returning id, name, category`);
      skill = created.rows[0]!;
    }
    await tx.insert(userSkills).values({ userId, skillId: skill.id }).onConflictDoNothing();
    return skill;
  });
}

export async function removeSkill(db: Db, userId: string, skillId: string): Promise<boolean> {
  if (!isUuid(skillId)) return false;
  const removed = await db
    .delete(userSkills)
    .where(and(eq(userSkills.userId, userId), eq(userSkills.skillId, skillId)))
    .returning({ skillId: userSkills.skillId });
  return removed.length > 0;
}

export async function suggestUsernames(db: Db, prefix: string, excludeId: string) {
  const rows = await db
    .select(memberSummaryColumns)
    .from(profiles)
    .where(
      and(
        like(sql`lower(${profiles.username})`, `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ne(profiles.id, excludeId),
      ),
    )
    .orderBy(sql`lower(${profiles.username})`)
    .limit(8);
  return rows.map(presentMemberSummary);
}
