import type { Highlighted } from '../../../shared/search';

const SNIPPET_LENGTH = 180;
const LEAD = 50;
const WORD = /[\p{L}\p{N}]+/gu;
const SUFFIXES = ['ing', 'ers', 'er', 'ed', 'es', 's', 'ly'];

/** A word's root as the highlighter compares it: close enough to PostgreSQL's English stems that
 * what matched is what is marked ("loans" marks "loan", "lending" marks "lender"). */
function rootOf(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return word.slice(0, -suffix.length);
  }
  return word;
}

/** The words of `text` that begin with a searched word's root, as [start, end) offsets. */
export function marksIn(text: string, words: string[]): [number, number][] {
  const roots = words.map(rootOf).filter((r) => r.length >= 2 || words.length === 1);
  if (!roots.length) return [];
  const marks: [number, number][] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    if (roots.some((root) => word.startsWith(root))) marks.push([match.index, match.index + match[0].length]);
  }
  return marks;
}

export function highlight(text: string, words: string[]): Highlighted {
  return { text, marks: marksIn(text, words) };
}

/**
 * The part of a body around its first matching word, about 180 characters cut at word
 * boundaries, with an ellipsis where it was cut; null when no word of the body matched (the
 * hit matched on its title, or on a typo only trigrams saw).
 */
export function snippetOf(body: string, words: string[]): Highlighted | null {
  const text = body.replace(/\s+/g, ' ').trim();
  const marks = marksIn(text, words);
  if (!marks.length) return null;
  if (text.length <= SNIPPET_LENGTH) return { text, marks };
  let start = Math.max(0, marks[0]![0] - LEAD);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  const lead = start > 0 ? '…' : '';
  const cut = lead + text.slice(start, end).trimEnd() + (end < text.length ? '…' : '');
  const shift = lead.length - start;
  const inside = marks
    .filter(([s, e]) => s >= start && e <= end)
    .map(([s, e]): [number, number] => [s + shift, e + shift]);
  return { text: cut, marks: inside };
}
