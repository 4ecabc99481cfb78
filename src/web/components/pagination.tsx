import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link, type To } from '../lib/router';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { cn } from '../lib/cn';

/** The page numbers to show: up to `count` consecutive pages around the current one. */
export function pageWindow(page: number, pageCount: number, count = 3): number[] {
  const size = Math.min(count, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

const item =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium tabular-nums transition-colors';

/**
 * A pager of links (each page has its own URL): first, previous, up to three page numbers,
 * next, last. The current page carries aria-current; unavailable steps are shown but inert.
 */
export function Pagination({
  page,
  pageCount,
  to,
  label = 'Pagination',
  className,
}: {
  page: number;
  pageCount: number;
  /** Where page n lives. */
  to: (page: number) => To;
  label?: string;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  const steps: { target: number; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>>; show: boolean }[] = [
    { target: 1, label: 'First page', Icon: ChevronsLeft, show: page > 1 },
    { target: page - 1, label: 'Previous page', Icon: ChevronLeft, show: page > 1 },
  ];
  const after = [
    { target: page + 1, label: 'Next page', Icon: ChevronRight, show: page < pageCount },
    { target: pageCount, label: 'Last page', Icon: ChevronsRight, show: page < pageCount },
  ];

  const step = (s: (typeof steps)[number]): ReactNode => (
    <li key={s.label}>
      {s.show ? (
        <Link
          to={to(s.target)}
          aria-label={s.label}
          title={s.label}
          className={cn(item, 'text-fg-muted hover:bg-surface-2 hover:text-fg')}
        >
          <s.Icon className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span aria-hidden="true" className={cn(item, 'text-fg-muted opacity-50')}>
          <s.Icon className="size-4" />
        </span>
      )}
    </li>
  );

  return (
    <nav aria-label={label} className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center gap-1">
        {steps.map(step)}
        {pageWindow(page, pageCount).map((n) => (
          <li key={n}>
            <Link
              to={to(n)}
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              className={cn(
                item,
                n === page
                  ? 'bg-brand text-on-brand shadow-sm hover:bg-brand-hover'
                  : 'border border-line bg-surface text-fg hover:bg-surface-2',
              )}
            >
              {n}
            </Link>
          </li>
        ))}
        {after.map(step)}
      </ul>
    </nav>
  );
}
