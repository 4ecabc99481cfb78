import { useId, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { fieldBorder } from './field-frame';

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  /** Hides the label visually (it still names the control). */
  hideLabel?: boolean;
  error?: string;
  name: string;
};

/** A native <select> styled like TextField. */
export function SelectField({ label, hideLabel, error, id, className, children, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `${autoId}-select`;
  const errorId = error ? `${selectId}-error` : undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className={cn('text-sm font-medium text-fg', hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className={cn(
            'h-10 w-full appearance-none truncate rounded-lg border bg-surface pr-9 pl-3 text-base text-fg shadow-sm sm:text-sm',
            'focus-visible:outline-offset-1',
            fieldBorder(error),
          )}
          {...rest}
        >
          {children}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-muted"
          aria-hidden="true"
        />
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-danger-text">
          {error}
        </p>
      )}
    </div>
  );
}
