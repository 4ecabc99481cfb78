import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiRequestError } from '../../lib/api';

// The submit cycle of the admin forms that read their fields from the form element (sponsor,
// podcast): the shared zod schema checks the values first; a 422 from the server that names a
// field ("website: ...") lands on that field; any other refusal follows the spec's text.

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message of each field among a schema's issues. */
export function issuesByField<F extends string>(issues: z.core.$ZodIssue[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) errors[issue.path[0] as F] ??= issue.message;
  return errors;
}

/** The spec's text, with the server's reason when it gave one (spec: "service message may be shown"). */
function failureText(text: string, error: unknown) {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message
    ? `${text}: ${error.message}`
    : text;
}

export function useAdminForm<F extends string, V>({
  fields,
  read,
  save,
  failure,
  notice,
}: {
  fields: readonly F[];
  /** The values to send, or the field errors to show. */
  read: (form: HTMLFormElement) => { values: V; errors: null } | { values: null; errors: FieldErrors<F> };
  save: (values: V) => Promise<void>;
  /** The spec's text when saving fails. */
  failure: string;
  notice?: string | null;
}) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [error, setError] = useState<string | null>(notice ?? null);
  const [submitting, setSubmitting] = useState(false);

  function focusFirstError(form: HTMLFormElement, found: FieldErrors<F>) {
    const first = fields.find((field) => found[field]);
    const input = first ? form.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
  }

  function serverFieldError(err: unknown): FieldErrors<F> | null {
    if (!(err instanceof ApiRequestError) || err.status !== 422) return null;
    const match = /^(\w+): (.+)$/s.exec(err.message);
    const field = match?.[1] as F | undefined;
    return field && fields.includes(field) ? ({ [field]: match![2] } as FieldErrors<F>) : null;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { values, errors: invalid } = read(form);
    setError(null);
    if (values === null) {
      setErrors(invalid ?? {});
      focusFirstError(form, invalid ?? {});
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await save(values);
    } catch (err) {
      const fieldErrors = serverFieldError(err);
      if (fieldErrors) {
        setErrors(fieldErrors);
        focusFirstError(form, fieldErrors);
        setError(failure);
      } else {
        setError(failureText(failure, err));
      }
    } finally {
      setSubmitting(false);
    }
  }

  /** A field's error goes once it is edited. */
  function handleInput(event: FormEvent<HTMLDivElement>) {
    const name = (event.target as { name?: string }).name as F | undefined;
    if (name && errors[name]) {
      setErrors((current) => {
        const next = { ...current };
        delete next[name];
        return next;
      });
    }
  }

  return { errors, error, submitting, handleSubmit, handleInput };
}
