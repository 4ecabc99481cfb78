import { useId } from 'react';

/** A labelled checkbox with an optional hint, at least 24 px to hit (admin forms, the dashboard). */
export function CheckboxField({
  label,
  name,
  checked,
  onChange,
  hint,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hintId}
        className="mt-0.5 size-6 shrink-0 rounded border-line-strong accent-brand"
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <label htmlFor={id} className="min-h-6 text-sm font-medium text-fg">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-sm text-fg-muted">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
