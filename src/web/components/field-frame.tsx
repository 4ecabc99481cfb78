import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface FieldIds {
  inputId: string;
  describedBy: string | undefined;
}

/** The label, hint and error around one control, wired for screen readers: the control gets
 * `inputId` and `aria-describedby` (hint, then error) from `children`'s argument. */
export function FieldFrame({
  label,
  error,
  hint,
  id,
  required,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
  required?: boolean;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
}) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
        {required && (
          <span className="text-fg-muted" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ inputId, describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}

/** Border colour of a control: red while it has an error. */
export const fieldBorder = (error?: string) => (error ? 'border-danger dark:border-danger-text' : 'border-line-strong');
