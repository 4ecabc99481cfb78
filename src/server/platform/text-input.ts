import type { FastifyInstance } from 'fastify';
import { INVALID_UNICODE_MESSAGE, textProblem } from '../../shared/text';
import { badRequest, unprocessable } from './errors';

// The one place where text input is checked, for every /api route whatever its schema says:
// a JSON body must be UTF-8, and no string in the path, the query or the body (value or key)
// may hold a control character or a broken character (src/shared/text.ts). Such text is
// refused with 422 naming its field, before validation and the handler, so it never reaches
// the database, an e-mail, the outbox's jsonb or the audit log, and is never stored changed.
// Multipart bodies are read by their handlers (platform/uploads.ts), which take the file alone.

/** How a field is named in the answer, like the validation errors do: `q`, `guests.1.email`. */
const fieldName = (parent: string, key: string | number) => {
  const part = typeof key === 'string' && textProblem(key) !== null ? JSON.stringify(key) : String(key);
  return parent ? `${parent}.${part}` : part;
};

export interface TextProblem {
  /** The field, `''` when the value itself is the string. */
  field: string;
  message: string;
}

/** The first string (value or key) in `value` that breaks the text rule, or null when there is
 * none. Walks with its own stack, so a deeply nested JSON body cannot overflow the call stack. */
export function findTextProblem(
  value: unknown,
  problem: (text: string) => string | null = textProblem,
): TextProblem | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const message = problem(current);
      if (message) return { field: path, message };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], fieldName(path, i)]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        const message = problem(key);
        if (message) return { field: fieldName(path, key), message };
        stack.push([item, fieldName(path, key)]);
      }
    }
  }
  return null;
}

const refuse = ({ field, message }: TextProblem) => {
  // A name 100 characters long says where; a body nested thousands deep need not be echoed.
  const name = field.length > 100 ? `${field.slice(0, 100)}…` : field;
  return unprocessable('VALIDATION_ERROR', message, name || undefined);
};

/** A query parameter whose percent-encoding is not UTF-8 (`?q=%FF`, `?q=%ED%A0%80`): the
 * query parser keeps such a value as its raw `%FF`, which is not what the person sent either. */
function findBrokenQuery(url: string): TextProblem | null {
  const start = url.indexOf('?');
  // Most queries are plain text: only a percent sign can hide bytes that are not UTF-8.
  if (start === -1 || !url.includes('%', start)) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    const [rawKey = '', rawValue = ''] = pair.split('=', 2);
    if (!decodes(rawKey)) return { field: JSON.stringify(rawKey), message: INVALID_UNICODE_MESSAGE };
    if (!decodes(rawValue)) return { field: rawKey, message: INVALID_UNICODE_MESSAGE };
  }
  return null;
}

function decodes(raw: string): boolean {
  try {
    decodeURIComponent(raw);
    return true;
  } catch {
    return false;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

const invalidJson = () => badRequest('INVALID_JSON', 'The request body is not valid JSON.');

/** JSON.parse, refusing keys that would reach an object's prototype when the body is merged
 * into another object (as Fastify's own parser does). */
function parseJson(text: string): unknown {
  if (!text.includes('__proto__') && !text.includes('constructor')) return JSON.parse(text);
  return JSON.parse(text, function (key, value: unknown) {
    if (
      key === '__proto__' ||
      (key === 'constructor' && value !== null && typeof value === 'object' && 'prototype' in value)
    ) {
      throw badRequest('INVALID_JSON', `The request body cannot use "${key}" as a key.`);
    }
    return value;
  });
}

export function registerTextInput(app: FastifyInstance) {
  // An empty body with a JSON content type (sign-out, for example) means "no body". Bytes that
  // are not UTF-8 would decode to U+FFFD: refused, naming the first field they turned up in.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0) return done(null, undefined);
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      let field = '';
      try {
        const replaced = findTextProblem(parseJson(lenientUtf8.decode(bytes)), (s) =>
          s.includes('\ufffd') ? INVALID_UNICODE_MESSAGE : null,
        );
        field = replaced?.field ?? '';
      } catch {
        return done(invalidJson(), undefined);
      }
      return done(refuse({ field, message: INVALID_UNICODE_MESSAGE }), undefined);
    }
    try {
      done(null, parseJson(text));
    } catch (error) {
      done(error instanceof Error && 'statusCode' in error ? error : invalidJson(), undefined);
    }
  });

  // Callback style, as the other hooks every request passes: no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const problem =
      findBrokenQuery(request.url) ??
      findTextProblem(request.params) ??
      findTextProblem(request.query) ??
      findTextProblem(request.body);
    done(problem ? refuse(problem) : undefined);
  });
}
