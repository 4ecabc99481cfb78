import type { ReactNode } from 'react';
import { textLinkClasses } from '../../components/text-link';

// http(s) URLs up to whitespace or a closing bracket/quote; trailing punctuation stays text.
const URL_PATTERN = /https?:\/\/[^\s<>"'()[\]]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/** Plain text with its URLs as links. Never renders the mail's HTML. */
export function Linkified({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={url} className={`${textLinkClasses} break-all underline`}>
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
