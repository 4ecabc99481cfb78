import { useId, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { fieldBorder } from '../../components/field-frame';

type PrefixedFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Fixed text before the input, e.g. "instagram.com/"; read as the field's description. */
  prefix: string;
  error?: string;
  name: string;
};

/** A TextField with a fixed address before it, for fields typed as a username only. */
export function PrefixedField({ label, prefix, error, id, className, ...rest }: PrefixedFieldProps) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const prefixId = `${inputId}-prefix`;
  const errorId = error ? `${inputId}-error` : undefined;

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div
        className={cn(
          'flex h-10 w-full overflow-hidden rounded-lg border bg-surface shadow-sm',
          'has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-ring',
          fieldBorder(error),
        )}
      >
        <span
          id={prefixId}
          className="flex max-w-[55%] shrink-0 items-center truncate border-r border-line bg-surface-2 px-3 text-sm text-fg-muted"
        >
          {prefix}
        </span>
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[prefixId, errorId].filter(Boolean).join(' ')}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="min-w-0 flex-1 bg-transparent px-3 text-base text-fg placeholder:text-fg-muted focus-visible:outline-none sm:text-sm"
          {...rest}
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
