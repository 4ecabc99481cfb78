// Check-in's constants and texts, without zod: the event page's ticket section imports these,
// so the validation library stays off that page's critical path. shared/check-in.ts re-exports
// them for everything else.

export const TICKET_TITLE = 'Your ticket';
export const TICKET_NOT_FOUND = 'You have no ticket for this event.';
export const DOOR_TITLE = 'Check-in';

export const CHECK_IN_NOT_FOUND = 'Check-in not found';

/** A device's name as the door screen reports it ("Front door"), shown in "already checked in". */
export const DEVICE_MAX = 40;
/** A check-in code as printed in the QR image: `T1.` and 66 base64url characters. */
export const CODE_MAX = 200;

/** A ticket's short code, printed under its QR image for typing by hand: 8 characters from 31
 * that no one mistakes for another (no 0/O, no 1/I/L), unique within the event. The database
 * draws them (migration 0015_ticket_short_code). */
export const SHORT_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const SHORT_CODE_LENGTH = 8;
const SHORT_CODE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/** The short code typed ("k7mw 3qxp", "K7MW-3QXP") as stored ("K7MW3QXP"), or null when the text
 * is not one (a long code, a typo with a letter the codes never use). */
export function shortCodeOf(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase();
  return SHORT_CODE.test(code) ? code : null;
}

/** "K7MW-3QXP": the short code in two halves, as the ticket prints it. */
export const formatShortCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** What a scan found, in the words and colours the door screen shows (never colour alone). */
export const SCAN_OUTCOMES = ['admitted', 'already', 'other-event', 'invalid', 'waitlisted'] as const;
export type ScanOutcome = (typeof SCAN_OUTCOMES)[number];
export const OUTCOME_WORDS: Record<ScanOutcome, string> = {
  admitted: 'Admitted',
  already: 'Already checked in',
  'other-event': 'For another event',
  invalid: 'Not a valid ticket',
  waitlisted: 'On the waitlist',
};
