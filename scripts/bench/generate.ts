import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { settings } from './settings';
import {
  AUDIENCES,
  CATEGORIES,
  COMPANIES,
  FIRST_NAMES,
  FORMATS,
  HOODS,
  LAST_NAMES,
  MOODS,
  POSITIONS,
  SPONSORS,
  THEMES,
  TOPICS,
  VENUES,
} from './words';

// The data set, made with set-based SQL (generate_series) so 100,000 rows take seconds, not
// minutes. "Random" choices are hashes of the row number: the same data on every run and on
// both databases, whatever connection a statement lands on.

export const SIZES = {
  events: 10_000,
  members: 5_000,
  attendees: 100_000,
  /** Events 1..bigEvents are the well attended ones: the detail runs read these. */
  bigEvents: settings.rotation,
  busiestAttendees: 500,
  bigAttendees: 250,
  sponsors: 20,
  sponsoredEvents: 3_000,
  podcasts: 1_000,
};

/** The search word: the topic of 1 in 100 events, and in nothing else. */
export const SEARCH_WORD = 'robotics';

// The search must find the topic only: no other word used in names, summaries or places contains it.
for (const word of [
  ...TOPICS.filter((t) => t !== SEARCH_WORD),
  ...HOODS,
  ...FORMATS,
  ...VENUES,
  ...MOODS,
  ...THEMES,
  ...AUDIENCES,
]) {
  if (word.toLowerCase().includes(SEARCH_WORD)) throw new Error(`"${word}" contains the search word`);
}

export const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** A deterministic pseudo-random integer in [0, n) from an integer SQL expression. */
export const rnd = (expr: string, n: number) => `((hashint4(${expr})::bigint + 2147483648) % ${n})::int`;
/** One of `words`, chosen by the integer SQL expression `expr`. */
export const pick = (words: readonly string[], expr: string) =>
  `(array[${words.map(quote).join(', ')}])[1 + ${rnd(expr, words.length)}]`;

const eventId = (n: string) => `md5('event-' || ${n})::uuid`;
const userId = (n: string) => `md5('user-' || ${n})`;

/** The generating statements, in order; `S` other sizes (the search part takes only some of
 * them: events, sponsors and podcasts, beside its own members). */
export function eventsStatements(S: typeof SIZES = SIZES): Record<string, string> {
  const bigRows = S.busiestAttendees + (S.bigEvents - 1) * S.bigAttendees;
  const smallEvents = S.events - S.bigEvents;
  const smallRows = S.attendees - bigRows;
  // A small event's k-th member is k * 977 + 13e (mod members): distinct for every k it gets,
  // which keeps (event_id, user_id) unique.
  const perSmallEvent = Math.ceil(smallRows / smallEvents);
  const offsets = new Set(Array.from({ length: perSmallEvent }, (_, k) => (k * 977) % S.members));
  if (offsets.size < perSmallEvent || S.busiestAttendees > S.members) throw new Error('sizes do not fit');

  return {
    events: `
      insert into events (id, name, summary, description, content, location, category, status,
        start_time, end_time, max_attendees, image_url, is_featured)
      select ${eventId('i')},
        hood || ' ' || initcap(topic) || ' ' || format,
        summary,
        summary || ' Expect short introductions, a moderated conversation about ' || theme
          || ', and plenty of time to meet people who work on ' || topic || ' in Charlotte.',
        '<p>' || summary || '</p><p>Doors open 30 minutes early. Light food and drinks provided.</p>',
        venue || ', ' || hood,
        case when ${rnd('i * 17 + 10', 10)} = 0 then null else ${pick(CATEGORIES, 'i * 17 + 11')} end,
        case when i % 40 = 0 then 'ongoing' when start_at > now() then 'upcoming' else 'completed' end,
        start_at,
        start_at + (2 + ${rnd('i * 17 + 12', 3)}) * interval '1 hour',
        case when i > ${S.bigEvents} and ${rnd('i * 17 + 13', 10)} < 3 then 20 + ${rnd('i * 17 + 14', 200)} end,
        '/uploads/event-images/bench-' || ${rnd('i * 17 + 15', 40)} || '.webp',
        i % 500 = 0
      from (
        select i,
          -- ±2 years around today, evenings; every 40th event is happening right now.
          case when i % 40 = 0 then now() - (1 + ${rnd('i * 17 + 1', 3)}) * interval '1 hour'
            else date_trunc('day', now()) + (${rnd('i * 17 + 2', 1461)} - 730) * interval '1 day'
              + (17 + ${rnd('i * 17 + 3', 3)}) * interval '1 hour' end as start_at,
          ${pick(TOPICS, 'i * 17 + 4')} as topic,
          ${pick(HOODS, 'i * 17 + 5')} as hood,
          ${pick(FORMATS, 'i * 17 + 6')} as format,
          ${pick(VENUES, 'i * 17 + 7')} as venue,
          ${pick(THEMES, 'i * 17 + 8')} as theme,
          'A ' || ${pick(MOODS, 'i * 17 + 9')} || ' evening on ' || ${pick(THEMES, 'i * 17 + 16')} || ' for '
            || ${pick(AUDIENCES, 'i * 17 + 0')} || '.' as summary
        from generate_series(1, ${S.events}) as i
      ) as s`,

    users: `
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select ${userId('i')}, first || ' ' || last, lower(first || '.' || last || '.' || i) || '@members.example',
        true, joined, joined
      from (
        select i, ${pick(FIRST_NAMES, 'i * 13 + 1')} as first, ${pick(LAST_NAMES, 'i * 13 + 2')} as last,
          now() - ${rnd('i * 13 + 3', 1500)} * interval '1 day' as joined
        from generate_series(1, ${S.members}) as i
      ) as s`,

    profiles: `
      insert into profiles (id, username, full_name, avatar_url, bio, company, position, website, linkedin_url, created_at)
      select u.id, split_part(u.email, '@', 1), u.name,
        case when i % 3 = 0 then '/uploads/avatars/bench-' || (i % 50) || '.webp' end,
        'Works on ' || ${pick(TOPICS, 'i * 13 + 4')} || ' and cares about ' || ${pick(THEMES, 'i * 13 + 5')} || '.',
        ${pick(COMPANIES, 'i * 13 + 6')}, ${pick(POSITIONS, 'i * 13 + 7')},
        case when i % 4 = 0 then 'https://' || split_part(u.email, '@', 1) || '.example' end,
        case when i % 2 = 0 then 'https://www.linkedin.com/in/' || split_part(u.email, '@', 1) end,
        u.created_at
      from generate_series(1, ${S.members}) as i
      join "user" u on u.id = ${userId('i')}`,

    // The busiest event, then the other big ones: consecutive members, so unique per event.
    bigAttendees: `
      insert into event_attendees (event_id, user_id, status, created_at)
      select ${eventId('e')}, ${userId(`1 + (e * 37 + k) % ${S.members}`)},
        case when ${rnd('(e * 1000 + k) * 3 + 1', 100)} < 85 then 'attending' else 'maybe' end,
        now() - ${rnd('(e * 1000 + k) * 3 + 2', 500000)} * interval '1 minute'
      from generate_series(1, ${S.bigEvents}) as e, generate_series(0, ${S.busiestAttendees - 1}) as k
      where k < case when e = 1 then ${S.busiestAttendees} else ${S.bigAttendees} end`,

    smallAttendees: `
      insert into event_attendees (event_id, user_id, status, created_at)
      select ${eventId('e')}, ${userId(`1 + (k * 977 + e * 13) % ${S.members}`)},
        case when ${rnd('j * 3 + 1', 100)} < 85 then 'attending' else 'maybe' end,
        now() - ${rnd('j * 3 + 2', 500000)} * interval '1 minute'
      from (
        select j, ${S.bigEvents + 1} + j % ${smallEvents} as e, j / ${smallEvents} as k
        from generate_series(0, ${smallRows - 1}) as j
      ) as s`,

    guests: `
      insert into event_guests (event_id, profile_id, guest_name, guest_email)
      select a.event_id, a.user_id, 'Guest of ' || p.full_name, lower('guest.' || p.username || '@guests.example')
      from event_attendees a join profiles p on p.id = a.user_id
      where a.status = 'attending' and (hashtext(a.event_id::text || a.user_id) & 31) = 0`,

    sponsors: `
      insert into sponsors (id, name, info, logo_url, website, level)
      select md5('sponsor-' || i)::uuid, (array[${SPONSORS.map(quote).join(', ')}])[i],
        'Proud supporter of Charlotte''s professional community since ' || (2000 + i) || '.',
        '/uploads/sponsor-images/bench-' || i || '.webp', 'https://sponsor-' || i || '.example',
        case when i <= 4 then 'Title Sponsor' else 'Event Sponsor' end
      from generate_series(1, ${S.sponsors}) as i`,

    // Two different sponsors per event (e mod 20 and (7e + 3) mod 20 never meet).
    eventSponsors: `
      insert into event_sponsors (event_id, sponsor_id)
      select ${eventId('e')}, md5('sponsor-' || s)::uuid
      from generate_series(1, ${S.sponsoredEvents}) as e,
        lateral (values (1 + e % ${S.sponsors}), (1 + (e * 7 + 3) % ${S.sponsors})) as v(s)`,

    podcasts: `
      insert into podcasts (title, description, media_type, video_url, thumbnail_url, guests, tags, show_notes,
        published_at, view_count, likes_count)
      select 'Episode ' || i || ': ' || initcap(topic) || ' with ' || guest,
        'Our host talks ' || topic || ' and ' || theme || ' with ' || guest || ', live from Charlotte.',
        'youtube', 'https://www.youtube.com/watch?v=' || substr(md5('podcast-' || i), 1, 11),
        'https://i.ytimg.com/vi/' || substr(md5('podcast-' || i), 1, 11) || '/hqdefault.jpg',
        array[guest], array[topic, theme],
        'Links and books mentioned in episode ' || i || '.',
        now() - i * interval '1 day' - ${rnd('i * 11 + 5', 24)} * interval '1 hour',
        ${rnd('i * 11 + 6', 20000)}, ${rnd('i * 11 + 7', 900)}
      from (
        select i, ${pick(TOPICS, 'i * 11 + 1')} as topic, ${pick(THEMES, 'i * 11 + 2')} as theme,
          ${pick(FIRST_NAMES, 'i * 11 + 3')} || ' ' || ${pick(LAST_NAMES, 'i * 11 + 4')} as guest
        from generate_series(1, ${S.podcasts}) as i
      ) as s`,
  };
}

/** What the measurements need to know about the generated data. */
export interface Fixture {
  /** The event with the most attendees, and how many. */
  busiestEventId: string;
  busiestAttendees: number;
  /** The `settings.rotation` best attended events, busiest first. */
  rotationIds: string[];
  rotationAverageAttendees: number;
  searchWord: string;
  searchMatches: number;
  searchUpcoming: number;
  counts: Record<string, number>;
  seconds: number;
}

/** Fills an empty, migrated database; returns what the measurements need. */
export async function generateDataset(db: Db): Promise<Fixture> {
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (const statement of Object.values(eventsStatements())) await tx.execute(sql.raw(statement));
  });
  // Fresh statistics, or the planner guesses on 100,000 rows it has never seen.
  await db.execute(sql`analyze`);
  const seconds = (performance.now() - started) / 1000;

  const busiest = await db.execute<{ event_id: string; n: number }>(sql`
    select event_id, count(*)::int as n from event_attendees
    group by event_id order by n desc, event_id limit ${settings.rotation}`);
  const search = await db.execute<{ total: number; upcoming: number }>(sql`
    select count(*)::int as total, (count(*) filter (where status = 'upcoming'))::int as upcoming from events
    where lower(name || ' ' || coalesce(summary, '') || ' ' || coalesce(location, '')) like ${`%${SEARCH_WORD}%`}`);
  const counted = await db.execute<Record<string, number>>(sql`select
    (select count(*)::int from events) as events,
    (select count(*)::int from "user") as members,
    (select count(*)::int from event_attendees) as attendees,
    (select count(*)::int from event_guests) as guests,
    (select count(*)::int from sponsors) as sponsors,
    (select count(*)::int from event_sponsors) as "sponsor links",
    (select count(*)::int from podcasts) as podcasts`);

  const top = busiest.rows[0]!;
  return {
    busiestEventId: top.event_id,
    busiestAttendees: Number(top.n),
    rotationIds: busiest.rows.map((r) => r.event_id),
    rotationAverageAttendees: Math.round(busiest.rows.reduce((sum, r) => sum + Number(r.n), 0) / busiest.rows.length),
    searchWord: SEARCH_WORD,
    searchMatches: Number(search.rows[0]!.total),
    searchUpcoming: Number(search.rows[0]!.upcoming),
    counts: Object.fromEntries(Object.entries(counted.rows[0]!).map(([k, v]) => [k, Number(v)])),
    seconds,
  };
}
