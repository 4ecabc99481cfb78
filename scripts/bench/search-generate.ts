import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { termsOf } from '../../src/server/features/members/offers-asks';
import { SIZES, eventsStatements, rnd } from './generate';
import { forumSizes, generateForumsDataset } from './forums-generate';
import { MEMBER_SIZES, fillWithIndexesOff, membersStatements } from './members-generate';
import { MEMBER_FIRST_NAMES, MEMBER_LAST_NAMES, MESSAGE_SUBJECTS, SKILLS } from './members-words';
import { VOCABULARY } from './people-to-meet';
import { FORMATS, HOODS, THEMES, TOPICS } from './words';

// The search part's data set (PostgreSQL only), made by the other parts' generators in one
// database: the members part's 100,000 members and their skills (with offers and asks as People to
// meet has them), the events part's 10,000 events and 1,000 podcasts, and the forums part's
// 100,000 posts and 1,000,000 replies. Each generator's own ids keep them apart: md5('user-' || i)
// for members, md5('forum-user-' || i) for the forums' 1,000 authors.

export function searchSizes(scale: number) {
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    members: Math.max(100, scaled(100_000)),
    events: Math.max(40, scaled(10_000)),
    podcasts: Math.max(20, scaled(1_000)),
    forums: forumSizes(scale),
  };
}
export type SearchSizes = ReturnType<typeof searchSizes>;

/** What a ready database holds: a kept one is reused when these match. */
export function expectedCounts(sizes: SearchSizes) {
  return {
    profiles: sizes.members + sizes.forums.members,
    events: sizes.events,
    forum_replies: sizes.forums.replies,
  };
}

export interface SearchFixture {
  counts: Record<string, number>;
  seconds: number;
  /** Signed-in members (credential accounts are added by the caller). */
  viewers: { id: string; email: string }[];
  /** Real generated names, for the query list. */
  names: { first: string; last: string }[];
}

/** Fills an empty, migrated PostgreSQL database. */
export async function generateSearchDataset(db: Db, sizes: SearchSizes, log: (line: string) => void) {
  const started = performance.now();
  const terms = await termsOf(db, VOCABULARY);
  const vocabulary = JSON.stringify(VOCABULARY.map((text, n) => ({ n, text, terms: terms[n] })));
  const members = membersStatements({ ...MEMBER_SIZES, members: sizes.members });
  const events = eventsStatements({ ...SIZES, events: sizes.events, podcasts: sizes.podcasts });
  await fillWithIndexesOff(
    db,
    ['user', 'profiles', 'user_skills', 'events', 'podcasts', 'offers_and_asks'],
    {
      names: members.names!,
      users: members.users!,
      profiles: members.profiles!,
      skills: members.skills!,
      userSkills: members.userSkills!,
      // 0 to 2 offers and 0 to 2 asks per member, from People to meet's trades.
      offersAsks: `
        insert into offers_and_asks (user_id, kind, text, terms, position)
        select md5('user-' || i), kinds.kind, v.text, array(select jsonb_array_elements_text(v.terms)), k
        from generate_series(1, ${sizes.members}) as i
          cross join generate_series(0, 1) as k
          cross join (values ('offer', 1), ('ask', 2)) as kinds(kind, salt)
          join jsonb_to_recordset('${vocabulary.replace(/'/g, "''")}'::jsonb) as v(n int, text text, terms jsonb)
            on v.n = ${rnd('i * 7 + k * 3 + kinds.salt', VOCABULARY.length)}
        where k < ${rnd('i * 5 + kinds.salt', 3)}`,
      events: events.events!,
      podcasts: events.podcasts!,
    },
    log,
  );
  // The forums' own generator (posts, replies and their counters), then vacuum analyze of it all.
  await generateForumsDataset(db, log, sizes.forums);
  return { seconds: (performance.now() - started) / 1000 };
}

/** What the measurements need from a generated (or kept) database. */
export async function describeSearchDataset(db: Db, seconds: number): Promise<SearchFixture> {
  const counted = await db.execute<Record<string, number>>(sql`select
    (select count(*)::int from profiles) as members,
    (select count(*)::int from offers_and_asks) as "offers and asks",
    (select count(*)::int from user_skills) as "member skills",
    (select count(*)::int from events) as events,
    (select count(*)::int from podcasts) as podcasts,
    (select count(*)::int from forum_posts) as "forum posts",
    (select count(*)::int from forum_replies) as "forum replies"`);
  // Members spread over the data set, for names as people type them.
  const names = await db.execute<{ full_name: string }>(sql`
    select full_name from profiles where username not like 'forumer\_%'
    order by md5(id) limit 60`);
  const viewers = await db.execute<{ id: string; email: string }>(sql`
    select id, email from "user" where id in (select md5('user-' || i) from generate_series(1, 10) as i) order by id`);
  return {
    counts: Object.fromEntries(Object.entries(counted.rows[0]!).map(([k, n]) => [k, Number(n)])),
    seconds,
    viewers: viewers.rows,
    names: names.rows.map((r) => {
      const [first, ...rest] = r.full_name.split(' ');
      return { first: first!, last: rest.join(' ') };
    }),
  };
}

/** Drops one letter from inside a word: "jordan" → "jordn". */
const typo = (word: string, n: number) => {
  const at = 1 + (n % (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1);
};

/**
 * The quick search's queries as people type them into the dialog (no space after the last word,
 * so it is a prefix, as the dialog sends it): real generated names, full and partial, typos, short
 * prefixes, event, forum, skill and company words, quoted phrases, common and rare words.
 */
export function searchQueries(fixture: SearchFixture): { q: string; kind: string }[] {
  const out = new Map<string, string>();
  const add = (kind: string, q: string) => {
    if (!out.has(q.toLowerCase())) out.set(q.toLowerCase(), kind);
  };
  const names = fixture.names;
  names.slice(0, 25).forEach(({ first, last }) => add('full name', `${first} ${last}`));
  names.slice(25, 40).forEach(({ first, last }) => add('partial name', `${first} ${last.slice(0, 3)}`));
  names.slice(40, 60).forEach(({ last }) => add('surname', last.toLowerCase()));
  [...MEMBER_LAST_NAMES.filter((w) => w.length >= 6)]
    .slice(0, 30)
    .forEach((w, n) => add('typo', typo(w.toLowerCase(), n)));
  MEMBER_FIRST_NAMES.filter((w) => w.length >= 5)
    .slice(0, 15)
    .forEach((w, n) => add('typo', typo(w.toLowerCase(), n + 1)));
  [...MEMBER_FIRST_NAMES.slice(0, 12), ...MEMBER_LAST_NAMES.slice(20, 32), ...TOPICS.slice(0, 8)].forEach((w, n) =>
    add('prefix', w.toLowerCase().slice(0, 2 + (n % 4))),
  );
  TOPICS.slice(0, 30).forEach((w) => add('event word', w));
  HOODS.forEach((w) => add('event word', w.toLowerCase()));
  FORMATS.forEach((w) => add('event word', w.toLowerCase()));
  THEMES.slice(0, 10).forEach((w) => add('event word', w));
  MESSAGE_SUBJECTS.slice(0, 20).forEach((w) => add('forum words', w.replace(/[?!]/g, '').toLowerCase()));
  for (const w of [
    'coffee',
    'slides',
    'waitlist',
    'pitch deck',
    'introduction',
    'thursday',
    'feedback',
    'panel',
    'seat',
    'hiring engineer',
  ])
    add('forum words', w);
  for (const w of [
    '"happy hour"',
    '"pitch deck"',
    '"south end"',
    '"scaling teams"',
    '"senior engineer"',
    '"local policy" panel',
    '"sba loans"',
    '"coffee in south end"',
  ])
    add('phrase', w);
  for (const w of ['charlotte', 'evening', 'great', 'week', 'people', 'meeting', 'work', 'team', 'founder', 'the'])
    add('common word', w);
  for (const w of [
    'whitfield',
    'lindqvist',
    'abubakar',
    'robotics',
    'veterinary',
    'telehealth',
    'semiconductors',
    'govtech',
    'zzyzx',
    'quasar',
  ])
    add('rare word', w);
  SKILLS.slice(0, 15).forEach(([w]) => add('skill', w.toLowerCase()));
  VOCABULARY.slice(0, 15).forEach((w) => add('offer or ask', w.replace(/^an? /, '').toLowerCase()));
  for (const w of ['queen city', 'carolina capital', 'software engineer', 'product manager', 'attorney'])
    add('company or role', w);
  return [...out].map(([q, kind]) => ({ q, kind }));
}
