import type { TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { FieldFrame, fieldBorder } from './field-frame';

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  /** Validation message; marks the field invalid and is read after the label. */
  error?: string;
  hint?: string;
  name: string;
};

/** A multi-line TextField: same label, hint and error wiring. */
export function TextareaField({ label, error, hint, id, className, required, rows = 4, ...rest }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} required={required} className={className}>
      {({ inputId, describedBy }) => (
        <textarea
          id={inputId}
          rows={rows}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'w-full resize-y rounded-lg border bg-surface px-3 py-2 text-base text-fg shadow-sm sm:text-sm',
            'placeholder:text-fg-muted focus-visible:outline-offset-1',
            fieldBorder(error),
          )}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}
