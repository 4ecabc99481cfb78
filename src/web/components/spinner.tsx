import { cn } from '../lib/cn';

/** An inline spinning ring with hidden text, so screen readers hear "Loading". */
export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span className={cn('inline-flex items-center', className)}>
      <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred spinner for a whole page or panel while data loads; announced politely. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] items-center justify-center text-fg-muted">
      <Spinner className="[&_svg]:size-6" label={label} />
    </div>
  );
}
