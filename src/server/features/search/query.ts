/** What a person typed, made into what PostgreSQL matches: a `to_tsquery('english', …)` text
 * built only from letters and digits (so nothing typed can be query syntax), the words for
 * highlighting, and the plain text trigram similarity compares for typos ("jordn"). */
export interface ParsedQuery {
  /** For to_tsquery('english', …); null when nothing searchable was typed. */
  tsquery: string | null;
  /** The same, limited to title and summary words (weights A and B): the candidates most
   * likely to rank first, found before the rest of a common word's matches. */
  strongTsquery: string | null;
  /** Every word typed, lower case, for highlighting. */
  words: string[];
  /** The words joined by spaces, for word_similarity; null when too short to mean a typo. */
  similarText: string | null;
}

const MAX_TERMS = 8;
/** Shorter than this, trigrams match half the directory ("jo"); prefix matching covers it. */
const MIN_SIMILAR_LENGTH = 4;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * `"sba loans" lender` is the phrase "sba loans" and the word "lender"; the last word is a
 * prefix while it is being typed (no space after it), and `word*` is a prefix anywhere.
 * Stemming is PostgreSQL's: "loans" finds "loan" and "lending" finds "lend".
 */
export function parseQuery(input: string): ParsedQuery {
  const terms: { words: string[]; prefix: boolean }[] = [];
  const phrases = [...input.matchAll(/"([^"]*)"/g)];
  for (const [, phrase] of phrases) {
    const words = wordsOf(phrase!);
    if (words.length) terms.push({ words, prefix: false });
  }
  const rest = input.replace(/"[^"]*"?/g, ' ');
  const loose = [...rest.matchAll(/([\p{L}\p{N}]+)(\*?)/gu)];
  loose.forEach((match, i) => {
    const isLast = i === loose.length - 1;
    const typing = isLast && match.index + match[0].length === rest.length && !/"\s*$/.test(input);
    terms.push({ words: [match[1]!.toLowerCase()], prefix: match[2] === '*' || typing });
  });
  const kept = terms.slice(0, MAX_TERMS);
  const words = [...new Set(kept.flatMap((t) => t.words))];
  if (!kept.length) return { tsquery: null, strongTsquery: null, words, similarText: null };
  const build = (weights: string) =>
    kept
      .map((t) =>
        t.words.length > 1
          ? `(${t.words.map((w) => `${w}:${weights}`).join(' <-> ')})`
          : `${t.words[0]}:${t.prefix ? '*' : ''}${weights}`,
      )
      .join(' & ')
      .replace(/:(?=\s|\)|$)/g, '');
  const similarText = words.join(' ');
  return {
    tsquery: build(''),
    strongTsquery: build('AB'),
    words,
    similarText: similarText.length >= MIN_SIMILAR_LENGTH ? similarText : null,
  };
}

function wordsOf(text: string): string[] {
  return [...text.matchAll(WORD)].map((m) => m[0].toLowerCase());
}
