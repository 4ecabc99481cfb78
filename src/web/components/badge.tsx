import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

type Tone = 'neutral' | 'brand' | 'success' | 'danger';

const tones: Record<Tone, string> = {
  neutral: 'bg-surface-2 text-fg-muted ring-line',
  brand: 'bg-info-soft text-info-text ring-info-text/20',
  success: 'bg-success-soft text-success-text ring-success-text/20',
  danger: 'bg-danger-soft text-danger-text ring-danger/20',
};

export function Badge({
  tone = 'neutral',
  className,
  children,
}: {
  tone?: Tone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/**
 * A small red count (unread messages, pending requests). Sighted users see the number; screen
 * readers hear the full phrase, e.g. "3 unread messages". Renders nothing for zero.
 */
export function CountBadge({ count, label, className }: { count: number; label: string; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-xs leading-none font-semibold text-on-danger tabular-nums',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`${count} ${label}`}</span>
    </span>
  );
}
