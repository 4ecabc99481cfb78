import type { ComponentType, ReactNode, SVGProps } from 'react';
import { cn } from '../lib/cn';

/** A quiet placeholder for an empty list: an icon, one line, and optionally an action. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  className,
}: {
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed border-line px-6 py-10 text-center',
        className,
      )}
    >
      {Icon && (
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-surface-2 text-fg-muted">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      )}
      <p className="text-sm font-medium text-fg">{title}</p>
      {children && <div className="text-sm text-fg-muted">{children}</div>}
    </div>
  );
}
