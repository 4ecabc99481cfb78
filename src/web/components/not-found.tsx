import type { ReactNode } from 'react';
import SearchX from 'lucide-react/icons/search-x';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * Every "not found" in the product looks the same: the unknown URL, a missing event, profile,
 * forum, post, podcast, sponsor or user. The spec's title and text, then a way back (children,
 * usually one primary ButtonLink).
 */
export function NotFound({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-info-soft text-info-text">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-link tabular-nums">Error 404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-fg sm:text-4xl">{title}</h1>
      {text && <p className="mt-4 text-fg-muted">{text}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
