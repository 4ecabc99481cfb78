import { z } from 'zod';

// The one rule for text people send us, in any field, query or path parameter. The server
// enforces it on every /api request before validation (platform/text-input.ts); forms use
// `safeText` so they say the same thing before sending.

/** C0 control characters other than tab, line feed and carriage return, plus DEL.
 * PostgreSQL cannot store NUL in text at all, and the others have no place in what a person
 * types (they only arrive by mistake or on purpose). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTERS_MESSAGE =
  'Text cannot contain control characters (such as NUL); only tabs and line breaks are allowed.';

/** Half of a surrogate pair without the other half: not a character at all. PostgreSQL (and
 * every UTF-8 encoder) would store U+FFFD in its place, and jsonb refuses it outright. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const INVALID_UNICODE_MESSAGE =
  'Text must be valid Unicode: it holds a broken character (a lone surrogate or bytes that are not UTF-8).';

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

export const hasLoneSurrogates = (value: string): boolean => LONE_SURROGATE.test(value);

/** What is wrong with a string people sent, in the words the answer uses, or null. */
export function textProblem(value: string): string | null {
  if (hasControlCharacters(value)) return CONTROL_CHARACTERS_MESSAGE;
  if (hasLoneSurrogates(value)) return INVALID_UNICODE_MESSAGE;
  return null;
}

// eslint-disable-next-line no-control-regex -- the same set, for a whole-string pattern
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
const WELL_FORMED = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/** A string without control characters or broken characters: use it like `z.string()`
 * (`safeText.trim().max(120)`). They are patterns, so the OpenAPI document states the rule too. */
export const safeText = z
  .string()
  .regex(WITHOUT_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE)
  .regex(WELL_FORMED, INVALID_UNICODE_MESSAGE);
