// What an error may put into a log line. Errors carry request values in many places: Drizzle's
// DrizzleQueryError has the query's parameters in `params` and in its message, PostgreSQL errors
// name row values in `detail` ("Key (email)=(someone@example.com) already exists") and often in
// their message ('invalid input syntax for type uuid: "…"'), PGlite copies `params` onto its
// errors, SMTP errors quote the recipient, JSON parse errors quote the input, and every stack
// starts with the message. So an error is logged from an allowlist of fields that never hold
// values: its class and name, codes, constraint/table/column names, the SQL text (parameters are
// placeholders), stack frames, and the fixed part of its message, with the same done to its cause.

const SAFE = Symbol('safe error');

// A type, not an interface: pino's typings want an object with an index signature.
export type SafeError = {
  type: string;
  name?: string;
  /** The message up to the first place a value could appear (quotes, "name: value"). */
  message: string;
  code?: string | number;
  errno?: number;
  syscall?: string;
  statusCode?: number;
  responseCode?: number;
  /** PostgreSQL's own fields that name things, never values. */
  severity?: string;
  constraint?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  routine?: string;
  /** The SQL text as sent; its values travel separately as parameters and are left out. */
  query?: string;
  /** Stack frames only, without the message line(s) that head a stack ('' when none). */
  stack: string;
  cause?: SafeError;
  errors?: SafeError[];
};

const STRING_FIELDS = [
  'severity',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
  'syscall',
] as const;
const NUMBER_FIELDS = ['errno', 'statusCode', 'responseCode'] as const;
const MAX_DEPTH = 4;

/** A PostgreSQL SQLSTATE, as pg and PGlite set it. */
const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** The part of a message that is the programmer's, not the data's: its first line up to the first
 * double quote, backquote or "label: " (where values follow), with single-quoted parts, e-mail
 * addresses and long numbers masked. */
export function fixedPart(message: string): string {
  let text = message.split('\n', 1)[0]!;
  const cut = text.search(/["`]|:\s/);
  if (cut >= 0) text = text.slice(0, cut);
  return text
    .replace(/'[^']*'/g, "'…'")
    .replace(/[^\s@'"(<]+@[^\s@'")>]+/g, '…@…')
    .replace(/\d{6,}/g, '…')
    .trim()
    .slice(0, 200);
}

function stackFrames(error: Error): string {
  if (typeof error.stack !== 'string') return '';
  let rest = error.stack;
  // The stack opens with `${name}: ${message}`, which may span lines; drop it whole first.
  const head = `${error.name}: ${error.message}`;
  if (rest.startsWith(head)) rest = rest.slice(head.length);
  const frames = rest.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.join('\n');
}

function serialize(value: unknown, depth: number, parentQuery?: string): SafeError {
  if (value === null || typeof value !== 'object') {
    return { type: value === null ? 'null' : typeof value, message: '', stack: '' };
  }
  if ((value as { [SAFE]?: true })[SAFE]) return value as SafeError;
  const error = value as Error & Record<string, unknown>;
  const out: SafeError = { type: error.constructor?.name || 'Object', message: '', stack: '' };
  if (typeof error.name === 'string' && error.name !== out.type) out.name = error.name;

  const query = typeof error.query === 'string' ? error.query.slice(0, 4000) : undefined;
  // Drizzle's message is "Failed query: <sql>\nparams: <values>": its fixed part is "Failed query",
  // and the SQL text is logged as `query`.
  if (typeof error.message === 'string' && error.message) out.message = fixedPart(error.message);
  if (typeof error.code === 'string' || typeof error.code === 'number') {
    out.code = typeof error.code === 'string' ? error.code.slice(0, 64) : error.code;
  }
  for (const field of STRING_FIELDS) {
    if (typeof error[field] === 'string') out[field] = (error[field] as string).slice(0, 200);
  }
  for (const field of NUMBER_FIELDS) {
    if (typeof error[field] === 'number') out[field] = error[field] as number;
  }
  if (query !== undefined && query !== parentQuery && ('params' in error || isSqlState(error.code))) out.query = query;
  if (error instanceof Error) out.stack = stackFrames(error);
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) out.cause = serialize(error.cause, depth + 1, query ?? parentQuery);
    if (Array.isArray(error.errors)) {
      out.errors = error.errors.slice(0, 5).map((e: unknown) => serialize(e, depth + 1, query ?? parentQuery));
    }
  }
  Object.defineProperty(out, SAFE, { value: true, enumerable: false });
  return out;
}

/** An error reduced to the fields that never hold request values. Idempotent, so a value
 * serialised by hand passes the logger's serializer unchanged. */
export const safeError = (error: unknown): SafeError => serialize(error, 0);

/** Paths that carry a secret: logged with the secret replaced by the route's parameter name. */
const SECRET_PATHS: [RegExp, string][] = [[/^\/calendar\/[^/]*\.ics$/, '/calendar/:token.ics']];

/** A path as logged: never the secret in a private calendar address. */
export function safePath(path: string): string {
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(path)) return replacement;
  return path;
}

/** A request as logged: its method and path, never its query string (search words, a
 * conversation's subject), a secret in its path, or headers. */
export const safeRequest = (request: { method?: string; url?: string; routeOptions?: { url?: string } }) => ({
  method: request.method,
  url: request.url === undefined ? undefined : safePath(request.url.split('?')[0]!),
});

/** The logger's serializers (pino): neither `err` nor `req` carries request values. */
export const logSerializers = { err: safeError, req: safeRequest };
