import { apiError, type ApiFieldErrors } from '../../shared/errors';

/** An error the API answers with its own status and the one error shape
 * `{ error: { code, message, fields? } }` (docs/errors.md: which status for which refusal).
 * Anything else becomes a 500 with no details. */
export class HttpError extends Error {
  /** Seconds until a rate-limited client may try again (sent as Retry-After). */
  retryAfter?: number;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The refused fields by path (`username`, `offers.2`), each with its message. */
    readonly fields?: ApiFieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** `{ [field]: message }` when a field is named, for the factories below. */
const onField = (field: string | undefined, message: string) => (field ? { [field]: message } : undefined);

export const badRequest = (code: string, message: string) => new HttpError(400, code, message);
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'NOT_FOUND', message);
/** 409: the request is sound but clashes with what exists (a taken username: `field` 'username'). */
export const conflict = (code: string, message: string, field?: string) =>
  new HttpError(409, code, message, onField(field, message));
/** 422: the request is well formed but its content is refused; `field` names the refused one. */
export const unprocessable = (code: string, message: string, field?: string) =>
  new HttpError(422, code, message, onField(field, message));
/** 413: a body (an upload) over its size limit. */
export const tooLarge = (code: string, message: string) => new HttpError(413, code, message);
export const tooManyRequests = (message = 'Too many attempts. Please wait a minute and try again.') =>
  new HttpError(429, 'RATE_LIMITED', message);

/** `invariant(row, () => notFound('Event Not Found'))`: a missing row is one line. The error is
 * made only when thrown: capturing a stack on every successful read costs about 1% of a route. */
export function invariant<T>(value: T | null | undefined | false, error: () => HttpError): asserts value is T {
  if (value === null || value === undefined || value === false) throw error();
}

/** PostgreSQL's unique_violation, as raised by both pg and PGlite. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = findPgError(error);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

function findPgError(error: unknown): { code?: string; constraint?: string } | null {
  // Drizzle wraps driver errors; the original sits in `cause`.
  let current: unknown = error;
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const c = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c as { code: string; constraint?: string };
    current = c.cause;
  }
  return null;
}

/** A route's own refusals for its schema's `response` (`{ 200: answer, ...errorResponses(409) }`):
 * the ones its declaration implies (access, body, params, validation) are added by
 * platform/access.ts, so a route names only what its handler adds (docs/errors.md). */
export function errorResponses(...statuses: number[]): Record<number, typeof apiError> {
  return Object.fromEntries(statuses.map((status) => [status, apiError]));
}
