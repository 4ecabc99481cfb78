import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { offersAndAsks } from '../../db/schema';
import type { OffersAsks, OffersAsksInput } from '../../../shared/people-to-meet';
import { FILLER_WORDS, TRADE_SYNONYMS } from './trade-synonyms';

// What a member offers and looks for (up to 3 each, in their words), and the terms matching
// compares: English stems from PostgreSQL's full-text parser after the community's synonyms
// have been folded into one token each and filler words dropped.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every synonym phrase, longest first, each with its group's token. */
const PHRASES = Object.entries(TRADE_SYNONYMS)
  .flatMap(([token, phrases]) => phrases.map((phrase) => ({ phrase, token })))
  .sort((a, b) => b.phrase.length - a.phrase.length);
const PHRASE_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(${PHRASES.map((p) => escape(p.phrase)).join('|')})(?![\\p{L}\\p{N}])`,
  'gu',
);
const TOKEN_OF = new Map(PHRASES.map((p) => [p.phrase, p.token]));

/** The text matching reads: lower case, synonyms folded, filler words gone. */
export function matchingText(text: string): string {
  const folded = text
    .toLowerCase()
    .replace(/[‐-―]/g, '-')
    .replace(PHRASE_PATTERN, (m) => ` ${TOKEN_OF.get(m)} `);
  return folded
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((word) => word && !FILLER_WORDS.has(word))
    .join(' ');
}

/** The stems of each text, as PostgreSQL's English configuration makes them (stop words gone). */
export async function termsOf(db: Db, texts: string[]): Promise<string[][]> {
  if (texts.length === 0) return [];
  const prepared = texts.map(matchingText);
  // Raw: PostgreSQL's own stemmer over a list of texts in one statement (a set-returning function).
  const rows = await db.execute<{ n: number; terms: string[] | string }>(sql`
    select t.n::int as n, coalesce(array(select distinct unnest(tsvector_to_array(to_tsvector('english', t.text)))), '{}') as terms
    from jsonb_array_elements_text(${JSON.stringify(prepared)}::jsonb) with ordinality as t(text, n)`);
  const out: string[][] = texts.map(() => []);
  for (const row of rows.rows) out[row.n - 1] = parseTextArray(row.terms);
  return out;
}

/** A text[] column: an array from pg, sometimes its literal from PGlite. */
function parseTextArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((v) => v.replace(/^"|"$/g, '')) : [];
}

/** The same words twice (ignoring case and spaces) count once; order is kept. */
function distinctItems(items: string[]): string[] {
  const seen = new Set<string>();
  return items
    .map((item) => item.replace(/\s+/g, ' ').trim())
    .filter((item) => {
      const key = item.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export async function getOffersAsks(db: Db, userId: string): Promise<OffersAsks> {
  const rows = await db
    .select({ kind: offersAndAsks.kind, text: offersAndAsks.text })
    .from(offersAndAsks)
    .where(eq(offersAndAsks.userId, userId))
    .orderBy(asc(offersAndAsks.kind), asc(offersAndAsks.position));
  return {
    offers: rows.filter((r) => r.kind === 'offer').map((r) => r.text),
    asks: rows.filter((r) => r.kind === 'ask').map((r) => r.text),
  };
}

/** Replaces the member's lists as a whole (the form saves both at once). */
export async function saveOffersAsks(db: Db, userId: string, input: OffersAsksInput): Promise<OffersAsks> {
  const offers = distinctItems(input.offers);
  const asks = distinctItems(input.asks);
  const items = [
    ...offers.map((text, position) => ({ kind: 'offer' as const, text, position })),
    ...asks.map((text, position) => ({ kind: 'ask' as const, text, position })),
  ];
  const terms = await termsOf(
    db,
    items.map((i) => i.text),
  );
  await db.transaction(async (tx) => {
    await tx.delete(offersAndAsks).where(eq(offersAndAsks.userId, userId));
    if (items.length === 0) return;
    await tx.insert(offersAndAsks).values(items.map((item, n) => ({ ...item, userId, terms: terms[n]! })));
  });
  return { offers, asks };
}

/** Makes every saved item's terms again (after TRADE_SYNONYMS or FILLER_WORDS changed); run by hand.
 * @public */
export async function refreshAllTerms(db: Db): Promise<number> {
  const rows = await db.select({ id: offersAndAsks.id, text: offersAndAsks.text }).from(offersAndAsks);
  const terms = await termsOf(
    db,
    rows.map((r) => r.text),
  );
  if (rows.length === 0) return 0;
  // Raw: every row's new terms in one statement, joined from a JSON recordset.
  await db.execute(sql`update offers_and_asks o set terms = array(select jsonb_array_elements_text(u.terms))
    from jsonb_to_recordset(${JSON.stringify(rows.map((r, n) => ({ id: r.id, terms: terms[n] })))}::jsonb)
      as u(id uuid, terms jsonb)
    where o.id = u.id`);
  return rows.length;
}
