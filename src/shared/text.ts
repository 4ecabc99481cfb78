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

export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

// eslint-disable-next-line no-control-regex -- the same set, for a whole-string pattern
const WITHOUT_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/** A string without control characters: use it like `z.string()` (`safeText.trim().max(120)`).
 * It is a pattern, so the OpenAPI document states the rule too. */
export const safeText = z.string().regex(WITHOUT_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);
