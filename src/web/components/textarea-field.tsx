import { useId, type TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  /** Validation message; marks the field invalid and is read after the label. */
  error?: string;
  hint?: string;
  name: string;
};

/** A multi-line TextField: same label, hint and error wiring. */
export function TextareaField({ label, error, hint, id, className, required, rows = 4, ...rest }: TextareaFieldProps) {
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
      <textarea
        id={inputId}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'w-full resize-y rounded-lg border bg-surface px-3 py-2 text-base text-fg shadow-sm sm:text-sm',
          'placeholder:text-fg-muted focus-visible:outline-offset-1',
          error ? 'border-danger dark:border-danger-text' : 'border-line-strong',
        )}
        {...rest}
      />
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
