import { sql, type SQL } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's full-text document type: what one search (features/search) matches and ranks. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

type Part = string | SQL;

/** A weighted English document, for a generated column: the weights say what counts most
 * (A: a title or a name, B: what sums it up, C: the body, D: a transcript). A part is a text
 * column's name or an expression; HTML tags in a part are skipped by the parser, so sanitised
 * HTML is indexed as its words. Every function here is immutable, as a generated column needs. */
export function weightedDocument(parts: Partial<Record<'A' | 'B' | 'C' | 'D', Part[]>>): SQL {
  const text = (part: Part) => sql`coalesce(${typeof part === 'string' ? sql.identifier(part) : part}, '')`;
  const pieces = Object.entries(parts).map(([weight, list]) => {
    const joined = sql.join(list.map(text), sql` || ' ' || `);
    return sql`setweight(to_tsvector('english'::regconfig, ${joined}), ${sql.raw(`'${weight}'`)})`;
  });
  return sql.join(pieces, sql` || `);
}
