import { desc, sql, type SQL } from 'drizzle-orm';
import type { Highlighted, SearchHit, SearchType } from '../../../shared/search';
import type { Db } from '../../db/client';
import { podcasts } from '../../db/schema';
import { htmlToText } from '../../platform/html-text';
import { highlight, snippetOf } from './highlight';
import type { ParsedQuery } from './query';

// One search: each group is one statement. Candidates come from the GIN indexes (the weighted
// tsvector columns of migration 0013, the trigram indexes on names and titles), a bounded number
// per branch, so a common word costs as much as a rare one; only they are ranked.
//
// Rank = (text rank + name similarity) × freshness. Text rank is ts_rank over the weighted
// document (a title or name word counts 10 times a body word); similarity is pg_trgm's
// word_similarity against the name or title (typos, partial names); freshness keeps upcoming
// events (the sooner the higher) and recent posts at full weight and halves the rank of what is
// long past.

/** Candidates read per branch before ranking: a few times the rows asked for (the quick search's
 * 16 take 80), within these bounds. */
const MIN_CANDIDATES = 50;
const MAX_CANDIDATES = 200;
const SIMILAR_CANDIDATES = 40;
/** ts_rank's weights for D, C, B, A. */
const WEIGHTS = sql.raw(`'{0.05, 0.1, 0.4, 1.0}'::float4[]`);

export interface SearchOptions {
  type: SearchType;
  limit: number;
  offset: number;
  forumId?: string;
  /** Freshness is reckoned from the app's clock (tests move it). */
  now: Date;
}

/** A hit before the viewer's blocks are applied: the authors it would show. */
export interface Candidate extends SearchHit {
  authorId: string | null;
}

export interface CandidateGroup {
  type: SearchType;
  hits: Candidate[];
  /** Whether more than `limit + offset` matched, before blocks. */
  more: boolean;
}

/** Rows asked per group beyond the page: room for hits the viewer's blocks take out. */
export const BLOCK_MARGIN = 10;

export async function searchGroup(db: Db, query: ParsedQuery, options: SearchOptions): Promise<CandidateGroup> {
  const take = options.limit + 1 + BLOCK_MARGIN;
  const candidates = Math.min(MAX_CANDIDATES, Math.max(MIN_CANDIDATES, 5 * (take + options.offset)));
  const page = { take, offset: options.offset, candidates, now: sql`${options.now.toISOString()}::timestamptz` };
  const rows = await {
    events: () => searchEvents(db, query, page),
    members: () => searchMembers(db, query, page),
    podcasts: () => searchPodcasts(db, query, page),
    forums: () => searchForums(db, query, page, options.forumId),
  }[options.type]();
  return { type: options.type, hits: rows, more: rows.length > options.limit };
}

/** The first of these texts in which a searched word appears, cut around it. */
function firstSnippet(texts: (string | null | undefined)[], words: string[]): Highlighted | null {
  for (const text of texts) {
    const snippet = text ? snippetOf(text, words) : null;
    if (snippet) return snippet;
  }
  return null;
}

interface Page {
  take: number;
  candidates: number;
  offset: number;
  now: SQL;
}

/** How close what was typed is to a name or title (0 when too short to mean a typo). */
const similarity = (q: ParsedQuery, text: SQL) =>
  q.similarText ? sql`word_similarity(${q.similarText}, ${text})` : sql`0`;

/** Freshness of what is past: 1 now, fading towards 0.5 over about `days`. */
const fading = (now: SQL, at: SQL, days: number) =>
  sql`(0.5 + 0.5 * exp(-greatest(0, extract(epoch from ${now} - ${at})) / (${sql.raw(String(days))} * 86400)))`;

const tsq = (text: string | null) => sql`to_tsquery('english', ${text ?? ''})`;

/** `branch` only when the query has something for it (a typo branch needs 4 letters). */
const when = (condition: unknown, branch: SQL) => (condition ? branch : sql`select null where false`);

/**
 * A CTE `name` of the rows `select` finds, planned for all of them and read only as far as its
 * reader's limit. With the limit inside, the planner takes a sequential scan that stops at the
 * limit whenever it thinks matches are common; for what it cannot estimate (a typed prefix, a
 * trigram match) it thinks so, and reads the whole table to find the one member named Whitfield.
 * Without it, it takes the index for what is rare, and still stops early for what is common.
 */
function firstMatches(name: string, select: SQL): SQL {
  return sql`${sql.raw(name)} as materialized (${select})`;
}

async function searchEvents(db: Db, q: ParsedQuery, page: Page): Promise<Candidate[]> {
  const nameText = sql`lower(e.name || ' ' || coalesce(e.summary, '') || ' ' || coalesce(e.location, ''))`;
  // Raw: the builder cannot write `as materialized` CTEs (firstMatches), which keep the planner on the indexes.
  const result = await db.execute<{
    id: string;
    name: string;
    summary: string | null;
    description: string | null;
    content: string | null;
    recap_description: string | null;
    location: string | null;
    start_time: Date | string;
    image_url: string | null;
  }>(sql`
    with ${firstMatches('strong_events', sql`select id from events e where e.search_vector @@ ${tsq(q.strongTsquery)}`)},
    ${firstMatches('similar_events', q.similarText ? sql`select id from events e where ${q.similarText} <% ${nameText}` : sql`select null::uuid as id where false`)},
    candidates as (
      (select id from strong_events limit ${page.candidates})
      union (select id from events e where e.search_vector @@ ${tsq(q.tsquery)}
        order by e.start_time desc limit ${page.candidates})
      union (select id from similar_events limit ${SIMILAR_CANDIDATES})
    )
    select e.id, e.name, e.summary, e.description, e.content, e.recap_description, e.location, e.start_time,
      e.image_url
    from candidates c join events e on e.id = c.id
    order by (ts_rank(${WEIGHTS}, e.search_vector, ${tsq(q.tsquery)})
        + 0.5 * ${similarity(q, nameText)})
      * case when e.end_time >= ${page.now}
          then 1 + 0.1 * exp(-greatest(0, extract(epoch from e.start_time - ${page.now})) / (60 * 86400))
          else ${fading(page.now, sql`e.end_time`, 180)} end desc,
      e.start_time desc, e.id
    limit ${page.take} offset ${page.offset}`);
  return result.rows.map((r) => ({
    kind: 'event',
    id: r.id,
    title: highlight(r.name, q.words),
    // Where the words are: the summary first, then the text; the place when only it matched.
    snippet: firstSnippet(
      [r.summary, r.description, r.content && htmlToText(r.content), r.recap_description, r.location],
      q.words,
    ),
    detail: r.location,
    date: new Date(r.start_time).toISOString(),
    imageUrl: r.image_url,
    username: null,
    forumId: null,
    postId: null,
    authorId: null,
  }));
}

async function searchMembers(db: Db, q: ParsedQuery, page: Page): Promise<Candidate[]> {
  const query = tsq(q.tsquery);
  const similarity = q.similarText
    ? sql`greatest(word_similarity(${q.similarText}, lower(coalesce(p.full_name, ''))),
        word_similarity(${q.similarText}, lower(p.username)))`
    : sql`0`;
  // Raw: `as materialized` CTEs (firstMatches) and a union of limited branches, which the builder cannot write.
  const result = await db.execute<{
    id: string;
    username: string;
    full_name: string | null;
    position: string | null;
    company: string | null;
    bio: string | null;
    avatar_url: string | null;
    items: { kind: 'offer' | 'ask'; text: string }[] | null;
    skills: string[] | null;
  }>(sql`
    with matched_skills as (
      select s.id, s.name from skills s where to_tsvector('english', s.name) @@ ${query}
    ),
    ${firstMatches('strong_profiles', sql`select id from profiles p where p.search_vector @@ ${tsq(q.strongTsquery)}`)},
    ${firstMatches('text_profiles', sql`select id from profiles p where p.search_vector @@ ${query}`)},
    ${firstMatches('offered', sql`select user_id as id from offers_and_asks o where o.search_vector @@ ${query}`)},
    ${firstMatches('similar_names', q.similarText ? sql`select id from profiles p where ${q.similarText} <% lower(coalesce(p.full_name, ''))` : sql`select null::text as id where false`)},
    ${firstMatches('similar_usernames', q.similarText ? sql`select id from profiles p where ${q.similarText} <% lower(p.username)` : sql`select null::text as id where false`)},
    candidates as (
      (select id from strong_profiles limit ${page.candidates})
      union (select id from text_profiles limit ${page.candidates})
      union (select id from offered limit ${page.candidates})
      union (select us.user_id from user_skills us join matched_skills ms on ms.id = us.skill_id limit ${page.candidates})
      union (select id from similar_names limit ${SIMILAR_CANDIDATES})
      union (select id from similar_usernames limit ${SIMILAR_CANDIDATES})
    ),
    ranked as (
      select p.*, 
        (select jsonb_agg(jsonb_build_object('kind', o.kind, 'text', o.text) order by o.kind desc, o.position)
          from offers_and_asks o where o.user_id = p.id and o.search_vector @@ ${query}) as items,
        (select array_agg(ms.name order by ms.name) from user_skills us join matched_skills ms on ms.id = us.skill_id
          where us.user_id = p.id) as skills,
        ts_rank(${WEIGHTS}, p.search_vector, ${query}) + 0.5 * ${similarity} as score
      from candidates c join profiles p on p.id = c.id
    )
    select id, username, full_name, position, company, bio, avatar_url, items, skills
    from ranked
    order by score + 0.4 * least(coalesce(jsonb_array_length(items), 0), 2) / 2.0
      + 0.3 * least(coalesce(array_length(skills, 1), 0), 1) desc, username, id
    limit ${page.take} offset ${page.offset}`);
  return result.rows.map((r) => {
    const role = [r.position, r.company].filter(Boolean).join(' at ');
    // What matched, in the order a person would want to read it.
    const sources = [
      ...(r.items ?? []).map((i) => `${i.kind === 'offer' ? 'Offering' : 'Looking for'}: ${i.text}`),
      ...(r.skills?.length ? [`Skills: ${r.skills.join(', ')}`] : []),
      role,
      r.bio ?? '',
    ];
    const snippet = firstSnippet(sources, q.words);
    return {
      kind: 'member',
      id: r.id,
      title: highlight(r.full_name || r.username, q.words),
      snippet,
      // Said once: not as the detail too when the snippet is the role.
      detail: role && snippet?.text !== role ? role : null,
      date: null,
      imageUrl: r.avatar_url,
      username: r.username,
      forumId: null,
      postId: null,
      authorId: r.id,
    };
  });
}

async function searchPodcasts(db: Db, q: ParsedQuery, page: Page): Promise<Candidate[]> {
  // A few hundred episodes at most: the similarity branch scans them.
  const query = tsq(q.tsquery);
  const titleAndGuests = sql`lower(${podcasts.title} || ' ' || pm_words(${podcasts.guests}))`;
  const rows = await db
    .select({
      id: podcasts.id,
      title: podcasts.title,
      description: podcasts.description,
      showNotes: podcasts.showNotes,
      guests: podcasts.guests,
      publishedAt: podcasts.publishedAt,
      thumbnailUrl: podcasts.thumbnailUrl,
    })
    .from(podcasts)
    .where(
      sql`${podcasts.searchVector} @@ ${query} ${q.similarText ? sql`or ${q.similarText} <% ${titleAndGuests}` : sql``}`,
    )
    .orderBy(
      sql`(ts_rank(${WEIGHTS}, ${podcasts.searchVector}, ${query}) + 0.5 * ${similarity(q, titleAndGuests)})
        * ${fading(page.now, sql`${podcasts.publishedAt}`, 365)} desc`,
      desc(podcasts.publishedAt),
      podcasts.id,
    )
    .limit(page.take)
    .offset(page.offset);
  return rows.map((r) => {
    const guests = r.guests.join(', ');
    const guestSnippet = snippetOf(guests && `With ${guests}`, q.words);
    return {
      kind: 'podcast',
      id: r.id,
      title: highlight(r.title, q.words),
      snippet: guestSnippet ?? snippetOf([r.description, r.showNotes].filter(Boolean).join(' · '), q.words),
      // The guests are named once: in the snippet when a guest matched, else in the detail.
      detail: guests && !guestSnippet ? guests : null,
      date: r.publishedAt.toISOString(),
      imageUrl: r.thumbnailUrl,
      username: null,
      forumId: null,
      postId: null,
      authorId: null,
    };
  });
}

/** How many of a table's newest rows are read for the newest matches of a query... */
const RECENT_WINDOW = 2000;
/** ...and fewer matches there than this make the query rare: then all its matches are read. */
const RARE_IN_WINDOW = 50;

/**
 * CTEs `name` (ids) for the newest rows of `table` (as `fp`, with `created_at`) that `match`, at a
 * bounded cost either way. A common word's newest matches are among the newest rows: walk the date
 * index over RECENT_WINDOW rows. A rare word has few matches anywhere: take them all through the
 * GIN index. (Left to the planner, `order by created_at desc limit n` walks the date index for a
 * word it cannot estimate, a typed prefix or a name, and reads a million replies to find none.)
 */
function newestMatching(name: string, table: string, match: SQL, candidates: number, rareToo = true): SQL {
  const recent = sql.raw(`${name}_recent`);
  return sql`${recent} as materialized (
      select fp.id from (select fp.id, fp.search_vector from ${sql.raw(table)} fp
        order by fp.created_at desc limit ${RECENT_WINDOW}) fp
      where ${match} limit ${candidates}
    ),
    ${sql.raw(name)} as (
      -- The outer limit only tells the planner how few these are (it cannot tell from the inner one).
      select id from (
        select id from ${recent}
        -- Ordered by an expression, so that only the GIN index can serve it; and limited to no rows
        -- unless rare (a limit of 0 reads nothing, where a false filter still starts parallel workers).
        union (select fp.id from ${sql.raw(table)} fp where ${match}
          order by fp.created_at + interval '0 seconds' desc
          limit case when ${rareToo} and (select count(*) from ${recent}) < ${RARE_IN_WINDOW} then ${candidates} else 0 end)
      ) u limit ${2 * candidates}
    )`;
}

async function searchForums(db: Db, q: ParsedQuery, page: Page, forumId?: string): Promise<Candidate[]> {
  const query = tsq(q.tsquery);
  const inForum = (alias: string) => (forumId ? sql`and ${sql.raw(alias)}.forum_id = ${forumId}` : sql``);
  // Raw: materialized CTEs over the newest rows (newestMatching), which the builder cannot write.
  const result = await db.execute<{
    kind: 'post' | 'reply';
    id: string;
    post_id: string;
    forum_id: string;
    forum_name: string;
    title: string;
    body: string;
    created_at: Date | string;
    author_id: string | null;
    username: string | null;
  }>(sql`
    with ${
      forumId
        ? sql`post_candidates as (
      (select id from forum_posts fp where fp.search_vector @@ ${tsq(q.strongTsquery)} ${inForum('fp')}
        order by fp.created_at desc limit ${page.candidates})
      union (select id from forum_posts fp where fp.search_vector @@ ${query} ${inForum('fp')}
        order by fp.created_at desc limit ${page.candidates})
      union (${when(q.similarText, sql`select id from forum_posts fp where ${q.similarText} <% lower(fp.title) ${inForum('fp')} limit ${SIMILAR_CANDIDATES}`)})
    ),
    reply_candidates as (
      select fr.id from forum_replies fr
      join forum_posts fp on fp.id = fr.post_id and fp.forum_id = ${forumId}
      where fr.search_vector @@ ${query}
      order by fr.created_at desc limit ${page.candidates}
    ),`
        : // A title word found only in old posts among a common body word's: the trigram branch
          // finds it (the GIN index has no weights, so looking through all the word's posts costs).
          sql`${newestMatching('strong_posts', 'forum_posts', sql`fp.search_vector @@ ${tsq(q.strongTsquery)}`, page.candidates, false)},
    ${newestMatching('any_posts', 'forum_posts', sql`fp.search_vector @@ ${query}`, page.candidates)},
    ${firstMatches('similar_posts', q.similarText ? sql`select id from forum_posts fp where ${q.similarText} <% lower(fp.title)` : sql`select null::uuid as id where false`)},
    post_candidates as (
      select id from strong_posts union select id from any_posts
      union (select id from similar_posts limit ${SIMILAR_CANDIDATES})
    ),
    ${newestMatching('reply_candidates', 'forum_replies', sql`fp.search_vector @@ ${query}`, page.candidates)},`
    }
    hits as (
      select 'post' as kind, fp.id, fp.id as post_id, fp.forum_id, fp.title, fp.content as body, fp.created_at,
        fp.author_id,
        (ts_rank(${WEIGHTS}, fp.search_vector, ${query})
          + 0.5 * ${similarity(q, sql`lower(fp.title)`)}) as score
      from post_candidates c join forum_posts fp on fp.id = c.id
      union all
      select 'reply', fr.id, fr.post_id, fp.forum_id, fp.title, fr.content, fr.created_at, fr.author_id,
        ts_rank(${WEIGHTS}, fr.search_vector, ${query})
      from reply_candidates c join forum_replies fr on fr.id = c.id join forum_posts fp on fp.id = fr.post_id
    )
    select h.kind, h.id, h.post_id, h.forum_id, f.name as forum_name, h.title, h.body, h.created_at, h.author_id,
      pr.username
    from hits h join forums f on f.id = h.forum_id left join profiles pr on pr.id = h.author_id
    order by h.score * ${fading(page.now, sql`h.created_at`, 90)} desc,
      h.created_at desc, h.id
    limit ${page.take} offset ${page.offset}`);
  return result.rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    title: highlight(r.title, q.words),
    snippet: snippetOf(htmlToText(r.body), q.words),
    detail: r.forum_name,
    date: new Date(r.created_at).toISOString(),
    imageUrl: null,
    username: r.username,
    forumId: r.forum_id,
    postId: r.post_id,
    authorId: r.author_id,
  }));
}
