import type { InputHTMLAttributes } from 'react';
import { cn } from '../lib/cn';
import { FieldFrame, fieldBorder } from './field-frame';

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Validation message; marks the input invalid and is read after the label. */
  error?: string;
  hint?: string;
  name: string;
};

export function TextField({ label, error, hint, id, className, required, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} required={required} className={className}>
      {({ inputId, describedBy }) => (
        <input
          id={inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'h-10 w-full rounded-lg border bg-surface px-3 text-base text-fg shadow-sm sm:text-sm',
            'placeholder:text-fg-muted focus-visible:outline-offset-1',
            fieldBorder(error),
          )}
          {...rest}
        />
      )}
    </FieldFrame>
  );
}
