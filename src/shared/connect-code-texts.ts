// Scan to connect: the words and the token's shape, without zod, so the phone's landing page
// (/connect/:token) and the dashboard's code stay light. shared/connect-codes.ts has the contracts.

export const CONNECT_CODE_TITLE = 'Your connect code';
export const CONNECT_CODE_HELP =
  "Let someone scan this with their phone's camera to open your profile and connect in one tap. At an event you both checked in to, you are connected at once.";
export const CONNECT_CODE_INVALID = 'This connect code is no longer valid. Ask them for their current code.';
export const CONNECT_CODE_REGENERATE_WARNING =
  'Your current code stops working at once: anyone who saved it or printed it will need the new one.';
export const CONNECT_OWN_CODE = 'This is your own connect code. Show it to someone else to connect.';

/** A code is 128 random bits in base64url: 22 characters. */
export const CONNECT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** "met at Fall Mixer", as the connections list and the profile print it. */
export const metAtText = (eventName: string) => `met at ${eventName}`;
