import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiRequestError } from './api';

// The one submit cycle every form of the app goes through (see docs/architecture.md, "Forms"):
// the shared zod schema (the server runs the same one) checks the values first and puts the
// first message of each field under that field, focusing the first invalid one in page order;
// nothing is sent until they pass. A refusal from the server that names fields (its `fields`)
// puts each message on its control, several at once; any other refusal shows the form's failure
// text. A field's error goes once it is edited.

/** Messages by field: a field's name, or its path in the schema for rows (`offers.2`, `guests.0.email`). */
export type FieldErrors = Record<string, string | undefined>;

/** The first message of each field among a schema's issues. */
export function issuesByField(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.');
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** The fields a refusal of the server names (`{ username: 'Sorry, that username is already
 * taken.' }`), or null when it names none. */
export function serverFieldError(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiRequestError) || Object.keys(error.fields).length === 0) return null;
  return { ...error.fields };
}

/** The spec's text, with the server's reason when it gave one (spec: "service message may be shown"). */
export function withServerReason(text: string, error: unknown): string {
  return error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.message
    ? `${text}: ${error.message}`
    : text;
}

/** The form's named text fields, as the schema reads them. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries(
    [...new FormData(form).entries()].filter(([, value]) => typeof value === 'string'),
  ) as Record<string, string>;
}

/** The controls that show fields, in page order: a control's `name`, or a `data-field` for
 * controls without one (a rich text editor, a row's input). */
function controlsOf(form: HTMLFormElement, errors: FieldErrors): Map<string, HTMLElement> {
  const found = new Map<string, HTMLElement>();
  for (const control of form.querySelectorAll<HTMLElement>('[name], [data-field]')) {
    const field = control.dataset.field ?? control.getAttribute('name') ?? '';
    if (errors[field] && !found.has(field)) found.set(field, control);
  }
  return found;
}

/** The first control in page order that shows one of `errors`. */
const controlOf = (form: HTMLFormElement, errors: FieldErrors): HTMLElement | null =>
  controlsOf(form, errors).values().next().value ?? null;

/** Splits a refusal's field errors into those the form shows on a control and those it cannot. */
export function onControls(form: HTMLFormElement, errors: FieldErrors): { shown: FieldErrors; unshown: FieldErrors } {
  const controls = controlsOf(form, errors);
  const shown: FieldErrors = {};
  const unshown: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (!message) continue;
    if (controls.has(field)) shown[field] = message;
    else unshown[field] = message;
  }
  return { shown, unshown };
}

type Issue = { path: readonly PropertyKey[]; message: string };

/** Rules written by hand in the shape of zod's `safeParse`, for a page that must load no zod (the
 * landing page's introduction form). Every other form passes its shared zod schema. */
export interface FormRules<I, O = I> {
  safeParse(input: I): { success: true; data: O } | { success: false; error: { issues: readonly Issue[] } };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any rules' input and output
type Checks = z.ZodType | FormRules<any, any>;
type InputOf<S> = S extends z.ZodType ? z.input<S> : S extends FormRules<infer I, unknown> ? I : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : S extends FormRules<never, infer O> ? O : never;

export interface FormOptions<S extends Checks> {
  schema: S;
  /** What the schema checks; by default the form's named text fields. Controlled forms pass their state. */
  values?: (form: HTMLFormElement) => InputOf<S>;
  /** Sends the checked values (parsed, and as they were read: some bodies are sent as typed and
   * parsed again by the server); a rejection is a refusal. */
  submit: (data: OutputOf<S>, input: InputOf<S>) => unknown;
  /** What a refusal that names no field shows: the spec's text (with the server's reason, see
   * `withServerReason`), or a function of the refusal; none shows nothing (the form shows its own). */
  failure?: string | ((error: unknown) => string | null);
  /** Refusals that belong on a field although the server names none (every refusal of a one-field
   * form, say); by default the fields the server names (its `fields`). */
  fieldError?: (error: unknown) => FieldErrors | null;
  /** A message the form opens with (a redirect's reason). */
  notice?: string | null;
  /** The control that shows a schema path, where the two differ (a list sent without its empty
   * rows: `offers.0` may be the second box). By default the path itself. */
  fieldName?: (path: string) => string;
}

/** Errors keyed by the control that shows them (the first message wins where two paths share one). */
export function renamed(errors: FieldErrors, fieldName?: (path: string) => string): FieldErrors {
  if (!fieldName) return errors;
  const named: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) named[fieldName(path)] ??= message;
  return named;
}

export function useForm<S extends Checks>({
  schema,
  values,
  submit,
  failure,
  fieldError,
  notice,
  fieldName,
}: FormOptions<S>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(notice ?? null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  /** Shows field errors and focuses the first of them on the page. */
  function showErrors(found: FieldErrors, form = formRef.current) {
    setErrors(found);
    const control = form ? controlOf(form, found) : null;
    control?.focus();
  }

  function failureOf(error: unknown): string | null {
    if (typeof failure === 'function') return failure(error);
    return failure === undefined ? null : withServerReason(failure, error);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    formRef.current = form;
    setFormError(null);
    const input = values ? values(form) : (formValues(form) as InputOf<S>);
    const result = schema.safeParse(input);
    if (!result.success) {
      showErrors(renamed(issuesByField(result.error.issues), fieldName), form);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await submit(result.data, input);
    } catch (error) {
      const found = fieldError?.(error) ?? serverFieldError(error);
      const { shown, unshown } = found ? onControls(form, renamed(found, fieldName)) : { shown: {}, unshown: {} };
      if (Object.keys(shown).length > 0) {
        showErrors(shown, form);
        // The admin forms say the save failed as well as why; the others let the field speak,
        // unless the server refused a field this form does not show.
        if (typeof failure === 'string') setFormError(failure);
        else if (Object.keys(unshown).length > 0) setFormError(failureOf(error));
      } else {
        setFormError(failureOf(error));
      }
    } finally {
      setSubmitting(false);
    }
  }

  /** Drops a field's error once it is edited. */
  function clearError(field: string) {
    setErrors((current) => {
      if (!current[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }

  /** For `onInput` on the form (or a part of it): the edited field's error goes. */
  function handleInput(event: FormEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    const field = target.dataset?.field ?? target.getAttribute?.('name');
    if (field) clearError(field);
  }

  return {
    errors,
    formError,
    submitting,
    handleSubmit: (event: FormEvent<HTMLFormElement>) => void handleSubmit(event),
    handleInput,
    clearError,
    /** Back to a fresh form's state (a dialog opened again). */
    clearErrors: () => {
      setErrors({});
      setFormError(null);
    },
    showErrors,
    setFormError,
  };
}
