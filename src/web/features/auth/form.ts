import { useCallback, useState, type FormEvent } from 'react';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/**
 * Client-side validation with the shared zod schemas (the server runs the same ones).
 * Reads the form's named inputs, returns the parsed data or shows the first error of each
 * field and focuses the first invalid input.
 */
export function useZodForm<S extends z.ZodType>(schema: S) {
  const [errors, setErrors] = useState<FieldErrors>({});

  const parse = useCallback(
    (event: FormEvent<HTMLFormElement>): z.output<S> | null => {
      const form = event.currentTarget;
      const values = Object.fromEntries(
        [...new FormData(form).entries()].filter(([, value]) => typeof value === 'string'),
      );
      const result = schema.safeParse(values);
      if (result.success) {
        setErrors({});
        return result.data;
      }
      const next: FieldErrors = {};
      for (const issue of result.error.issues) {
        const field = String(issue.path[0] ?? '');
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      const input = first ? form.elements.namedItem(first) : null;
      if (input instanceof HTMLElement) input.focus();
      return null;
    },
    [schema],
  );

  /** Clears a field's error once the member edits it. */
  const clearError = useCallback((event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement)) return;
    setErrors((current) => {
      if (!current[target.name]) return current;
      const rest = { ...current };
      delete rest[target.name];
      return rest;
    });
  }, []);

  return { errors, parse, clearError };
}
