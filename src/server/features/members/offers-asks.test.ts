import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Client, createTestContext, type TestContext } from '../../test/harness';
import { createEvent, createMembers, signIn } from '../../test/factories';
import { saveOffersAsks } from './offers-asks';

// The directory's search and its "Offering" and "Looking for" filters.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
const db = () => ctx.database.db;
const visitor = () => new Client(ctx.app);

type Card = { id: string; username: string; offers: string[]; asks: string[] };
const ids = (body: { members: Card[] }) => body.members.map((m) => m.id);
const directory = async (query: string) => {
  const res = await visitor().get(`/api/members?${query}`);
  expect(res.statusCode, query).toBe(200);
  return res.json() as { members: Card[]; total: number; page: number; pageSize: number };
};

describe('GET /api/members: offers and asks', () => {
  type Member = { id: string; email: string; username: string };
  let lender: Member;
  let builder: Member;
  let baker: Member;
  let tag: string;

  beforeAll(async () => {
    tag = `oa${Date.now().toString(36)}`;
    [lender, builder, baker] = (await createMembers(db(), 3, tag)) as [Member, Member, Member];
    await saveOffersAsks(db(), lender.id, {
      offers: ['Commercial lending', 'SBA loans'],
      asks: ['a realtor for our new branch'],
    });
    await saveOffersAsks(db(), builder.id, {
      offers: ['General contracting', 'Restaurant build-outs'],
      asks: ['architects for restaurant build-outs', 'a lender for construction loans'],
    });
    await saveOffersAsks(db(), baker.id, {
      offers: ['Wedding cakes', 'Catering for office events'],
      asks: ['an accountant', 'a GC for our second location'],
    });
  });

  it('cards carry offers and asks in the member’s order', async () => {
    const body = await directory(`q=${tag}`);
    expect(body.total).toBe(3);
    const card = body.members.find((m) => m.id === lender.id)!;
    expect(card.offers).toEqual(['Commercial lending', 'SBA loans']);
    expect(card.asks).toEqual(['a realtor for our new branch']);
  });

  it('the search finds members by the words of their offers and asks', async () => {
    expect(ids(await directory('q=wedding%20CAKES'))).toEqual([baker.id]);
    // In an offer and an ask: listed once.
    expect(ids(await directory('q=restaurant%20build'))).toEqual([builder.id]);
    const both = await directory(`q=${tag}`);
    expect(both.total).toBe(3);
  });

  it('"Offering" matches near words and trade synonyms: lender finds lending, GC finds general contracting', async () => {
    const lenders = await directory('offers=lender');
    expect(ids(lenders)).toEqual([lender.id]);
    expect(lenders.total).toBe(1);
    expect(ids(await directory('offers=a%20loan'))).toEqual([lender.id]);
    expect(ids(await directory('offers=GC'))).toEqual([builder.id]);
    expect(ids(await directory('offers=general%20contractor'))).toEqual([builder.id]);
    expect(ids(await directory('offers=cake'))).toEqual([baker.id]);
  });

  it('"Looking for" matches asks only, and every typed word must be in one item', async () => {
    // The builder offers general contracting; only the baker looks for a GC.
    expect(ids(await directory('asks=general%20contractor'))).toEqual([baker.id]);
    expect(ids(await directory('asks=accountants'))).toEqual([baker.id]);
    expect(ids(await directory('asks=restaurant%20architect'))).toEqual([builder.id]);
    expect((await directory('asks=restaurant%20accountant')).total).toBe(0);
    // Both filters together, and with the search.
    expect(ids(await directory('offers=lending&asks=realtor'))).toEqual([lender.id]);
    expect((await directory('offers=lending&asks=accountant')).total).toBe(0);
    expect(ids(await directory(`q=${tag}&asks=lender`))).toEqual([builder.id]);
  });

  it('combines with the event filter', async () => {
    const event = await createEvent(db());
    for (const m of [builder, baker]) {
      await db().execute(
        sql`insert into event_attendees (event_id, user_id, status) values (${event.id}, ${m.id}, 'attending')`,
      );
    }
    expect(ids(await directory(`event=${event.id}&asks=GC`))).toEqual([baker.id]);
    expect((await directory(`event=${event.id}&offers=lending`)).total).toBe(0);
  });

  it('ignores empty filters, finds nobody for words without meaning, refuses over-long ones', async () => {
    expect((await directory(`q=${tag}&offers=&asks=%20`)).total).toBe(3);
    expect((await directory('offers=the')).total).toBe(0);
    const long = await visitor().get(`/api/members?offers=${'x'.repeat(81)}`);
    expect(long.statusCode).toBe(422);
    const longAsk = await visitor().get(`/api/members?asks=${'x'.repeat(81)}`);
    expect(longAsk.statusCode).toBe(422);
    // Quotes and braces are words, not array syntax.
    expect((await directory(`offers=${encodeURIComponent('"}{,\\')}`)).total).toBe(0);
    expect(ids(await directory(`asks=${encodeURIComponent('"lender"')}`))).toEqual([builder.id]);
  });

  it('pages and counts a filtered set', async () => {
    const many = await createMembers(db(), 14, `${tag}p`);
    for (const m of many) await saveOffersAsks(db(), m.id, { offers: ['Bookkeeping'], asks: [] });
    const page1 = await directory('offers=accountant');
    expect(page1).toMatchObject({ total: 14, page: 1, pageSize: 12 });
    expect(page1.members).toHaveLength(12);
    const names = page1.members.map((m) => m.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    const page2 = await directory('offers=accountant&page=2');
    expect(page2).toMatchObject({ total: 14, page: 2 });
    expect(page2.members).toHaveLength(2);
    expect(new Set([...ids(page1), ...ids(page2)])).toEqual(new Set(many.map((m) => m.id)));
    expect(await directory('offers=accountant&page=9')).toMatchObject({ members: [], total: 14 });
  });

  it('shows a member’s saved change at once, cached or not', async () => {
    const client = await signIn(ctx.app, baker);
    expect((await directory('asks=accountant')).total).toBe(1);
    const saved = await client.request('PUT', '/api/me/offers-asks', {
      offers: ['Wedding cakes'],
      asks: ['a commercial lender'],
    });
    expect(saved.statusCode).toBe(200);
    expect((await directory('asks=accountant')).total).toBe(0);
    expect(ids(await directory('asks=lender'))).toEqual(expect.arrayContaining([baker.id, builder.id]));
    expect(ids(await directory('q=a%20commercial%20lender'))).toEqual([baker.id]);
  });
});
