import sanitizeHtml from 'sanitize-html';

// The one way the server turns HTML into plain text: search snippets, forum excerpts, report
// excerpts and page descriptions all read the words a browser would show, with a space where
// one block ends and the next begins ('Rashad Owens.</p><h3>What' reads 'Rashad Owens. What',
// not 'Owens.What'), and none where an inline tag sits inside a word ('<b>Power</b>Mixer').

/** Elements a browser lays out on a line of their own (or, for cells and images, apart from
 * their neighbours): their text never runs into the text beside them. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'img',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
]);

/**
 * The visible text of HTML on one line: tags dropped (script and style with their content),
 * entities decoded, blocks apart, runs of white space as one space.
 */
export function htmlToText(html: string): string {
  // A block boundary is remembered and written before the next text, so none trails the end.
  let boundary = false;
  const markBoundary = (name: string) => {
    if (BLOCKS.has(name)) boundary = true;
  };
  const escaped = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag: markBoundary,
    onCloseTag: markBoundary,
    textFilter: (text) => {
      const out = boundary ? ` ${text}` : text;
      boundary = false;
      return out;
    },
  });
  // The parser decoded every entity; sanitize-html re-escaped only these three.
  return escaped.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();
}

/** The first words of `text`, at most `max` characters, cut at a word with an ellipsis. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
