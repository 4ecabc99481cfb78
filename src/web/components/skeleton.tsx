import { cn } from '../lib/cn';

/** A grey placeholder block while content loads; hidden from assistive tech (pair with a status). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-2', className)} />;
}
