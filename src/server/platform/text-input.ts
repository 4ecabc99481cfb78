import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '../../shared/text';
import { unprocessable } from './errors';

/** How a field is named in the answer, like the validation errors do: `q`, `guests.1.email`. */
const fieldName = (parent: string, key: string | number) => {
  const part = typeof key === 'string' && hasControlCharacters(key) ? JSON.stringify(key) : String(key);
  return parent ? `${parent}.${part}` : part;
};

/** The name of the first string (value or key) holding a control character in `value`, `''`
 * when `value` itself is such a string, or null when there is none. Walks with its own stack,
 * so a deeply nested JSON body cannot overflow the call stack. */
export function findControlCharacters(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (hasControlCharacters(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], fieldName(path, i)]);
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        if (hasControlCharacters(key)) return fieldName(path, key);
        stack.push([item, fieldName(path, key)]);
      }
    }
  }
  return null;
}

/** Every /api route, whatever its schema says: path parameters, query and JSON body are refused
 * with 422 when a string in them holds a control character (`src/shared/text.ts`), before
 * validation and the handler, so none of them reaches the database (which cannot store NUL).
 * Multipart bodies are read by their handlers; today only the avatar upload takes one and it
 * reads the file alone, never a text field. */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const field =
      findControlCharacters(request.params) ??
      findControlCharacters(request.query) ??
      findControlCharacters(request.body);
    if (field !== null) {
      // A name 100 characters long says where; a body nested thousands deep need not be echoed.
      const name = field.length > 100 ? `${field.slice(0, 100)}…` : field;
      throw unprocessable(
        'VALIDATION_ERROR',
        name ? `${name}: ${CONTROL_CHARACTERS_MESSAGE}` : CONTROL_CHARACTERS_MESSAGE,
      );
    }
  });
}
