import type { ReactNode } from 'react';
import { CircleCheck, CircleExclamationPoint, Info } from 'lucide-react';
import { cn } from '../lib/cn';

type Tone = 'error' | 'success' | 'info';

const tones: Record<Tone, string> = {
  error: 'border-danger/30 bg-danger-soft text-danger-text',
  success: 'border-success-text/30 bg-success-soft text-success-text',
  info: 'border-info-text/25 bg-info-soft text-info-text',
};

const icons = { error: CircleExclamationPoint, success: CircleCheck, info: Info };

/** A banner. Errors interrupt (role=alert); success and info are announced politely (role=status). */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: Tone;
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', tones[tone], className)}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className="break-words">{children}</div>}
      </div>
    </div>
  );
}
