import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  forumPosts,
  forumReplies,
  forums,
  memberBlocks,
  offersAndAsks,
  podcasts,
  profiles,
  skills,
  user,
  userSkills,
} from '../../db/schema';
import { manualClock } from '../../platform/clock';
import { createTestContext, Client, type TestContext } from '../../test/harness';
import { adminClient, createEvent, createMembers, signIn } from '../../test/factories';
import type { SearchHit, SearchResponse } from '../../../shared/search';

// One search on a fixed data set: what each group finds and in which order (typos, prefixes,
// phrases, stems, weights, freshness), and what nobody may find.

const NOW = new Date('2026-11-20T15:00:00Z');
const DAY = 86_400_000;
const clock = manualClock(NOW);

let ctx: TestContext;
const db = () => ctx.database.db;
type Member = Awaited<ReturnType<typeof createMembers>>[number];
let people: Record<'jordan' | 'jordana' | 'casey' | 'blocker' | 'viewer' | 'gone', Member>;
let visitor: Client;
let viewer: Client;
let ids: Record<string, string> & { forum: string; other: string };

async function search(client: Client, query: Record<string, string>) {
  const res = await client.get(`/api/search?${new URLSearchParams(query).toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResponse;
}
const group = (answer: SearchResponse, type: string) => answer.groups.find((g) => g.type === type)?.hits ?? [];
const titles = (hits: SearchHit[]) => hits.map((h) => h.title.text);
const marked = (h: { text: string; marks: [number, number][] } | null) =>
  (h?.marks ?? []).map(([s, e]) => h!.text.slice(s, e).toLowerCase());

beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  const made = await createMembers(db(), 6, 'srch');
  const [jordan, jordana, casey, blocker, viewerMember, gone] = made as [
    Member,
    Member,
    Member,
    Member,
    Member,
    Member,
  ];
  people = { jordan, jordana, casey, blocker, viewer: viewerMember, gone };
  const profile = async (m: Member, values: Partial<typeof profiles.$inferInsert>) => {
    await db().update(profiles).set(values).where(eq(profiles.id, m.id));
  };
  await profile(jordan, { fullName: 'Jordan Lee', position: 'Commercial lender', company: 'Queen City Bank' });
  await profile(jordana, {
    fullName: 'Jordana Price',
    position: 'Realtor',
    bio: 'I sell bungalows in Plaza Midwood.',
  });
  await profile(casey, { fullName: 'Casey Morgan', position: 'General contractor', bio: 'Kitchens and rooftops.' });
  await profile(blocker, { fullName: 'Jordan Blake', position: 'Mortgage broker' });
  await profile(gone, { fullName: 'Gone Member' });
  await db()
    .insert(offersAndAsks)
    .values([
      { userId: jordan.id, kind: 'offer', text: 'SBA loans for first-time builders', position: 0 },
      { userId: casey.id, kind: 'ask', text: 'a lender who knows construction loans', position: 0 },
    ]);
  await db().insert(skills).values({ name: 'Underwriting' }).onConflictDoNothing();
  const [underwriting] = await db().select({ id: skills.id }).from(skills).where(eq(skills.name, 'Underwriting'));
  await db().insert(userSkills).values({ userId: jordana.id, skillId: underwriting!.id });
  await db().insert(memberBlocks).values({ blockerId: blocker.id, blockedId: viewerMember.id });

  const upcoming = await createEvent(db(), {
    name: 'Rooftop Mixer',
    summary: 'Drinks above South End',
    location: 'The Vue Rooftop, South End',
    status: 'upcoming',
    startTime: new Date(NOW.getTime() + 10 * DAY),
    endTime: new Date(NOW.getTime() + 10 * DAY + 3 * 3_600_000),
  });
  const old = await createEvent(db(), {
    name: 'Rooftop Mixer',
    summary: 'Drinks above South End',
    location: 'The Vue Rooftop, South End',
    status: 'completed',
    startTime: new Date(NOW.getTime() - 700 * DAY),
    endTime: new Date(NOW.getTime() - 700 * DAY + 3 * 3_600_000),
  });
  const lunch = await createEvent(db(), {
    name: 'Lending Lunch',
    summary: 'Bankers and builders over lunch',
    description: 'A panel on SBA loans and what lenders ask of a first project. We end on the rooftop terrace.',
    content: '<p>Parking is free in the <strong>Camp North End</strong> deck.</p>',
    location: 'Uptown',
    status: 'completed',
    startTime: new Date(NOW.getTime() - 20 * DAY),
    endTime: new Date(NOW.getTime() - 20 * DAY + 2 * 3_600_000),
  });
  const [podcast] = await db()
    .insert(podcasts)
    .values({
      title: 'Financing your first flip',
      description: 'How builders use SBA loans, with a lender who has seen hundreds.',
      guests: ['Jordan Lee'],
      publishedAt: new Date(NOW.getTime() - 60 * DAY),
    })
    .returning({ id: podcasts.id });
  const [forum] = await db().insert(forums).values({ name: 'Lending and finance' }).returning({ id: forums.id });
  const [other] = await db().insert(forums).values({ name: 'Off topic' }).returning({ id: forums.id });
  const daysBefore = (days: number) => new Date(NOW.getTime() - days * DAY);
  const post = async (forumId: string, author: Member | null, title: string, content: string, daysAgo: number) =>
    (
      await db()
        .insert(forumPosts)
        .values({ forumId, authorId: author?.id ?? null, title, content, createdAt: daysBefore(daysAgo) })
        .returning({ id: forumPosts.id })
    )[0]!.id;
  const replyTo = async (postId: string, author: Member | null, content: string, daysAgo: number) =>
    (
      await db()
        .insert(forumReplies)
        .values({ postId, authorId: author?.id ?? null, content, createdAt: daysBefore(daysAgo) })
        .returning({ id: forumReplies.id })
    )[0]!.id;
  const sbaPost = await post(
    forum!.id,
    casey,
    'Anyone used SBA loans for a renovation?',
    '<p>Looking at a duplex off Central Avenue.</p>',
    3,
  );
  const blockedReply = await replyTo(
    sbaPost,
    blocker,
    '<p>We closed two <strong>SBA loans</strong> in the spring.</p>',
    2,
  );
  const plainReply = await replyTo(sbaPost, jordana, '<p>The loans came from the SBA, not the bank.</p>', 1);
  const orphanPost = await post(other!.id, null, 'Rooftop mixer photos', '<p>Who has the rooftop pictures?</p>', 5);
  const doomedPost = await post(other!.id, casey, 'Renovation budget spreadsheet', '<p>Sharing mine.</p>', 4);
  ids = {
    upcoming: upcoming.id,
    old: old.id,
    lunch: lunch.id,
    podcast: podcast!.id,
    forum: forum!.id,
    other: other!.id,
    sbaPost,
    blockedReply,
    plainReply,
    orphanPost,
    doomedPost,
  };
  visitor = new Client(ctx.app);
  viewer = await signIn(ctx.app, viewerMember);
});
afterAll(async () => ctx?.close());

describe('one search', () => {
  it('answers in groups, in order; visitors get no forums group, members do', async () => {
    const asVisitor = await search(visitor, { q: 'sba loans' });
    expect(asVisitor.query).toBe('sba loans');
    expect(asVisitor.groups.map((g) => g.type)).toEqual(['events', 'members', 'podcasts']);
    const asMember = await search(viewer, { q: 'sba loans' });
    expect(asMember.groups.map((g) => g.type)).toEqual(['events', 'members', 'podcasts', 'forums']);
    expect(group(asMember, 'events').map((h) => h.id)).toEqual([ids.lunch]);
    expect(group(asMember, 'members').map((h) => h.username)).toEqual([people.jordan.username]);
    expect(group(asMember, 'podcasts').map((h) => h.id)).toEqual([ids.podcast]);
    const res = await visitor.get('/api/search?q=sba&type=forums');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Sign in to search the forums.');
  });

  it('finds partial names and typos by trigram, and ranks the closer name first', async () => {
    const typo = group(await search(visitor, { q: 'jordn' }), 'members');
    expect(typo[0]?.title.text).toBe('Jordan Lee');
    expect(titles(typo)).not.toContain('Casey Morgan');
    const partial = await search(visitor, { q: 'south end' });
    expect(group(partial, 'events').map((h) => h.id)).toContain(ids.upcoming);
  });

  it('treats the last word as a prefix while it is typed, and word* anywhere', async () => {
    const typing = group(await search(visitor, { q: 'jord' }), 'members');
    expect(titles(typing)).toEqual(expect.arrayContaining(['Jordan Lee', 'Jordana Price', 'Jordan Blake']));
    // A short word is a prefix only while it is typed (trigrams need four letters to mean a typo).
    const typed = group(await search(viewer, { q: 'ban' }), 'forums');
    expect(typed.map((h) => h.id)).toContain(ids.plainReply);
    expect(group(await search(viewer, { q: 'ban ' }), 'forums')).toEqual([]);
    const starred = group(await search(visitor, { q: 'rooft* mixer' }), 'events');
    expect(starred.map((h) => h.id)).toEqual(expect.arrayContaining([ids.upcoming, ids.old]));
  });

  it('matches a quoted phrase only with its words together, in order', async () => {
    const phrase = group(await search(viewer, { q: '"sba loans"' }), 'forums');
    expect(phrase.map((h) => h.id)).toContain(ids.sbaPost);
    expect(phrase.map((h) => h.id)).not.toContain(ids.plainReply);
    const words = group(await search(viewer, { q: 'sba loans' }), 'forums');
    expect(words.map((h) => h.id)).toContain(ids.plainReply);
  });

  it('stems English words: a plural finds the singular and highlights it', async () => {
    const hits = group(await search(viewer, { q: 'renovations ' }), 'forums');
    expect(hits.map((h) => h.id)).toEqual(expect.arrayContaining([ids.sbaPost, ids.doomedPost]));
    const post = hits.find((h) => h.id === ids.sbaPost)!;
    expect(marked(post.title)).toEqual(['renovation']);
    const loan = group(await search(visitor, { q: 'loan ' }), 'members')[0]!;
    expect(loan.username).toBe(people.jordan.username);
    expect(loan.snippet?.text).toBe('Offering: SBA loans for first-time builders');
    expect(marked(loan.snippet)).toEqual(['loans']);
  });

  it('ranks a name above a body, and upcoming above long past', async () => {
    const events = group(await search(visitor, { q: 'rooftop ' }), 'events');
    expect(events.map((h) => h.id)).toEqual([ids.upcoming, ids.old, ids.lunch]);
    expect(events[2]!.snippet?.text).toContain('rooftop terrace');
  });

  it('shows where the words are: an event’s page text, else its place; a member’s role once', async () => {
    const [lunch] = group(await search(visitor, { q: 'camp north' }), 'events');
    expect(lunch?.snippet?.text).toBe('Parking is free in the Camp North End deck.');
    expect(marked(lunch!.snippet)).toEqual(['camp', 'north']);
    const [rooftop] = group(await search(visitor, { q: 'vue ' }), 'events');
    expect(rooftop?.snippet?.text).toBe('The Vue Rooftop, South End');
    const [lender] = group(await search(visitor, { q: 'queen city bank' }), 'members');
    expect(lender).toMatchObject({ snippet: { text: 'Commercial lender at Queen City Bank' }, detail: null });
    const [byName] = group(await search(visitor, { q: 'jordan lee' }), 'members');
    expect(byName).toMatchObject({ snippet: null, detail: 'Commercial lender at Queen City Bank' });
  });

  it('keeps an event page’s blocks apart, in the index and in the snippet', async () => {
    const content =
      '<p>Hosted by Rashad Owens.</p><h3>What to expect</h3>' +
      '<ul><li>12:00 PM: Zanzibar introductions</li><li>12:20 PM: Panel</li></ul>';
    const event = await createEvent(db(), {
      name: 'Founders Table',
      summary: null,
      category: 'Lunch',
      location: 'Optimist Hall',
      content,
      status: 'upcoming',
      startTime: new Date(NOW.getTime() + 30 * DAY),
      endTime: new Date(NOW.getTime() + 30 * DAY + 3_600_000),
    });
    // The index reads the stored HTML: a tag parts words as a space would ('owens.what' or
    // 'expect12' would be one word, found by neither).
    const [row] = (
      await db().execute<{ words: string[] }>(
        sql`select tsvector_to_array(search_vector) as words from events where id = ${event.id}`,
      )
    ).rows;
    expect(row!.words).toEqual(expect.arrayContaining(['owen', 'expect', '12', 'introduct', 'panel']));
    expect(row!.words.filter((w) => /[^a-z0-9]|[a-z]\d|\d[a-z]/.test(w))).toEqual([]);
    for (const q of ['owens', 'expect', 'zanzibar']) {
      expect(
        group(await search(visitor, { q, type: 'events' }), 'events').map((h) => h.id),
        q,
      ).toEqual([event.id]);
    }
    const [hit] = group(await search(visitor, { q: 'zanzibar', type: 'events' }), 'events');
    expect(hit!.snippet?.text).toBe(
      'Hosted by Rashad Owens. What to expect 12:00 PM: Zanzibar introductions 12:20 PM: Panel',
    );
    expect(marked(hit!.snippet)).toEqual(['zanzibar']);
  });

  it('keeps a forum post’s paragraphs and list items apart in its snippet', async () => {
    const [post] = await db()
      .insert(forumPosts)
      .values({
        forumId: ids.forum,
        authorId: people.casey.id,
        title: 'Closing checklist',
        content: '<p>Bring your cards.</p><ul><li>Title search</li><li>Quokka survey</li></ul><p>Done<br>then</p>',
        createdAt: new Date(NOW.getTime() - DAY),
      })
      .returning({ id: forumPosts.id });
    const [hit] = group(await search(viewer, { q: 'quokka', type: 'forums' }), 'forums');
    expect(hit).toMatchObject({
      id: post!.id,
      snippet: { text: 'Bring your cards. Title search Quokka survey Done then' },
    });
  });

  it('names a podcast’s guests once: in the snippet when a guest matched, else as the detail', async () => {
    const [byGuest] = group(await search(visitor, { q: 'jordan lee', type: 'podcasts' }), 'podcasts');
    expect(byGuest).toMatchObject({ id: ids.podcast, snippet: { text: 'With Jordan Lee' }, detail: null });
    expect(marked(byGuest!.snippet)).toEqual(['jordan', 'lee']);
    const [byTitle] = group(await search(visitor, { q: 'flip', type: 'podcasts' }), 'podcasts');
    expect(byTitle).toMatchObject({ id: ids.podcast, snippet: null, detail: 'Jordan Lee' });
  });

  it('finds members by skill and by what they look for', async () => {
    const skill = group(await search(visitor, { q: 'underwriting ' }), 'members');
    expect(skill.map((h) => h.username)).toEqual([people.jordana.username]);
    expect(skill[0]!.snippet?.text).toBe('Skills: Underwriting');
    const ask = group(await search(visitor, { q: 'construction ' }), 'members');
    expect(ask[0]!.snippet?.text).toBe('Looking for: a lender who knows construction loans');
  });

  it('never finds a member who blocked the viewer, nor what they wrote; others still do', async () => {
    const forViewer = await search(viewer, { q: 'jordan sba' });
    expect(JSON.stringify(forViewer)).not.toContain(people.blocker.username);
    const replies = group(await search(viewer, { q: 'sba loans' }), 'forums').map((h) => h.id);
    expect(replies).not.toContain(ids.blockedReply);
    const other = await signIn(ctx.app, people.casey);
    expect(group(await search(other, { q: 'sba loans' }), 'forums').map((h) => h.id)).toContain(ids.blockedReply);
    expect(titles(group(await search(visitor, { q: 'jordan blake' }), 'members'))).toContain('Jordan Blake');
  });

  it('never finds deleted content or a removed account, and never matches or shows e-mail addresses', async () => {
    const { client: admin } = await adminClient(ctx.app);
    expect(group(await search(viewer, { q: 'spreadsheet' }), 'forums').map((h) => h.id)).toEqual([ids.doomedPost]);
    const removed = await admin.request('DELETE', `/api/forums/${ids.other}/posts/${ids.doomedPost}`);
    expect(removed.statusCode).toBe(200);
    expect(group(await search(viewer, { q: 'spreadsheet' }), 'forums')).toEqual([]);

    // Removed by moderation: reported, then removed by an admin.
    expect(group(await search(viewer, { q: 'bank ' }), 'forums').map((h) => h.id)).toEqual([ids.plainReply]);
    const report = await viewer.post('/api/reports', {
      targetType: 'reply',
      targetId: ids.plainReply,
      reason: 'Off-topic advertising for a bank.',
    });
    expect(report.statusCode).toBe(201);
    const resolved = await admin.post(`/api/admin/reports/${report.json().id}/resolve`, { action: 'remove' });
    expect(resolved.statusCode).toBe(200);
    expect(group(await search(viewer, { q: 'bank ' }), 'forums')).toEqual([]);

    expect(titles(group(await search(visitor, { q: 'gone member' }), 'members'))).toContain('Gone Member');
    await db().delete(user).where(eq(user.id, people.gone.id));
    expect(titles(group(await search(visitor, { q: 'gone member' }), 'members'))).not.toContain('Gone Member');

    await db().update(user).set({ email: 'quiet.inbox@example.com' }).where(eq(user.id, people.jordan.id));
    const byEmail = await search(viewer, { q: 'quiet.inbox@example.com' });
    expect(byEmail.groups.flatMap((g) => g.hits)).toEqual([]);
    const anyone = await search(viewer, { q: 'jordan' });
    expect(group(anyone, 'members').length).toBeGreaterThan(0);
    expect(JSON.stringify(anyone.groups)).not.toMatch(/@example\.com/);
  });

  it('keeps a departed author’s post findable, without a name', async () => {
    const hits = group(await search(viewer, { q: 'rooftop pictures' }), 'forums');
    expect(hits[0]).toMatchObject({ id: ids.orphanPost, kind: 'post', username: null, detail: 'Off topic' });
  });

  it('searches one forum alone', async () => {
    const inForum = await search(viewer, { q: 'rooftop', forum: ids.forum });
    expect(inForum.groups.map((g) => g.type)).toEqual(['forums']);
    expect(group(inForum, 'forums')).toEqual([]);
    const elsewhere = await search(viewer, { q: 'rooftop', forum: ids.other });
    expect(group(elsewhere, 'forums').map((h) => h.id)).toEqual([ids.orphanPost]);
    const missing = await viewer.get('/api/search?q=rooftop&forum=00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Forum not found');
    expect((await visitor.get(`/api/search?q=rooftop&forum=${ids.other}`)).statusCode).toBe(401);
  });

  it('pages one group with an offset', async () => {
    const first = await search(visitor, { q: 'rooftop', type: 'events', limit: '2' });
    expect(first.groups).toHaveLength(1);
    expect(first.groups[0]).toMatchObject({ type: 'events', more: true });
    const second = await search(visitor, { q: 'rooftop', type: 'events', limit: '2', offset: '2' });
    expect(second.groups[0]!.hits.map((h) => h.id)).toEqual([ids.lunch]);
    expect(second.groups[0]!.more).toBe(false);
  });

  it('refuses what is not a search with a 422, and takes query syntax as plain words', async () => {
    for (const q of ['', '   ', 'x'.repeat(101), 'a%00b', '%ED%A0%80', 'caf%C3']) {
      const res = await visitor.get(`/api/search?q=${q}`);
      expect(res.statusCode, q).toBe(422);
    }
    expect((await visitor.get('/api/search')).statusCode).toBe(422);
    expect((await visitor.get('/api/search?q=a&type=people')).statusCode).toBe(422);
    expect((await viewer.get('/api/search?q=a&forum=nope')).statusCode).toBe(422);
    // Operators and quotes are no query syntax: alone they find nothing, and a stray quote after a
    // word changes nothing.
    for (const q of ['!!!', "a & b | !c :* (d) <-> 'e'", '""', '"']) {
      const answer = await search(visitor, { q });
      expect(
        answer.groups.map((g) => [g.type, g.hits]),
        q,
      ).toEqual([
        ['events', []],
        ['members', []],
        ['podcasts', []],
      ]);
    }
    const quoted = titles(group(await search(visitor, { q: 'jordan"' }), 'members'));
    expect(quoted).toContain('Jordan Lee');
    expect(quoted).toEqual(titles(group(await search(visitor, { q: 'jordan' }), 'members')));
  });

  it('ranks by the app’s clock: of two upcoming events the sooner comes first', async () => {
    const mixers = async (q: string) =>
      group(await search(visitor, { q, type: 'events' }), 'events')
        .map((h) => h.id)
        .filter((id) => id !== ids.lunch);
    expect(await mixers('mixer')).toEqual([ids.upcoming, ids.old]);
    clock.set(new Date(NOW.getTime() - 705 * DAY));
    try {
      expect(await mixers('mixers')).toEqual([ids.old, ids.upcoming]);
    } finally {
      clock.set(NOW);
    }
  });
});
