import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { hashPassword } from '../../src/server/platform/passwords';
import { pick, quote, rnd } from './generate';
import {
  MEMBER_COMPANIES,
  MEMBER_FIRST_NAMES,
  MEMBER_LAST_NAMES,
  MEMBER_POSITIONS,
  MEMBER_SEARCH,
  MESSAGE_BODIES,
  MESSAGE_OPENERS,
  MESSAGE_SUBJECTS,
  SKILLS,
} from './members-words';
import { FORMATS, HOODS, THEMES, TOPICS } from './words';

// The members data set (PostgreSQL only): 100,000 members with skills, event registrations,
// connections and 1,000,000 messages, made with set-based SQL like the events data set.
// "Random" choices are hashes of row numbers: the same data on every run.

export const MEMBER_SIZES = {
  members: 100_000,
  skills: SKILLS.length,
  /** Skills per member: 1 to 5, about 3 on average (repeats are dropped). */
  maxSkillsPerMember: 5,
  events: 2_000,
  /** Registrations per member: 0 to 3. */
  maxEventsPerMember: 3,
  /** Members 1..busyMembers each have `busyConversations` conversations of `busyMessagesEach` messages. */
  busyMembers: 100,
  busyConversations: 50,
  busyMessagesEach: 10,
  messages: 1_000_000,
  /** Every 100th member is "popular": 10 to 30 connections asked; the others ask 1 to 3. */
  popularEvery: 100,
  /** The directory page the deep-page run asks for (offset (page - 1) * 12). */
  deepPage: 500,
};

/** Offsets between the two members of a connection: distinct and below half the members, so
 * the pair {i, i + d mod N} is never made twice (one row per pair, whoever asked). */
const OFFSETS = Array.from({ length: 30 }, (_, k) => 7 + 1657 * k);
if (OFFSETS.at(-1)! >= MEMBER_SIZES.members / 2) throw new Error('connection offsets do not fit');

// The search must find one surname only: no other name contains it.
for (const word of [...MEMBER_FIRST_NAMES, ...MEMBER_LAST_NAMES]) {
  if (word.toLowerCase() !== MEMBER_SEARCH && word.toLowerCase().includes(MEMBER_SEARCH))
    throw new Error(`"${word}" contains the member search term`);
}

const memberId = (n: string) => `md5('user-' || ${n})`;
const eventId = (n: string) => `md5('event-' || ${n})::uuid`;
const skillId = (n: string) => `md5('skill-' || ${n})::uuid`;

/** The signed-in members' password (their credential accounts are made after the data). */
export const BENCH_PASSWORD = 'bench-only-password-2026';

/** The generating statements, in order (exported for trying them by hand in psql). */
export function membersStatements(S: typeof MEMBER_SIZES = MEMBER_SIZES): Record<string, string> {
  const N = S.members;
  const busyRows = S.busyMembers * S.busyConversations * S.busyMessagesEach;
  const randomRows = S.messages - busyRows;
  const content = (e: string) =>
    `${pick(MESSAGE_OPENERS, `${e} * 5 + 1`)} || ' ' || ${pick(MESSAGE_BODIES, `${e} * 5 + 2`)} || ' ' || ${pick(MESSAGE_BODIES, `${e} * 5 + 3`)}`;
  return {
    // Names once, for "user" and profiles; dropped at commit.
    names: `
      create temp table bench_members on commit drop as
      select i, ${memberId('i')} as id, first, last,
        case when i % 2 = 0 then lower(first || '.' || last) || i else lower(substr(first, 1, 1) || last) || '_' || i end
          as username,
        now() - ${rnd('i * 13 + 3', 1500)} * interval '1 day' - ${rnd('i * 13 + 8', 86400)} * interval '1 second'
          as joined
      from (
        select i, ${pick(MEMBER_FIRST_NAMES, 'i * 13 + 1')} as first, ${pick(MEMBER_LAST_NAMES, 'i * 13 + 2')} as last
        from generate_series(1, ${N}) as i
      ) as s`,

    users: `
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select id, first || ' ' || last, username || '@members.example', true, joined, joined
      from bench_members order by i`,

    profiles: `
      insert into profiles (id, username, full_name, avatar_url, bio, company, position, website, linkedin_url,
        is_sponsor, is_panelist, created_at)
      select id, username, first || ' ' || last,
        case when i % 3 = 0 then '/uploads/avatars/bench-' || (i % 50) || '.webp' end,
        'Works on ' || ${pick(TOPICS, 'i * 13 + 4')} || ' and cares about ' || ${pick(THEMES, 'i * 13 + 5')} || '.',
        case when ${rnd('i * 13 + 9', 10)} > 0 then ${pick(MEMBER_COMPANIES, 'i * 13 + 6')} end,
        case when ${rnd('i * 13 + 10', 10)} > 0 then ${pick(MEMBER_POSITIONS, 'i * 13 + 7')} end,
        case when i % 4 = 0 then 'https://' || replace(username, '_', '-') || '.example' end,
        case when i % 2 = 0 then 'https://linkedin.com/in/' || username end,
        i % 400 = 0, i % 250 = 0, joined
      from bench_members order by i`,

    skills: `
      insert into skills (id, name, category)
      select ${skillId('k')}, name, category
      from unnest(array[${SKILLS.map(([n]) => quote(n)).join(', ')}], array[${SKILLS.map(([, c]) => quote(c)).join(', ')}])
        with ordinality as s(name, category, k)`,

    // Popular skills first: the k-th pick is skill 1 + 30 * u^1.6 (u uniform), so the first
    // skills have ~20,000 members and the last ~4,000.
    userSkills: `
      insert into user_skills (user_id, skill_id, created_at)
      select ${memberId('i')}, ${skillId(`1 + floor(${S.skills} * power(${rnd('i * 7 + k', 100000)} / 100000.0::float8, 1.6))::int`)},
        now() - ${rnd('i * 7 + k + 50', 1000)} * interval '1 day'
      from generate_series(1, ${N}) as i, generate_series(1, ${S.maxSkillsPerMember}) as k
      where k <= 1 + ${rnd('i * 7', S.maxSkillsPerMember)}
      on conflict do nothing`,

    events: `
      insert into events (id, name, summary, location, category, status, start_time, end_time, image_url)
      select ${eventId('e')}, hood || ' ' || initcap(topic) || ' ' || format,
        'An evening on ' || theme || ' for people who work on ' || topic || '.',
        hood || ', Charlotte', 'Networking',
        case when start_at > now() then 'upcoming' else 'completed' end,
        start_at, start_at + interval '2 hours', '/uploads/event-images/bench-' || (e % 40) || '.webp'
      from (
        select e, date_trunc('day', now()) + (${rnd('e * 11 + 1', 1461)} - 1100) * interval '1 day'
            + (17 + ${rnd('e * 11 + 2', 3)}) * interval '1 hour' as start_at,
          ${pick(TOPICS, 'e * 11 + 3')} as topic, ${pick(HOODS, 'e * 11 + 4')} as hood,
          ${pick(FORMATS, 'e * 11 + 5')} as format, ${pick(THEMES, 'e * 11 + 6')} as theme
        from generate_series(1, ${S.events}) as e
      ) as s`,

    // Skewed towards the first events: event 1 + 2000 * u^2, so a few have hundreds of members.
    attendees: `
      insert into event_attendees (event_id, user_id, status, created_at)
      select ${eventId(`1 + floor(${S.events} * power(${rnd('i * 5 + k', 100000)} / 100000.0::float8, 2))::int`)},
        ${memberId('i')},
        case when ${rnd('i * 5 + k + 20', 100)} < 85 then 'attending' else 'maybe' end,
        now() - ${rnd('i * 5 + k + 40', 500000)} * interval '1 minute'
      from generate_series(1, ${N}) as i, generate_series(1, ${S.maxEventsPerMember}) as k
      where k <= ${rnd('i * 5', S.maxEventsPerMember + 1)}
      on conflict do nothing`,

    // Member i asks members i + d (mod N) for the first k offsets d; who asked is a coin toss.
    connections: `
      insert into connections (requester_id, recipient_id, status, created_at, updated_at)
      select case when flip then a else b end, case when flip then b else a end,
        case when r < 85 then 'accepted' when r < 95 then 'pending' else 'rejected' end, at, at
      from (
        select ${memberId('i')} as a, ${memberId(`1 + (i - 1 + (array[${OFFSETS.join(', ')}])[k]) % ${N}`)} as b,
          ${rnd('i * 31 + k', 2)} = 0 as flip, ${rnd('i * 31 + k + 100', 100)} as r,
          now() - ${rnd('i * 31 + k + 200', 1000)} * interval '1 day' as at
        from generate_series(1, ${N}) as i, generate_series(1, ${OFFSETS.length}) as k
        where k <= case when i % ${S.popularEvery} = 0 then 10 + ${rnd('i * 31', 21)}
          when i % 5 = 0 then 1 else 1 + ${rnd('i * 31', 3)} end
      ) as s`,

    // The busy members: 50 conversations each (another member and a subject), 10 messages
    // back and forth, spread over the last year; the newest few of each conversation unread.
    busyMessages: `
      insert into messages (id, sender_id, recipient_id, subject, content, created_at, read_at)
      select ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, case when m % 2 = 0 then me else other end, case when m % 2 = 0 then other else me end,
        subject, ${content('n')}, at,
        case when m >= 8 and c < 5 then null else at + ${rnd('n * 3 + 1', 2880)} * interval '1 minute' end
      from (
        select b, c, m, (b * ${S.busyConversations} + c) * ${S.busyMessagesEach} + m as n,
          ${memberId('b')} as me,
          ${memberId(`${S.busyMembers + 1} + ((b * ${S.busyConversations} + c) * 7919) % ${N - S.busyMembers}`)} as other,
          ${pick(MESSAGE_SUBJECTS, `b * ${S.busyConversations} + c`)} as subject,
          now() - (1 + c * 7 + ${rnd('b * 100 + c', 7)}) * interval '1 day' + m * interval '1 hour' as at
        from generate_series(1, ${S.busyMembers}) as b, generate_series(0, ${S.busyConversations - 1}) as c,
          generate_series(0, ${S.busyMessagesEach - 1}) as m
      ) as s`,

    // Everyone else: random pairs over two years, 92% read.
    randomMessages: `
      insert into messages (id, sender_id, recipient_id, subject, content, created_at, read_at)
      select ('00000000-0000-4000-9000-' || lpad(to_hex(j), 12, '0'))::uuid, ${memberId('s')}, ${memberId(`1 + (s + ${rnd('j * 4 + 2', N - 1)}) % ${N}`)},
        ${pick(MESSAGE_SUBJECTS, 'j * 4 + 3')}, ${content('j')}, at,
        case when ${rnd('j * 4 + 4', 100)} < 92 then at + ${rnd('j * 4 + 5', 4320)} * interval '1 minute' end
      from (
        select j, 1 + ${rnd('j * 4 + 1', N)} as s,
          now() - ${rnd('j * 4 + 6', 730 * 24)} * interval '1 hour' as at
        from generate_series(1, ${randomRows}) as j
      ) as s`,
  };
}

export interface MembersFixture {
  searchTerm: string;
  searchMatches: number;
  deepPage: number;
  skill: { id: string; name: string; members: number };
  event: { id: string; name: string; members: number };
  /** The profile the profile runs read: a member with about 20 connections. */
  profile: { username: string; connections: number; events: number; skills: number };
  /** The signed-in member (member 1): a credential account, many messages. */
  viewer: { id: string; email: string; username: string; messages: number; conversations: number };
  counts: Record<string, number>;
  seconds: number;
}

/** Fills an empty, migrated PostgreSQL database; returns what the measurements need. */
export async function generateMembersDataset(db: Db, log: (line: string) => void): Promise<MembersFixture> {
  const started = performance.now();
  await fillWithIndexesOff(
    db,
    ['user', 'profiles', 'user_skills', 'events', 'event_attendees', 'connections', 'messages'],
    membersStatements(),
    log,
  );
  // Fresh statistics, and the visibility map set: otherwise autovacuum would start on the
  // million new rows in the middle of the measurements, and index-only scans visit the heap.
  const t = performance.now();
  await db.execute(sql`vacuum (analyze)`);
  log(`    vacuum analyze   ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const seconds = (performance.now() - started) / 1000;

  const [search, skill, event, profile, viewer, counted] = await Promise.all([
    db.execute<{ n: number }>(sql`select count(*)::int as n from profiles
      where lower(username) like ${`%${MEMBER_SEARCH}%`} or lower(coalesce(full_name, '')) like ${`%${MEMBER_SEARCH}%`}`),
    // The median skill: neither the rarest nor the most common.
    db.execute<{ id: string; name: string; n: number }>(sql`select s.id, s.name, count(*)::int as n
      from skills s join user_skills us on us.skill_id = s.id group by s.id, s.name
      order by n, s.id offset ${Math.floor(MEMBER_SIZES.skills / 2)} limit 1`),
    db.execute<{ id: string; name: string; n: number }>(sql`select e.id, e.name, count(*)::int as n
      from events e join event_attendees a on a.event_id = e.id group by e.id, e.name order by n desc, e.id limit 1`),
    db.execute<{ username: string; connections: number; events: number; skills: number }>(sql`
      select p.username, c.n as connections,
        (select count(*)::int from event_attendees a where a.user_id = p.id) as events,
        (select count(*)::int from user_skills us where us.user_id = p.id) as skills
      from (select i from generate_series(${MEMBER_SIZES.popularEvery}::int, ${MEMBER_SIZES.members}::int, ${MEMBER_SIZES.popularEvery}::int) as i) as g
      join profiles p on p.id = md5('user-' || g.i),
      lateral (select count(*)::int as n from connections c
        where (c.requester_id = p.id or c.recipient_id = p.id) and c.status = 'accepted') as c
      order by abs(c.n - 20), (select count(*) from event_attendees a where a.user_id = p.id) desc, p.username
      limit 1`),
    db.execute<{ id: string; email: string; username: string; messages: number; conversations: number }>(sql`
      select u.id, u.email, p.username,
        (select count(*)::int from messages m where m.sender_id = u.id or m.recipient_id = u.id) as messages,
        (select count(distinct (case when m.sender_id = u.id then m.recipient_id else m.sender_id end, m.subject))::int
          from messages m where m.sender_id = u.id or m.recipient_id = u.id) as conversations
      from "user" u join profiles p on p.id = u.id where u.id = md5('user-1')`),
    db.execute<Record<string, number>>(sql`select
      (select count(*)::int from profiles) as members,
      (select count(*)::int from skills) as skills,
      (select count(*)::int from user_skills) as "member skills",
      (select count(*)::int from events) as events,
      (select count(*)::int from event_attendees) as registrations,
      (select count(*)::int from connections) as connections,
      (select count(*)::int from connections where status = 'accepted') as "accepted connections",
      (select count(*)::int from messages) as messages,
      (select count(*)::int from messages where read_at is not null) as "read messages"`),
  ]);
  const num = (v: unknown) => Number(v);
  const s = skill.rows[0]!;
  const e = event.rows[0]!;
  const p = profile.rows[0]!;
  const v = viewer.rows[0]!;
  return {
    searchTerm: MEMBER_SEARCH,
    searchMatches: num(search.rows[0]!.n),
    deepPage: MEMBER_SIZES.deepPage,
    skill: { id: s.id, name: s.name, members: num(s.n) },
    event: { id: e.id, name: e.name, members: num(e.n) },
    profile: { username: p.username, connections: num(p.connections), events: num(p.events), skills: num(p.skills) },
    viewer: {
      id: v.id,
      email: v.email,
      username: v.username,
      messages: num(v.messages),
      conversations: num(v.conversations),
    },
    counts: Object.fromEntries(Object.entries(counted.rows[0]!).map(([k, n]) => [k, num(n)])),
    seconds,
  };
}

/** Runs `statements` in one transaction with the non-unique indexes of `tables` dropped and built
 * again at the end (exported for the forums and search parts, which fill more tables the same
 * way). `triggers: true` keeps every trigger running (the forums' counters must count). */
export async function fillWithIndexesOff(
  db: Db,
  tables: string[],
  statements: Record<string, string>,
  log: (line: string) => void,
  { triggers = false } = {},
): Promise<void> {
  const superuser = await db.execute<{ ok: boolean }>(
    sql`select rolsuper as ok from pg_roles where rolname = current_user`,
  );
  await db.transaction(async (tx) => {
    // The rows are consistent by construction: skipping the foreign-key triggers (superuser
    // only) saves 2 lookups per message, connection, registration and skill.
    if (superuser.rows[0]?.ok && !triggers) await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    // Building an index once over all rows is several times faster than maintaining it row by
    // row: the non-unique indexes go, and come back exactly as the migrations defined them.
    // (Unique ones stay: they keep the data honest and serve "on conflict do nothing".)
    const indexes = await tx.execute<{ name: string; def: string }>(sql`
      select quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_class t on t.oid = i.indrelid
      where t.relnamespace = 'public'::regnamespace and not i.indisunique and not i.indisprimary
        and t.relname in (${sql.join(
          tables.map((table) => sql`${table}`),
          sql`, `,
        )})`);
    for (const index of indexes.rows) await tx.execute(sql.raw(`drop index ${index.name}`));
    for (const [name, statement] of Object.entries(statements)) {
      const t = performance.now();
      await tx.execute(sql.raw(statement));
      log(`    ${name.padEnd(16)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    const t = performance.now();
    for (const index of indexes.rows) await tx.execute(sql.raw(index.def));
    log(`    ${`${indexes.rows.length} indexes`.padEnd(16)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  });
}

/** A credential account (argon2id, as registration makes it) for the member, so it can sign in. */
export async function addCredential(db: Db, userId: string): Promise<void> {
  const password = await hashPassword(BENCH_PASSWORD);
  await db.execute(sql`insert into account (id, account_id, provider_id, user_id, password)
    values (${randomUUID()}, ${userId}, 'credential', ${userId}, ${password})`);
}
