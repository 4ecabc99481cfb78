import type { ReactNode } from 'react';
import type { Highlighted, SearchHit } from '../../shared/search';
import { cn } from '../lib/cn';
import { Avatar } from './avatar';

// How one search hit reads, in the quick-search dialog, on the results page and in a forum's
// own search: its title and snippet with the matched words marked, and a line of detail.

/** Dates as the site writes them ("May 16, 2026"), in the community's time zone. */
const siteDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** The text with its matched parts in <mark>: built as elements, never as HTML. */
export function HighlightedText({ value }: { value: Highlighted }) {
  const { text, marks } = value;
  const parts: ReactNode[] = [];
  let at = 0;
  // Ranges out of order, overlapping or outside the text are skipped rather than trusted.
  for (const [start, end] of [...marks].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-info-soft font-semibold text-info-text">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** "Reply · May 16, 2026 · Charlotte Market Talk": what kind, when and where, as known. */
export function hitDetail(hit: SearchHit): string {
  const parts: string[] = [];
  if (hit.kind === 'reply') parts.push('Reply');
  if (hit.date) parts.push(siteDate.format(new Date(hit.date)));
  // A member's match in their position reads once, in the snippet.
  if (hit.detail && hit.detail !== hit.snippet?.text) parts.push(hit.detail);
  return parts.join(' · ');
}

/** A hit's content (not its link or option: the caller wraps it). */
export function SearchHitContent({ hit, className }: { hit: SearchHit; className?: string }) {
  const detail = hitDetail(hit);
  return (
    <span className={cn('flex min-w-0 items-start gap-3', className)}>
      {hit.kind === 'member' && <Avatar name={hit.title.text} src={hit.imageUrl} size="sm" />}
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium text-fg">
          <HighlightedText value={hit.title} />
        </span>
        {hit.snippet && (
          <span className="line-clamp-2 text-sm text-fg-muted">
            <HighlightedText value={hit.snippet} />
          </span>
        )}
        {detail && <span className="truncate text-xs text-fg-muted">{detail}</span>}
      </span>
    </span>
  );
}
